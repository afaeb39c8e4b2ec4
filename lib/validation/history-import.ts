import { z } from 'zod';

/**
 * POST /api/imports/{id}/confirm's body: the member's answers to the preview's questions (lib/imports/history.ts,
 * ImportPreview.weigh_ins). Both optional: an import that asked nothing confirms with no body at all.
 */
export const confirmImportSchema = z.strictObject(
  {
    /** Which profile of a shared scale is his (a `weigh_ins.people[].id`), or 'none'. */
    person: z.string({ error: 'Choose a person as text: one of the preview’s people, or none.' }).min(1, 'Choose which person on the scale you are.').max(100, 'That person is not on this file’s scale.').optional(),
    /** The held-back weigh-ins he keeps (`weigh_ins.held_back[].id`); the others are dropped. */
    keep: z.array(z.string({ error: 'Each weigh-in to keep must be named by its id.' }).max(20, 'That weigh-in is not one held back in this import.'), { error: 'The weigh-ins to keep must be a list of ids.' }).max(10_000, 'That is more weigh-ins than the import holds.').optional(),
  },
  { error: 'Send only the person you are and the weigh-ins you keep.' },
);

export type ConfirmImportAnswers = z.infer<typeof confirmImportSchema>;
