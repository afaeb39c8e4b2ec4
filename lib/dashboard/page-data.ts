import 'server-only';
import type { AnswerOwner as Owner } from '@/lib/answer-cache';
import { db } from '@/lib/db';
import { selectedActions } from './actions';
import { activityAnswer, notificationAnswer, sleepScoreAnswer, testosteroneTrendAnswer, todaysActionsAnswer, vitalsAnswer } from './answers';
import { PROFILE_FIELDS, profileCompletion, type ProfileColumns } from './profile-completion';

const PROFILE_SELECT = Object.fromEntries(PROFILE_FIELDS.map(({ key }) => [key, true])) as { [K in keyof ProfileColumns]: true };

/**
 * Everything /main_dashboard shows on first paint, through the same functions the API calls use, so
 * the server's HTML and the cards' later refetches agree. (Recommendations need the browser's position
 * and load from the card.)
 */
export async function dashboardData(user: Owner) {
  const [{ actions, selected }, profile, notification, sleep, trend, vitalsNow, activityNow] = await Promise.all([
    myActionsData(user),
    db.user.findUniqueOrThrow({ where: { id: user.id }, select: PROFILE_SELECT }),
    notificationAnswer(user),
    sleepScoreAnswer(user),
    testosteroneTrendAnswer(user),
    vitalsAnswer(user),
    activityAnswer(user),
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
export async function myActionsData(user: Owner) {
  const actions = await todaysActionsAnswer(user);
  const { selected_actions } = await selectedActions(user.id, actions.cached_daily_actions_id);
  return { actions, selected: selected_actions };
}
