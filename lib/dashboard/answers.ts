import 'server-only';
import { cachedAnswer } from '@/lib/dashboard/answer-cache';
import { nextNotification } from '@/lib/dashboard/banner-notification';
import { todaysActions } from './actions';
import { activity } from './activity';
import { placeKey, recommendations, type Position } from './recommendations';
import { readinessToday } from './readiness';
import { sleepScore } from './sleep';
import { testosteroneTrend } from './testosterone-trend';
import { vitals } from './vitals';

// The dashboard's answers as the API calls and the page's first paint both get them: computed from the
// user's rows for the UTC day, and reused while the user's data version stays the same
// (lib/dashboard/answer-cache.ts). One name per answer, so the page and the calls share the entries. Each names
// every table it reads, through whatever it calls; tests/integration/answer-reads.test.ts holds the
// database's triggers and the code to those lists.

/** What dashboardInputs (engine-context.ts) reads: metrics, weights, check-ins, the latest lab and yesterday's actions. */
const ENGINE_INPUTS = ['daily_metrics', 'users', 'daily_checkins', 'lab_results', 'daily_action_sets', 'daily_actions'] as const;

export const vitalsAnswer = cachedAnswer({ call: 'vitals', reads: ['daily_metrics', 'heart_rate_samples', 'vital_scans'] }, (userId, now) => vitals(userId, now));

export const activityAnswer = cachedAnswer({ call: 'activity', reads: ['users', 'daily_metrics'] }, (userId, now) => activity(userId, now));

export const sleepScoreAnswer = cachedAnswer({ call: 'sleep_score', reads: ['daily_metrics'] }, (userId, now) => sleepScore(userId, now));

export const readinessAnswer = cachedAnswer({ call: 'readiness', reads: ['daily_metrics'] }, (userId, now) => readinessToday(userId, now));

export const testosteroneTrendAnswer = cachedAnswer({ call: 'trends/testosterone', reads: ['users', 'lab_results'] }, (userId) => testosteroneTrend(userId));

/** The day's stored set, or a new one made from the engine's inputs. */
export const todaysActionsAnswer = cachedAnswer({ call: 'todays_actions', reads: ENGINE_INPUTS }, (userId, now) => todaysActions(userId, now));

/** The day's stored answer for the place, or a new one from the engine's inputs; both show the still-active catalogue entries. */
export const recommendationsAnswer = cachedAnswer(
  { call: 'recommendations', reads: [...ENGINE_INPUTS, 'recommendation_sets', 'supplements'] },
  (userId, now, position: Position) => recommendations(userId, position, now),
  placeKey,
);

/** The banner's notification: making today's alert, or finding none applies, happens once per data version and day. */
export const notificationAnswer = cachedAnswer(
  // The alert's signals (alerts.ts): metrics, a new lab result, a trial ending, an earlier trial notice.
  { call: 'notification/next', reads: ['users', 'notifications', 'daily_metrics', 'lab_results', 'subscriptions'] },
  (userId, now) => nextNotification(userId, now),
);
