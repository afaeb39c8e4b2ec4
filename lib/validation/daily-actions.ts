import './zod-config';
import * as z from 'zod/mini';
import { isSingleLineText, SINGLE_LINE_MESSAGE } from './stored-text';

// Shared by the My actions screen (zodResolver) and the /api/*actions* handlers. SPEC §5 and §9: two
// manual actions of at most 200 characters each; at most 4 generated + 2 manual ids in a selection.
export const MANUAL_ACTION_MAX = 200;
export const MANUAL_ACTION_TOO_LONG = 'Describe your action in 200 characters or fewer.';
export const MANUAL_ACTION_EMPTY = 'Describe your action first.';
export const MAX_SELECTED = 6;
const ID_MAX = 40;
const SET_ID_MESSAGE = 'Actions not found.';
const ACTION_ID_MESSAGE = 'Unknown action.';

const setId = z.string({ error: SET_ID_MESSAGE }).check(z.minLength(1, SET_ID_MESSAGE), z.maxLength(ID_MAX, SET_ID_MESSAGE));

export const manualActionSchema = z.object({
  description: z.string({ error: MANUAL_ACTION_EMPTY }).check(z.trim(), z.minLength(1, MANUAL_ACTION_EMPTY), z.maxLength(MANUAL_ACTION_MAX, MANUAL_ACTION_TOO_LONG), z.refine(isSingleLineText, SINGLE_LINE_MESSAGE)),
  cached_daily_actions_id: setId,
});

export const selectedActionsQuerySchema = z.object({ cached_daily_actions_id: setId });

export const updateSelectedActionsSchema = z.object({
  selected_actions: z
    .array(z.string({ error: ACTION_ID_MESSAGE }).check(z.maxLength(ID_MAX, ACTION_ID_MESSAGE)), { error: 'Send the selected actions as a list.' })
    .check(z.maxLength(MAX_SELECTED, `Select at most ${MAX_SELECTED} actions.`)),
  cached_daily_actions_id: setId,
});
