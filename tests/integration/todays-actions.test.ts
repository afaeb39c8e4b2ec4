// SPEC §3 "Today's actions", §4 "Manual daily action", §9 (4 + 2 slots): the lib functions behind the
// /api/*actions* calls and the daily alert, against this file's own PostgreSQL database.
import { afterAll, describe, expect, it } from '@jest/globals';
import { catalogueAction } from '@/lib/ai/catalogue';
import { MANUAL_TITLE_MAX } from '@/lib/ai/engine';
import { ISO_DAY } from '@/lib/codecs';
import { BOTH_MANUAL_ADDED, generateManualTitle, NOT_FOUND, REFRESHED, selectedActions, todaysActions, UNKNOWN_ACTION, updateSelectedActions } from '@/lib/dashboard/actions';
import type { TodaysActionsResponse } from '@/lib/dashboard/contract';
import { addDays, daysEnding } from '@/lib/days';
import { buildEngineContext, scoreInput } from '@/lib/dashboard/engine-context';
import { db } from '@/lib/db';
import { nextNotification } from '@/lib/dashboard/banner-notification';
import { tScore } from '@/lib/scores/t-score';
import { addCheckin, addDailyMetrics, addTestosterone, createMember, type MemberProfile } from '../support/members';

afterAll(() => db.$disconnect());

const NOW = new Date('2026-03-10T09:30:00Z');
const DAY = '2026-03-10';
const TOMORROW = new Date('2026-03-11T07:00:00Z');

const newUser = async (profile: MemberProfile = {}) => (await createMember(profile)).id;

/**
 * 40 days: short sleep (5 h 30 min), 9,000 steps, weight at goal, a flat resting heart rate, and HRV
 * 20% under its 30-day baseline in the last week. So activity and weight lift the score; HRV and sleep
 * hold it back.
 */
async function userWithData() {
  const userId = await newUser({ currentWeightKg: 82, desiredWeightKg: 82 });
  const recent = new Set(daysEnding(DAY, 7));
  await addDailyMetrics(userId, daysEnding(DAY, 40), (day) => ({ sleepDurationMinutes: 330, steps: 9000, restingHeartRateBpm: 55, hrvMs: recent.has(day) ? 40 : 50 }));
  return userId;
}

const generated = (response: TodaysActionsResponse) => [response.action_1, response.action_2, response.action_3, response.action_4];
const generatedIds = (response: TodaysActionsResponse) => generated(response).map((action) => action?.id);

describe('todaysActions', () => {
  it('makes the day’s set on the first call: four catalogue actions with reasons, the T-Score and a summary naming its factors', async () => {
    const userId = await userWithData();
    const response = await todaysActions(userId, NOW);

    for (const action of generated(response)) {
      expect(action).toEqual({ id: expect.any(String), title: expect.any(String), subtitle: expect.any(String), reason: expect.any(String) });
      expect(catalogueAction(action!.id)).toBeDefined();
      expect(action!.reason.length).toBeGreaterThan(0);
    }
    expect(new Set(generatedIds(response)).size).toBe(4);
    expect(response.manual_actions).toEqual([]);
    expect(response.vitality).toBe(tScore(await scoreInput(userId, DAY), DAY).score);
    expect(response.vitality).toBeGreaterThanOrEqual(0);
    expect(response.summary).toBe('Lifted by your activity and weight against your goal; held back by your heart-rate variability and sleep duration.');
    expect(response.last_refresh).toBe(NOW.toISOString());
    expect(response.next_refresh).toBe('2026-03-11T00:00:00.000Z');

    const stored = await db.dailyActionSet.findUniqueOrThrow({ where: { id: response.cached_daily_actions_id }, include: { actions: { orderBy: { position: 'asc' } } } });
    expect(stored).toMatchObject({ userId, vitality: response.vitality, summary: response.summary });
    expect(ISO_DAY.fromDate(stored.day)).toBe(DAY);
    expect(stored.actions.map((a) => [a.position, a.origin, a.key, a.selected])).toEqual(generatedIds(response).map((id, i) => [i + 1, 'GENERATED', id, false]));
    expect(stored.actions.map((a) => a.reason)).toEqual(generated(response).map((a) => a!.reason));
  });

  it('answers the same set for the rest of the day', async () => {
    const userId = await userWithData();
    const first = await todaysActions(userId, NOW);
    const later = await todaysActions(userId, new Date('2026-03-10T23:59:59Z'));
    expect(later).toEqual(first);
    expect(await db.dailyActionSet.count({ where: { userId } })).toBe(1);
  });

  it('makes exactly one set when ten first requests arrive at once', async () => {
    const userId = await userWithData();
    const responses = await Promise.all(Array.from({ length: 10 }, () => todaysActions(userId, NOW)));
    expect(new Set(responses.map((r) => r.cached_daily_actions_id)).size).toBe(1);
    expect(await db.dailyActionSet.count({ where: { userId } })).toBe(1);
    expect(await db.dailyAction.count({ where: { set: { userId } } })).toBe(4);
  });

  it('makes a new set on a new UTC day, never exactly yesterday’s actions', async () => {
    const userId = await userWithData();
    const today = await todaysActions(userId, NOW);
    expect((await buildEngineContext(userId, addDays(DAY, 1))).yesterdayActionIds).toEqual(generatedIds(today));

    const tomorrow = await todaysActions(userId, TOMORROW);
    expect(tomorrow.cached_daily_actions_id).not.toBe(today.cached_daily_actions_id);
    expect(new Set(generatedIds(tomorrow))).not.toEqual(new Set(generatedIds(today)));
    expect(tomorrow.next_refresh).toBe('2026-03-12T00:00:00.000Z');
    expect(await db.dailyActionSet.count({ where: { userId } })).toBe(2);
  });

  it('gives -1 and says what is missing for a user without data', async () => {
    const none = await todaysActions(await newUser(), NOW);
    expect(none.vitality).toBe(-1);
    expect(none.summary).toBe('Not enough data yet: 0 of the 7 days needed. Bring in your wearable’s data on My devices, or check in daily.');
    expect(generated(none).every((action) => action && catalogueAction(action.id))).toBe(true);

    const few = await newUser();
    await addDailyMetrics(few, daysEnding(DAY, 3), () => ({ sleepDurationMinutes: 420 }));
    expect((await todaysActions(few, NOW)).summary).toBe('Not enough data yet: 3 of the 7 days needed. Bring in your wearable’s data on My devices, or check in daily.');
  });

  it('counts a check-in made after the day’s set: the score and summary move, the actions stay', async () => {
    const userId = await newUser();
    const before = await todaysActions(userId, NOW);
    expect(before.summary).toBe('Not enough data yet: 0 of the 7 days needed. Bring in your wearable’s data on My devices, or check in daily.');
    await addCheckin(userId, DAY, { mood: 'HAPPY', energy: 'PEAK', symptoms: [] });

    const after = await todaysActions(userId, new Date('2026-03-10T10:00:00Z'));
    expect(after.summary).toBe('Not enough data yet: 1 of the 7 days needed. Bring in your wearable’s data on My devices, or check in daily.');
    expect([after.cached_daily_actions_id, generatedIds(after)]).toEqual([before.cached_daily_actions_id, generatedIds(before)]);
    expect(await db.dailyActionSet.findUniqueOrThrow({ where: { id: after.cached_daily_actions_id }, select: { summary: true } })).toEqual({ summary: after.summary });

    // Seven days of data later the same day: a score, with a summary naming what moved it.
    await addDailyMetrics(userId, daysEnding(DAY, 7), () => ({ sleepDurationMinutes: 480, steps: 10000 }));
    const scored = await todaysActions(userId, new Date('2026-03-10T11:00:00Z'));
    expect(scored.vitality).toBeGreaterThanOrEqual(0);
    expect(scored.summary).not.toMatch(/^Not enough data/);
    expect(generatedIds(scored)).toEqual(generatedIds(before));
  });

  it('rewrites a “Why today” that quotes a figure when the figure or the Units setting changes, the same day, keeping the actions', async () => {
    // 92 kg against a goal of 84: the engine's first action answers the weight, and says so.
    const userId = await newUser({ currentWeightKg: 92, desiredWeightKg: 84 });
    await addDailyMetrics(userId, daysEnding(DAY, 40), () => ({ sleepDurationMinutes: 450, steps: 8000, weightKg: 92 }));
    const reasonOf = (response: TodaysActionsResponse) => generated(response).find((action) => action?.reason.startsWith('You weigh'))?.reason;
    const before = await todaysActions(userId, NOW);
    expect(reasonOf(before)).toBe('You weigh 92 kg, 8 kg above your goal of 84 kg.');

    await db.user.update({ where: { id: userId }, data: { unitsPreference: 'IMPERIAL' } });
    const inPounds = await todaysActions(userId, new Date('2026-03-10T10:00:00Z'));
    expect(reasonOf(inPounds)).toBe('You weigh 202.8 lbs, 17.6 lbs above your goal of 185.2 lbs.');

    // The member weighs in again that day: the sentence follows the new weight.
    await db.dailyMetric.create({ data: { userId, day: ISO_DAY.toDate(DAY), source: 'MANUAL', weightKg: 90 } });
    const lighter = await todaysActions(userId, new Date('2026-03-10T11:00:00Z'));
    expect(reasonOf(lighter)).toBe('You weigh 198.4 lbs, 13.2 lbs above your goal of 185.2 lbs.');
    expect([lighter.cached_daily_actions_id, generatedIds(lighter)]).toEqual([before.cached_daily_actions_id, generatedIds(before)]);
    const stored = await db.dailyAction.findMany({ where: { setId: before.cached_daily_actions_id, reason: { startsWith: 'You weigh' } }, select: { reason: true } });
    expect(stored).toEqual([{ reason: 'You weigh 198.4 lbs, 13.2 lbs above your goal of 185.2 lbs.' }]);
  });
});

describe('buildEngineContext', () => {
  it('averages the recent week against the 30 days before it, steps over the week’s complete days before today', async () => {
    const userId = await newUser({ currentWeightKg: 95, desiredWeightKg: 80 });
    // Sleep on 5 of the last 7 days (today's included) at 400 min, the 30 days before at 460. Steps on 4
    // of this week's 6 full days at 6,000 (today's 100 is still growing), the 30 days before the week at 8,000.
    await addDailyMetrics(userId, daysEnding(DAY, 37), (_day, index) => {
      const ago = 36 - index;
      if (ago < 7) return ago === 2 || ago === 4 ? {} : { sleepDurationMinutes: 400, steps: ago === 0 ? 100 : 6000 };
      return { sleepDurationMinutes: 460, steps: 8000, weightKg: ago === 10 ? 91.5 : undefined };
    });
    await addCheckin(userId, addDays(DAY, -1), { mood: 'SAD', energy: 'LOW', symptoms: ['Fatigue'] });

    const context = await buildEngineContext(userId, DAY);
    expect(context.sleepMinutes).toEqual({ recent: 400, recentDays: 5, baseline: 460 });
    expect(context.steps).toEqual({ recent: 6000, recentDays: 4, baseline: 8000 });
    expect(context.hrvMs).toEqual({ recent: null, recentDays: 0, baseline: null });
    expect(context.weight).toEqual({ latestKg: 91.5, goalKg: 80 });
    expect(context.checkIn).toEqual({ mood: 'SAD', energy: 'LOW', symptoms: ['Fatigue'] });
    expect(context.yesterdayActionIds).toEqual([]);

    // A check-in three days old is stale. The weighing of 35 days before is still the newest, so still the
    // current weight (lib/metrics/current-weight.ts): the profile's undated 95 kg stands only without any.
    const later = await buildEngineContext(userId, addDays(DAY, 25));
    expect(later.checkIn).toBeNull();
    expect(later.weight.latestKg).toBe(91.5);
    expect(later.units).toBe('metric');
  });
});

describe('manual actions', () => {
  it('fills manual-1, then manual-2, then refuses a third; both show in the set, in slot order', async () => {
    const userId = await userWithData();
    const { cached_daily_actions_id: setId } = await todaysActions(userId, NOW);

    expect(await generateManualTitle(userId, setId, '  I want to walk the dog for 30 minutes after dinner  ', NOW)).toEqual({ id: 'manual-1', title: 'Walk the dog for 30 minutes after dinner' });
    expect(await generateManualTitle(userId, setId, 'Stretch for ten minutes.', NOW)).toEqual({ id: 'manual-2', title: 'Stretch for ten minutes' });
    await expect(generateManualTitle(userId, setId, 'A third one', NOW)).rejects.toMatchObject({ status: 409, message: BOTH_MANUAL_ADDED });

    const day = await todaysActions(userId, NOW);
    expect(day.manual_actions).toEqual([
      { id: 'manual-1', title: 'Walk the dog for 30 minutes after dinner', subtitle: 'I want to walk the dog for 30 minutes after dinner' },
      { id: 'manual-2', title: 'Stretch for ten minutes', subtitle: 'Stretch for ten minutes.' },
    ]);
    const rows = await db.dailyAction.findMany({ where: { setId, origin: 'MANUAL' }, orderBy: { position: 'asc' } });
    expect(rows.map((r) => [r.position, r.key, r.selected, r.confirmedAt?.toISOString()])).toEqual([
      [5, 'manual-1', false, NOW.toISOString()],
      [6, 'manual-2', false, NOW.toISOString()],
    ]);
  });

  it('gives two confirms at once the two slots', async () => {
    const userId = await userWithData();
    const { cached_daily_actions_id: setId } = await todaysActions(userId, NOW);
    const results = await Promise.all([generateManualTitle(userId, setId, 'Read twenty pages', NOW), generateManualTitle(userId, setId, 'Call my brother', NOW)]);
    expect(results.map((r) => r.id).sort()).toEqual(['manual-1', 'manual-2']);
    expect(await db.dailyAction.count({ where: { setId, origin: 'MANUAL' } })).toBe(2);
  });

  it('writes a real short title of at most 60 characters, the same for the same words', async () => {
    const description = 'Today I would like to prepare a high-protein lunch at home with lentils, grilled chicken and plenty of vegetables, and then take a slow twenty minute walk around the park before my afternoon calls';
    expect(description.length).toBeLessThanOrEqual(200);
    const titles = [];
    for (let i = 0; i < 2; i += 1) {
      const userId = await userWithData();
      const { cached_daily_actions_id: setId } = await todaysActions(userId, NOW);
      titles.push((await generateManualTitle(userId, setId, description, NOW)).title);
    }
    expect(titles[0]!.length).toBeLessThanOrEqual(MANUAL_TITLE_MAX);
    // The first thought, whole: not the description cut off with an ellipsis.
    expect(titles[0]).toBe('Prepare a high-protein lunch at home');
    expect(titles[1]).toBe(titles[0]);
  });

  it('refuses an empty or over-long description, and a set that is no longer today’s', async () => {
    const userId = await userWithData();
    const { cached_daily_actions_id: setId } = await todaysActions(userId, NOW);
    await expect(generateManualTitle(userId, setId, '   ', NOW)).rejects.toMatchObject({ status: 422 });
    await expect(generateManualTitle(userId, setId, 'x'.repeat(201), NOW)).rejects.toMatchObject({ status: 422, message: 'Describe your action in 200 characters or fewer.' });
    await expect(generateManualTitle(userId, setId, 'Walk to work', TOMORROW)).rejects.toMatchObject({ status: 409, message: REFRESHED });
    expect(await db.dailyAction.count({ where: { setId, origin: 'MANUAL' } })).toBe(0);
  });

  it('keeps the day at four: each of the member’s own takes the place of the engine’s last one shown, which leaves the selection', async () => {
    const userId = await userWithData();
    const first = await todaysActions(userId, NOW);
    const setId = first.cached_daily_actions_id;
    const [a1, a2, a3, a4] = generatedIds(first) as string[];
    await updateSelectedActions(userId, setId, [a1!, a4!]);

    await generateManualTitle(userId, setId, 'Call my brother', NOW);
    const one = await todaysActions(userId, NOW);
    expect(generatedIds(one)).toEqual([a1, a2, a3, undefined]);
    expect(one.manual_actions.map((m) => m.id)).toEqual(['manual-1']);
    // The displaced fourth left the selection, and can no longer be ticked.
    expect(await selectedActions(userId, setId)).toEqual({ selected_actions: [a1] });
    await expect(updateSelectedActions(userId, setId, [a4!])).rejects.toMatchObject({ status: 422, message: UNKNOWN_ACTION });

    await generateManualTitle(userId, setId, 'Read twenty pages', NOW);
    const two = await todaysActions(userId, NOW);
    expect(generatedIds(two)).toEqual([a1, a2, undefined, undefined]);
    expect(two.manual_actions.map((m) => m.id)).toEqual(['manual-1', 'manual-2']);
    expect(await updateSelectedActions(userId, setId, ['manual-2', a2!])).toEqual({ selected_actions: [a2, 'manual-2'] });
    await expect(updateSelectedActions(userId, setId, [a3!])).rejects.toMatchObject({ status: 422, message: UNKNOWN_ACTION });
  });
});

describe('the selection', () => {
  it('saves the full list, reads it back in slot order, and refuses ids not in the set', async () => {
    const userId = await userWithData();
    const actions = await todaysActions(userId, NOW);
    const setId = actions.cached_daily_actions_id;
    await generateManualTitle(userId, setId, 'Call my brother', NOW);
    const [a1, , a3] = generatedIds(actions) as string[];

    expect(await selectedActions(userId, setId)).toEqual({ selected_actions: [] });
    expect(await updateSelectedActions(userId, setId, ['manual-1', a3!, a1!])).toEqual({ selected_actions: [a1, a3, 'manual-1'] });
    expect(await selectedActions(userId, setId)).toEqual({ selected_actions: [a1, a3, 'manual-1'] });
    expect(await updateSelectedActions(userId, setId, [a3!])).toEqual({ selected_actions: [a3] });
    const rows = await db.dailyAction.findMany({ where: { setId, selected: true }, select: { key: true } });
    expect(rows.map((r) => r.key)).toEqual([a3]);

    await expect(updateSelectedActions(userId, setId, [a1!, 'manual-2'])).rejects.toMatchObject({ status: 422, message: UNKNOWN_ACTION });
    expect(await selectedActions(userId, setId)).toEqual({ selected_actions: [a3] });
    expect(await updateSelectedActions(userId, setId, [])).toEqual({ selected_actions: [] });
  });

  it('finds nothing of another user’s set, nor of an id that does not exist', async () => {
    const owner = await userWithData();
    const other = await newUser();
    const actions = await todaysActions(owner, NOW);
    const setId = actions.cached_daily_actions_id;
    for (const [userId, id] of [
      [other, setId],
      [owner, 'no-such-set'],
    ] as const) {
      await expect(selectedActions(userId, id)).rejects.toMatchObject({ status: 404, message: NOT_FOUND });
      await expect(updateSelectedActions(userId, id, [actions.action_1!.id])).rejects.toMatchObject({ status: 404, message: NOT_FOUND });
      await expect(generateManualTitle(userId, id, 'Walk to work', NOW)).rejects.toMatchObject({ status: 404, message: NOT_FOUND });
    }
    expect(await db.dailyAction.count({ where: { setId, OR: [{ selected: true }, { origin: 'MANUAL' }] } })).toBe(0);
  });
});

describe('the daily alert, made by the banner’s read (nextNotification)', () => {
  async function shortNightsUser(notificationsEnabled = true) {
    const userId = await newUser({ notificationsEnabled });
    await addDailyMetrics(userId, daysEnding(DAY, 3), (_day, index) => ({ sleepDurationMinutes: [310, 295, 330][index] }));
    return userId;
  }
  const alerts = (userId: string) => db.notification.findMany({ where: { userId } });

  it('makes one warning for today after three short nights, and no second one that day', async () => {
    const userId = await shortNightsUser();
    await nextNotification(userId, NOW);
    await nextNotification(userId, new Date('2026-03-10T18:00:00Z'));
    const made = await alerts(userId);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ title: 'Three short nights in a row', subtitle: 'You slept 5 h 10 min, 4 h 55 min and 5 h 30 min. Protect tonight: lights out 30 minutes earlier.', backgroundColor: '#FFFBEB', border: '#FCD34D' });
    expect(ISO_DAY.fromNullable(made[0]!.alertDay)).toBe(DAY);
    expect(await nextNotification(userId, NOW)).toMatchObject({ id: made[0]!.id, title: 'Three short nights in a row', background_color: '#FFFBEB', border: '#FCD34D' });
  });

  it('makes none for a user who turned notifications off, and one when requests race', async () => {
    const off = await shortNightsUser(false);
    await nextNotification(off, NOW);
    expect(await alerts(off)).toHaveLength(0);

    const racing = await shortNightsUser();
    await Promise.all(Array.from({ length: 8 }, () => nextNotification(racing, NOW)));
    expect(await alerts(racing)).toHaveLength(1);
  });

  it('is made by the banner’s own read: nextNotification makes today’s alert once, also when reads race, and none when notifications are off', async () => {
    const userId = await shortNightsUser();
    const shown = await Promise.all(Array.from({ length: 6 }, () => nextNotification(userId, NOW)));
    const made = await alerts(userId);
    expect(made).toHaveLength(1);
    expect(shown.map((n) => n?.id)).toEqual(Array(6).fill(made[0]!.id));
    // Dismissed, it stays gone for the day: no second alert is made.
    await db.notification.update({ where: { id: made[0]!.id }, data: { dismissedAt: NOW } });
    expect(await nextNotification(userId, new Date('2026-03-10T20:00:00Z'))).toBeNull();
    expect(await alerts(userId)).toHaveLength(1);

    const off = await shortNightsUser(false);
    expect(await nextNotification(off, NOW)).toBeNull();
    expect(await alerts(off)).toHaveLength(0);
  });

  it('tells of a lab result that arrived since yesterday, as news', async () => {
    const userId = await newUser();
    await addTestosterone(userId, 512, new Date('2026-03-02T08:00:00Z'), { createdAt: new Date('2026-03-09T16:00:00Z') });
    await nextNotification(userId, NOW);
    expect(await alerts(userId)).toMatchObject([{ title: 'New results from your blood test of 2 Mar 2026', subtitle: 'It is within the lab’s range. Your testosterone is on the T-Results chart beside your earlier ones.', backgroundColor: '#EFF6FF', border: '#93C5FD' }]);
  });

  it('tells of a new blood test by its day, with its results outside the lab’s ranges named first', async () => {
    const userId = await newUser();
    const takenAt = new Date('2026-03-04T00:00:00Z');
    const createdAt = new Date('2026-03-09T18:00:00Z');
    const row = (marker: string, value: number, unit: string, referenceLow: number | null, referenceHigh: number | null) => ({ userId, marker, value, unit, referenceLow, referenceHigh, takenAt, createdAt });
    await db.labResult.createMany({
      data: [row('haematocrit', 55.1, '%', 40, 52), row('vitamin_d', 27.4, 'ng/mL', 30, 100), row('ferritin', 120, 'ng/mL', 30, 400), row('psa', 0.8, 'ng/mL', null, 4)],
    });
    // An older test of another day is no part of it.
    await db.labResult.create({ data: { ...row('sodium', 150, 'mmol/L', 135, 145), takenAt: new Date('2025-11-02T00:00:00Z'), createdAt: new Date('2025-11-03T00:00:00Z') } });
    await nextNotification(userId, NOW);
    expect(await alerts(userId)).toMatchObject([
      { title: 'New results from your blood test of 4 Mar 2026', subtitle: '2 of 4 outside the lab’s range: haematocrit high and Vitamin D (25-OH) low. See them on My results.', backgroundColor: '#EFF6FF' },
    ]);
  });

  it('tells of the trial’s end, unless the billing notice about it came in the last 3 days', async () => {
    const trial = (userId: string) =>
      db.subscription.create({ data: { userId, stripeCustomerId: `cus_${userId}`, stripeSubscriptionId: `sub_${userId}`, status: 'TRIALING', trialEnd: new Date('2026-03-12T09:30:00Z') } });
    const userId = await newUser();
    await trial(userId);
    await nextNotification(userId, NOW);
    expect(await alerts(userId)).toMatchObject([{ title: 'Your free trial ends in 2 days', subtitle: 'Your last trial day is 12/03/2026. Manage your subscription in Settings.' }]);

    const noticed = await newUser();
    await trial(noticed);
    await db.notification.create({ data: { userId: noticed, title: 'Your free trial ends soon', createdAt: new Date('2026-03-09T12:00:00Z') } });
    await nextNotification(noticed, NOW);
    expect((await alerts(noticed)).map((n) => n.title)).toEqual(['Your free trial ends soon']);
  });

  it('leaves a user without data with no notification at all', async () => {
    const userId = await newUser();
    expect(await nextNotification(userId, NOW)).toBeNull();
    expect(await alerts(userId)).toHaveLength(0);
  });
});
