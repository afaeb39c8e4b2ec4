import 'server-only';
import { db } from '@/lib/db';
import { nextNotification } from '@/lib/notifications';
import { selectedActions, todaysActions } from './actions';
import { activity } from './activity';
import { PROFILE_FIELDS, profileCompletion, type ProfileColumns } from './profile-completion';
import { sleepScore } from './sleep';
import { testosteroneTrend } from './testosterone-trend';
import { vitals } from './vitals';

const PROFILE_SELECT = Object.fromEntries(PROFILE_FIELDS.map(({ key }) => [key, true])) as { [K in keyof ProfileColumns]: true };

/**
 * Everything /main_dashboard shows on first paint, through the same functions the API calls use, so
 * the server's HTML and the cards' later refetches agree. (Recommendations need the browser's position
 * and load from the card.)
 */
export async function dashboardData(userId: string, now = new Date()) {
  const [{ actions, selected }, profile, notification, sleep, trend, vitalsNow, activityNow] = await Promise.all([
    myActionsData(userId, now),
    db.user.findUniqueOrThrow({ where: { id: userId }, select: PROFILE_SELECT }),
    nextNotification(userId),
    sleepScore(userId, now),
    testosteroneTrend(userId),
    vitals(userId, now),
    activity(userId, now),
  ]);
  return {
    firstName: profile.firstName,
    notification,
    actions,
    selected,
    sleep,
    trend,
    vitals: vitalsNow,
    activity: activityNow,
    profile: profileCompletion(profile),
  };
}

/** Today's actions and their selection (/my_actions, and the dashboard's actions card). */
export async function myActionsData(userId: string, now = new Date()) {
  const actions = await todaysActions(userId, now);
  const { selected_actions } = await selectedActions(userId, actions.cached_daily_actions_id);
  return { actions, selected: selected_actions };
}
