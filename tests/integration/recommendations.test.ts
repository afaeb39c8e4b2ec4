// POST /api/recommendations' domain (SPEC §7, §9): supplements ranked by rules on the user's own figures,
// the day's advice with the daylight lib/dashboard/solar.ts computes, and one stored answer per user, UTC day and place.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type * as DashboardModule from '@/lib/dashboard/recommendations';
import type * as DbModule from '@/lib/db';
import { ISO_DAY } from '@/lib/codecs';
import { addDays, daysEnding, utcDay } from '@/lib/days';
import { SUPPLEMENTS } from '@/lib/demo/supplements';
import { formatMinutes } from '@/lib/format';
import { solarDay, utcClock } from '@/lib/dashboard/solar';
import { addTestosterone, memberWithMetrics } from '../support/members';

let db: typeof DbModule.db;
let recommendations: typeof DashboardModule.recommendations;

beforeAll(async () => {
  // The built-in engine phrases the advice, whatever the developer's shell sets, so its sentences can be asserted.
  delete process.env.OPENAI_API_KEY;
  ({ db } = await import('@/lib/db'));
  ({ recommendations } = await import('@/lib/dashboard/recommendations'));
  await db.supplement.createMany({ data: SUPPLEMENTS });
  // Would rank first for short sleep, but is off the catalogue.
  await db.supplement.create({ data: { slug: 'aaa-retired-sleep-aid', name: 'Retired sleep aid', description: 'No longer sold.', photoUrl: '/x.svg', link: 'https://example.test', tags: ['sleep', 'stress', 'recovery'], active: false } });
});

afterAll(() => db.$disconnect());

const WINTER = new Date('2026-12-21T09:00:00Z');
const SUMMER = new Date('2026-06-21T09:00:00Z');
const NO_POSITION = { lat: 0, lon: 0 };
const LONDON = { lat: 51.5, lon: -0.1 };
const TROMSO = { lat: 69.6, lon: 19.0 };
const DEFAULT_ORDER = ['ashwagandha', 'vitamin-d3-k2', 'zinc-picolinate', 'magnesium-glycinate', 'creatine-monohydrate', 'omega-3'];

type Figures = { sleepMinutes?: number; hrvMs?: number; restingHr?: number; testosteroneNgDl?: number | null };

/** A user with 37 days of steady ring data ending on `now`'s day, and a lab result unless it is null. */
async function userWith(now: Date, { sleepMinutes = 480, hrvMs = 60, restingHr = 55, testosteroneNgDl = 650 }: Figures = {}) {
  const today = utcDay(now);
  const user = await memberWithMetrics(daysEnding(today, 37), { sleepDurationMinutes: sleepMinutes, hrvMs, restingHeartRateBpm: restingHr, steps: 9000 });
  if (testosteroneNgDl !== null) await addTestosterone(user.id, testosteroneNgDl, ISO_DAY.toDate(addDays(today, -20)));
  return user.id;
}

const slugs = (answer: { supplement_data: { id: string }[] }) => answer.supplement_data.map((s) => s.id);

describe('the supplement ranking', () => {
  it('returns every active supplement with SPEC’s fields, in a stable default order when nothing calls for one', async () => {
    const answer = await recommendations(await userWith(WINTER), NO_POSITION, WINTER);
    expect(slugs(answer)).toEqual(DEFAULT_ORDER);
    expect(answer.supplement_data[3]).toEqual({
      id: 'magnesium-glycinate',
      name: 'Magnesium Glycinate',
      description: 'A gentle, well-absorbed magnesium taken before bed to support deeper sleep and muscle recovery.',
      photo: '/supplements/magnesium-glycinate.svg',
      link: 'https://www.pureencapsulations.com',
    });
    expect(answer.error).toBeNull();
    expect(answer.next_refresh).toBe('2026-12-22T00:00:00.000Z');
  });

  it('puts Magnesium first after short nights', async () => {
    const answer = await recommendations(await userWith(WINTER, { sleepMinutes: 5 * 60 + 20 }), NO_POSITION, WINTER);
    expect(slugs(answer)[0]).toBe('magnesium-glycinate');
    expect(slugs(answer)).not.toContain('aaa-retired-sleep-aid');
    expect(answer.advice).toContain('Your sleep averaged 5 h 20 min over 7 nights');
  });

  it('lifts the testosterone-tagged supplements above a sleep need when the latest lab is low', async () => {
    const normalLab = await recommendations(await userWith(WINTER, { sleepMinutes: 380, testosteroneNgDl: 650 }), NO_POSITION, WINTER);
    expect(slugs(normalLab)[0]).toBe('magnesium-glycinate');

    const lowLab = await recommendations(await userWith(WINTER, { sleepMinutes: 380, testosteroneNgDl: 320 }), NO_POSITION, WINTER);
    expect(slugs(lowLab).slice(0, 4)).toEqual(['ashwagandha', 'vitamin-d3-k2', 'zinc-picolinate', 'magnesium-glycinate']);

    // The latest result counts: an older low one does not.
    const recovered = await userWith(WINTER, { sleepMinutes: 380, testosteroneNgDl: 320 });
    await addTestosterone(recovered, 610, new Date('2026-12-15T08:00:00Z'));
    expect(slugs(await recommendations(recovered, NO_POSITION, WINTER))[0]).toBe('magnesium-glycinate');
  });

  it('lifts vitamin D at a dark-winter position, not without a position or in summer', async () => {
    const userId = await userWith(WINTER);
    expect(slugs(await recommendations(userId, LONDON, WINTER))[0]).toBe('vitamin-d3-k2');
    expect(slugs(await recommendations(userId, NO_POSITION, WINTER))).toEqual(DEFAULT_ORDER);
    expect(slugs(await recommendations(await userWith(SUMMER), LONDON, SUMMER))).toEqual(DEFAULT_ORDER);

    const polarNight = await recommendations(await userWith(WINTER), TROMSO, WINTER);
    expect(slugs(polarNight)[0]).toBe('vitamin-d3-k2');
    expect(polarNight.advice).toContain('The sun does not rise today where you are');
    const polarDay = await recommendations(await userWith(SUMMER), TROMSO, SUMMER);
    expect(slugs(polarDay)).toEqual(DEFAULT_ORDER);
    expect(polarDay.advice).toContain('The sun does not set today where you are');
  });
});

describe('a blood result outside the lab’s range', () => {
  it('puts vitamin D first after a vitamin D below the lab’s range, without a position and in summer too', async () => {
    const userId = await userWith(SUMMER);
    expect(slugs(await recommendations(userId, NO_POSITION, SUMMER))).toEqual(DEFAULT_ORDER);
    await db.labResult.create({ data: { userId, marker: 'vitamin_d', value: 42, unit: 'nmol/L', referenceLow: 50, takenAt: new Date('2026-06-01T08:00:00Z') } });
    const answer = await recommendations(userId, NO_POSITION, SUMMER);
    expect(slugs(answer)[0]).toBe('vitamin-d3-k2');
    // In the member's units: one who gave no country reads conventional units, 42 nmol/L ÷ 2.496 = 16.8 ng/mL.
    expect(answer.advice).toContain('Your vitamin D was 16.8 ng/mL on 1 Jun 2026, below the lab’s 20.');
  });
});

describe('the advice', () => {
  it('names the day’s daylight and sunrise at the position, as lib/dashboard/solar.ts computes them', async () => {
    const answer = await recommendations(await userWith(WINTER), LONDON, WINTER);
    const sun = solarDay(51.5, -0.1, '2026-12-21');
    const hours = Math.round(sun.daylightHours * 10) / 10;
    expect(hours).toBe(7.8);
    // A member whose zone is UTC (the default) reads the UTC clock, with no zone written after it.
    expect(answer.advice).toContain(`You have ${formatMinutes(hours * 60)} of daylight today; sunrise is at ${utcClock(sun.sunrise!)}, so get outside within an hour of it.`);
    expect(answer.advice).toContain('7 h 48 min of daylight');
  });

  it('tells the sunrise on the member’s own clock', async () => {
    const userId = await userWith(WINTER);
    await db.user.update({ where: { id: userId }, data: { timeZone: 'Asia/Kolkata' } });
    const sun = solarDay(51.5, -0.1, '2026-12-21');
    // Kolkata keeps UTC+05:30 all year.
    const kolkata = utcClock(new Date(sun.sunrise!.getTime() + 5.5 * 3_600_000));
    expect((await recommendations(userId, LONDON, WINTER)).advice).toContain(`sunrise is at ${kolkata}, so get outside`);
  });

  it('leaves daylight out without a position (lat and lon both 0)', async () => {
    const userId = await userWith(WINTER);
    const answer = await recommendations(userId, NO_POSITION, WINTER);
    expect(answer.advice).toMatch(/^Your figures are steady: sleep averaged 8 h over 7 nights/);
    expect(answer.advice).not.toMatch(/daylight|sunrise/i);
    expect(answer.error).toBeNull();
    expect(await db.recommendationSet.findMany({ where: { userId }, select: { place: true } })).toEqual([{ place: 'none' }]);
  });

  it('refuses a position outside the globe', async () => {
    const userId = await userWith(WINTER);
    await expect(recommendations(userId, { lat: 91, lon: 0 }, WINTER)).rejects.toMatchObject({ status: 422, message: 'lat must be between -90 and 90.' });
    await expect(recommendations(userId, { lat: 10, lon: -180.5 }, WINTER)).rejects.toMatchObject({ status: 422, message: 'lon must be between -180 and 180.' });
    expect(await db.recommendationSet.count({ where: { userId } })).toBe(0);
  });
});

describe('the day’s stored answer', () => {
  it('answers the rest of the UTC day from the stored set while its figures hold, makes it again in place when they change, and anew the next day', async () => {
    const userId = await userWith(WINTER);
    const first = await recommendations(userId, LONDON, WINTER);
    // Another position in the same 0.1° cell is the same place, and the same figures give the same answer.
    const later = await recommendations(userId, { lat: 51.5204, lon: -0.0871 }, new Date('2026-12-21T23:59:59Z'));
    expect(later).toEqual(first);
    const stored = await db.recommendationSet.findMany({ where: { userId } });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ place: '51.5,-0.1', supplementSlugs: slugs(first), advice: first.advice, nextRefreshAt: new Date('2026-12-22T00:00:00Z') });

    // The figures change during the day (a new weight was once quoted stale): the answer follows them.
    await addTestosterone(userId, 320, new Date('2026-12-21T08:30:00Z'));
    await db.dailyMetric.updateMany({ where: { userId }, data: { sleepDurationMinutes: 300 } });
    const changed = await recommendations(userId, LONDON, new Date('2026-12-21T23:59:59Z'));
    expect(changed.advice).not.toBe(first.advice);
    expect(changed.advice).toContain('Your sleep averaged 5 h over 7 nights');
    expect(changed.next_refresh).toBe(first.next_refresh);
    expect(await db.recommendationSet.count({ where: { userId } })).toBe(1);

    const nextDay = await recommendations(userId, LONDON, new Date('2026-12-22T00:00:01Z'));
    expect(nextDay.advice).not.toBe(first.advice);
    expect(nextDay.advice).toContain('Your sleep averaged');
    expect(slugs(nextDay)[0]).toBe('vitamin-d3-k2');
    expect(slugs(nextDay)[1]).toBe('magnesium-glycinate');
    expect(nextDay.next_refresh).toBe('2026-12-23T00:00:00.000Z');
    expect(await db.recommendationSet.count({ where: { userId } })).toBe(2);
  });

  it('stores one set when the day’s first requests arrive together, and all of them get it', async () => {
    const userId = await userWith(WINTER);
    const answers = await Promise.all([1, 2, 3, 4].map(() => recommendations(userId, LONDON, WINTER)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await db.recommendationSet.count({ where: { userId } })).toBe(1);
  });

  it('never answers one user from another user’s set', async () => {
    const shortSleeper = await userWith(WINTER, { sleepMinutes: 300 });
    const mine = await recommendations(shortSleeper, NO_POSITION, WINTER);
    const other = await userWith(WINTER);
    const theirs = await recommendations(other, NO_POSITION, WINTER);
    expect(slugs(mine)[0]).toBe('magnesium-glycinate');
    expect(slugs(theirs)).toEqual(DEFAULT_ORDER);
    expect(theirs.advice).not.toBe(mine.advice);
    expect(await db.recommendationSet.count({ where: { userId: other } })).toBe(1);
  });

  it('refuses a new place past the day’s cap, and still answers the places already stored', async () => {
    const userId = await userWith(WINTER);
    const day = new Date('2026-12-21T00:00:00Z');
    await db.recommendationSet.createMany({
      data: Array.from({ length: 24 }, (_, i) => ({ userId, day, place: `${i}.0,0.0`, supplementSlugs: ['omega-3'], advice: `Stored ${i}.`, nextRefreshAt: new Date('2026-12-22T00:00:00Z') })),
    });
    await expect(recommendations(userId, { lat: 40, lon: 0 }, WINTER)).rejects.toMatchObject({ status: 429, message: 'Too many different locations today. Please try again tomorrow.' });
    // A place already stored is still answered: these rows carry no basis, so their answer is made again, in place.
    expect((await recommendations(userId, { lat: 3, lon: 0.01 }, WINTER)).advice).toMatch(/^Your figures are steady/);
    expect(await db.recommendationSet.count({ where: { userId } })).toBe(24);
  });
});
