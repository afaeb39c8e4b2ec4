import 'server-only';
import { rememberedAnswer, type AnswerOwner as Owner } from '@/lib/answer-cache';
import { nextNotification } from '@/lib/dashboard/banner-notification';
import { todaysActions } from './actions';
import { activity } from './activity';
import { placeKey, recommendations, type Position } from './recommendations';
import { sleepScore } from './sleep';
import { testosteroneTrend } from './testosterone-trend';
import { vitals } from './vitals';

// The dashboard's answers as the API calls and the page's first paint both get them: computed from the
// user's rows for the UTC day, and reused while the user's data version stays the same
// (lib/answer-cache.ts). One name per answer, so the page and the calls share the entries.

export const vitalsAnswer = (user: Owner) => rememberedAnswer(user, 'vitals', (now) => vitals(user.id, now));
export const activityAnswer = (user: Owner) => rememberedAnswer(user, 'activity', (now) => activity(user.id, now));
export const sleepScoreAnswer = (user: Owner) => rememberedAnswer(user, 'sleep_score', (now) => sleepScore(user.id, now));
export const testosteroneTrendAnswer = (user: Owner) => rememberedAnswer(user, 'trends/testosterone', () => testosteroneTrend(user.id));
export const todaysActionsAnswer = (user: Owner) => rememberedAnswer(user, 'todays_actions', (now) => todaysActions(user.id, now));
export const recommendationsAnswer = (user: Owner, position: Position) =>
  rememberedAnswer(user, 'recommendations', (now) => recommendations(user.id, position, now), placeKey(position));
/** The banner's notification: making today's alert, or finding none applies, happens once per data version and day. */
export const notificationAnswer = (user: Owner) => rememberedAnswer(user, 'notification/next', (now) => nextNotification(user.id, now));
