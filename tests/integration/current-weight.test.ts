// One current weight for a member: the newest weighing, whatever its source, with the
// member's own entry as one source. The profile card, the profile form, the generated texts' context, the
// T-Score's input and the export must all give the same figure.
import { afterAll, describe, expect, it } from '@jest/globals';
import { dashboardData } from '@/lib/dashboard/page-data';
import { buildEngineContext, scoreInput } from '@/lib/dashboard/engine-context';
import { addDays, utcDay } from '@/lib/days';
import { db } from '@/lib/db';
import { profileJson } from '@/lib/export/profile-json';
import type { MetricSource } from '@/lib/generated/prisma/enums';
import { currentWeight } from '@/lib/metrics/current-weight';
import { saveWeight } from '@/lib/onboarding/updates';
import { getUserInfo, setUserInfo } from '@/lib/profile/user-info';
import { createMember, ONBOARDED_PROFILE } from '../support/members';

afterAll(() => db.$disconnect());

const TODAY = utcDay(new Date());
const weighing = (userId: string, day: string, source: MetricSource, weightKg: number) => {
  const key = { userId, day: new Date(`${day}T00:00:00Z`), source };
  return db.dailyMetric.upsert({ where: { userId_day_source: key }, create: { ...key, weightKg }, update: { weightKg } });
};
const manualRows = (userId: string) => db.dailyMetric.findMany({ where: { userId, source: 'MANUAL' }, select: { day: true, weightKg: true } });

/** Every place a member reads their weight, as each shows it. */
async function everyWeight(userId: string) {
  const owner = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, dataVersion: true } });
  const [dashboard, info, context, score] = await Promise.all([dashboardData(owner), getUserInfo(userId), buildEngineContext(userId, TODAY), scoreInput(userId, TODAY)]);
  let exported = '';
  for await (const chunk of profileJson(userId, new Date())) exported += chunk;
  const profile = JSON.parse(exported) as { current_weight_kg: number | null; current_weight_source: string | null; current_weight_measured_on: string | null };
  return {
    card: dashboard.body.weight,
    cardFrom: dashboard.body.weight_from,
    form: info.weight,
    texts: context.weight.latestKg,
    score: score.currentWeightKg,
    export: [profile.current_weight_kg, profile.current_weight_source, profile.current_weight_measured_on],
  };
}

describe('the current weight', () => {
  it('is the scale’s newest weighing on every screen and in the export, not the figure typed at sign-up', async () => {
    // Entered 95 kg during onboarding 20 days ago; the scale has weighed since, 91.4 kg today.
    const { id } = await createMember({ ...ONBOARDED_PROFILE, currentWeightKg: 95, desiredWeightKg: 88 });
    await weighing(id, addDays(TODAY, -20), 'MANUAL', 95);
    await weighing(id, addDays(TODAY, -1), 'WITHINGS', 91.9);
    await weighing(id, TODAY, 'WITHINGS', 91.4);
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${TODAY}T00:00:00Z`));
    expect(await everyWeight(id)).toEqual({
      card: '91.4 kg',
      cardFrom: `Withings, ${day}`,
      form: 91.4,
      texts: 91.4,
      score: 91.4,
      export: [91.4, 'Withings', TODAY],
    });
  });

  it('is the member’s own entry when it is the newest, and the scale’s when both weigh the same day', async () => {
    const { id } = await createMember({ ...ONBOARDED_PROFILE });
    await weighing(id, addDays(TODAY, -3), 'APPLE_HEALTH', 90.2);
    await saveWeight(id, { current_weight: 89.5, desired_weight: 82 });
    expect(await currentWeight(id)).toEqual({ kg: 89.5, day: TODAY, source: 'MANUAL' });
    expect((await everyWeight(id)).cardFrom).toMatch(/^Your own entry, \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    // The same day, a connected scale outranks a typed figure (lib/metrics/source-priority.ts).
    await weighing(id, TODAY, 'WITHINGS', 89.9);
    expect(await currentWeight(id)).toEqual({ kg: 89.9, day: TODAY, source: 'WITHINGS' });
  });

  it('falls back to the profile’s figure, undated, for an account with no weighing at all', async () => {
    const { id } = await createMember({ ...ONBOARDED_PROFILE, currentWeightKg: 84 });
    expect(await currentWeight(id)).toEqual({ kg: 84, day: null, source: 'MANUAL' });
    const seen = await everyWeight(id);
    expect([seen.card, seen.cardFrom, seen.form, seen.texts, seen.score, seen.export]).toEqual(['84 kg', 'Your profile', 84, 84, 84, [84, 'your own entry', null]]);
  });

  it('a profile saved with the weight it showed adds no weighing; a new weight is today’s own entry', async () => {
    const { id } = await createMember({ ...ONBOARDED_PROFILE, currentWeightKg: 95 });
    await weighing(id, TODAY, 'WITHINGS', 91.4);
    // The form sends every field back, the weight it showed among them.
    await setUserInfo(id, { weight: 91.4, city: 'Leeds' });
    expect(await manualRows(id)).toEqual([]);
    expect((await currentWeight(id))?.source).toBe('WITHINGS');
    await setUserInfo(id, { weight: 90 });
    expect(await manualRows(id)).toEqual([{ day: new Date(`${TODAY}T00:00:00Z`), weightKg: 90 }]);
    // Same day as the scale, which outranks it: the scale's reading stays the current one, as on any other screen.
    expect(await currentWeight(id)).toEqual({ kg: 91.4, day: TODAY, source: 'WITHINGS' });
  });
});
