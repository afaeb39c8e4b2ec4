import 'server-only';
import type { AnswerOwner as Owner } from '@/lib/dashboard/answer-cache';
import { db } from '@/lib/db';
import type { UnitsPreference } from '@/lib/generated/prisma/enums';
import { unitSystemOf } from '@/lib/profile/units-preference';
import { capitalised, formatDateGB } from '@/lib/format';
import { currentWeight, type CurrentWeight } from '@/lib/metrics/current-weight';
import { sourceName } from '@/lib/metrics/source-names';
import { formatHeight, formatWeight } from '@/lib/units';
import type { BodyFigures } from './contract';
import { selectedActions } from './actions';
import { gettingStarted } from './getting-started';
import { lastNightSleep } from './sleep';
import { activityAnswer, notificationAnswer, readinessAnswer, sleepScoreAnswer, testosteroneTrendAnswer, todaysActionsAnswer, vitalsAnswer } from './answers';
import { PROFILE_FIELDS, profileCompletion, type ProfileColumns } from './profile-completion';

const PROFILE_SELECT = Object.fromEntries(PROFILE_FIELDS.map(({ key }) => [key, true])) as { [K in keyof ProfileColumns]: true };

/**
 * Everything /main_dashboard shows on first paint, through the same functions the API calls use, so
 * the server's HTML and the cards' later refetches agree. (Recommendations need the browser's position
 * and load from the card.)
 */
export async function dashboardData(user: Owner) {
  const [{ actions, selected }, profile, weight, notification, sleep, trend, vitalsNow, activityNow, lastNight, readiness] = await Promise.all([
    myActionsData(user),
    db.user.findUniqueOrThrow({ where: { id: user.id }, select: { ...PROFILE_SELECT, unitsPreference: true } }),
    currentWeight(user.id),
    notificationAnswer(user),
    sleepScoreAnswer(user),
    testosteroneTrendAnswer(user),
    vitalsAnswer(user),
    activityAnswer(user),
    lastNightSleep(user.id),
    readinessAnswer(user),
  ]);
  const completion = profileCompletion(profile);
  return {
    firstName: profile.firstName,
    start: await gettingStarted(user.id, completion.percent),
    notification,
    actions,
    selected,
    sleep,
    lastNight,
    readiness,
    trend,
    vitals: vitalsNow,
    activity: activityNow,
    profile: completion,
    body: bodyFigures(profile, weight),
  };
}

/** Height and weights as the member's Units setting shows them, the weight being the current one with its source. */
function bodyFigures(profile: { heightCm: number | null; desiredWeightKg: number | null; unitsPreference: UnitsPreference }, weight: CurrentWeight | null): BodyFigures {
  const system = unitSystemOf(profile.unitsPreference);
  const from = (w: CurrentWeight) => (w.day === null ? 'Your profile' : `${capitalised(sourceName(w.source))}, ${formatDateGB(w.day)}`);
  return {
    height: profile.heightCm === null ? null : formatHeight(profile.heightCm, system),
    weight: weight === null ? null : formatWeight(weight.kg, system),
    weight_from: weight === null ? null : from(weight),
    goal: profile.desiredWeightKg === null ? null : formatWeight(profile.desiredWeightKg, system),
  };
}

/** Today's actions and their selection (/my_actions, and the dashboard's actions card). */
export async function myActionsData(user: Owner) {
  const actions = await todaysActionsAnswer(user);
  const { selected_actions } = await selectedActions(user.id, actions.cached_daily_actions_id);
  return { actions, selected: selected_actions };
}
