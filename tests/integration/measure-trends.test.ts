// The /insights charts (GET /api/trends/measures, lib/insights/measure-trends.ts): each measure's days over
// the range from the same merged days the statements use, the fitted line drawn exactly where the trend
// statement's numbers are, testosterone from lab results, mood and energy from check-ins, and each
// statement linked to the chart it is read from.
import { afterAll, describe, expect, it } from '@jest/globals';
import { daysEnding } from '@/lib/days';
import { db } from '@/lib/db';
import { dailyPatterns } from '@/lib/insights/daily-patterns';
import { measureTrends } from '@/lib/insights/measure-trends';
import { addCheckin, addDailyMetrics, addTestosterone, createMember } from '../support/members';

afterAll(() => db.$disconnect());

const NOW = new Date('2026-03-10T09:30:00Z');
const DAY = '2026-03-10';

describe('measureTrends', () => {
  it('draws each day in the range and the fitted line the trend statement quotes', async () => {
    const { id } = await createMember();
    // 28 weighings falling in a straight line from 84.3 kg to 83.1 kg, and 40 days of 7-hour nights.
    await addDailyMetrics(id, daysEnding(DAY, 28), (_day, index) => ({ weightKg: Math.round((84.3 - (1.2 * index) / 27) * 100) / 100 }), 'WITHINGS');
    await addDailyMetrics(id, daysEnding(DAY, 40), () => ({ sleepDurationMinutes: 420 }), 'OURA');
    await addTestosterone(id, 612, new Date('2026-02-20T08:00:00Z'));
    await addTestosterone(id, 540, new Date('2025-01-20T08:00:00Z'));
    await addCheckin(id, '2026-03-09', { mood: 'HAPPY', energy: 'LOW' });

    const month = await measureTrends(id, 30, NOW);
    expect([month.range, month.first, month.last]).toEqual([30, '2026-02-09', DAY]);
    const byKey = new Map(month.measures.map((m) => [m.key, m]));
    expect([...byKey.keys()]).toEqual(['sleepDurationMinutes', 'hrvMs', 'restingHeartRateBpm', 'steps', 'weightKg', 'testosterone', 'mood', 'energy']);

    const weight = byKey.get('weightKg')!;
    expect(weight.points).toHaveLength(28);
    expect(weight.points.at(-1)).toEqual({ day: DAY, value: 83.1 });
    expect(weight.from).toBe('From Withings.');
    // The line's ends are the statement's numbers.
    const statement = (await dailyPatterns(id, NOW)).insights.find((s) => s.startsWith('Weight'));
    expect(statement).toBe('Weight fell 1.2 kg over 4 weeks (84.3 → 83.1 kg).');
    expect(weight.line).toMatchObject({ first: '2026-02-11', last: DAY });
    expect(weight.line!.start).toBeCloseTo(84.3, 1);
    expect(weight.line!.end).toBeCloseTo(83.1, 1);

    const sleep = byKey.get('sleepDurationMinutes')!;
    expect([sleep.unit, sleep.points.length, sleep.points[0]]).toEqual(['h', 30, { day: '2026-02-09', value: 7 }]);
    expect(sleep.line!.start).toBeCloseTo(7, 5);
    // No data, no line: an empty chart.
    expect(byKey.get('steps')).toMatchObject({ points: [], line: null, from: null });
    // Lab results in the range only; check-ins on their scale.
    expect(byKey.get('testosterone')).toMatchObject({ unit: 'ng/dL', points: [{ day: '2026-02-20', value: 612 }], line: null, from: 'From your blood tests.' });
    expect(byKey.get('mood')).toMatchObject({ points: [{ day: '2026-03-09', value: 3 }], scale: ['terrible', 'sad', 'neutral', 'happy', 'elated'], from: 'From your daily check-ins.' });
    expect(byKey.get('energy')!.points).toEqual([{ day: '2026-03-09', value: 1 }]);

    const year = await measureTrends(id, 365, NOW);
    expect(year.first).toBe('2025-03-11');
    expect(year.measures.find((m) => m.key === 'testosterone')!.points).toHaveLength(1);
    // The last result before the range (of January 2025) is named, for an empty chart to say so.
    expect(byKey.get('testosterone')!.before).toBe('2025-01-20');
    const later = await measureTrends(id, 30, new Date('2026-05-10T09:30:00Z'));
    expect(later.measures.find((m) => m.key === 'testosterone')).toMatchObject({ points: [], before: '2026-02-20' });
    expect(year.measures.find((m) => m.key === 'sleepDurationMinutes')!.points).toHaveLength(40);
  });

  it('shades the member’s usual band behind HRV, resting heart rate, sleep and steps, and says when the day judged lies outside it', async () => {
    const { id } = await createMember();
    // 30 nights before today: HRV 40, 41, … 69 ms (the 10th–90th percentile: 42.9 to 66.1 ms), resting 55 bpm,
    // 7 h; today HRV 38 ms (below), resting 55 (inside). Steps: only 10 days, too few for a band.
    const before = daysEnding('2026-03-09', 30);
    await addDailyMetrics(id, before, (_day, index) => ({ hrvMs: 40 + index, restingHeartRateBpm: 55, sleepDurationMinutes: 420 }), 'OURA');
    await addDailyMetrics(id, [DAY], { hrvMs: 38, restingHeartRateBpm: 55, sleepDurationMinutes: 420 }, 'OURA');
    await addDailyMetrics(id, daysEnding('2026-03-09', 10), { steps: 8000 }, 'APPLE_HEALTH');

    const byKey = new Map((await measureTrends(id, 30, NOW)).measures.map((m) => [m.key, m]));
    // 0.1 × 29 = 2.9 → 42 + 0.9 × 1 = 42.9; 0.9 × 29 = 26.1 → 66 + 0.1 × 1 = 66.1.
    expect(byKey.get('hrvMs')!.band).toEqual({ low: 42.9, high: 66.1, from: '2026-02-08', to: '2026-03-09' });
    expect(byKey.get('hrvMs')!.outside).toBe('Your HRV today, 38 ms, is below your usual range (43–66 ms over the last 30 days).');
    expect(byKey.get('restingHeartRateBpm')).toMatchObject({ band: { low: 55, high: 55 }, outside: null });
    // Sleep in the chart's hours.
    expect(byKey.get('sleepDurationMinutes')!.band).toMatchObject({ low: 7, high: 7 });
    expect(byKey.get('steps')).toMatchObject({ band: null, outside: null });
    // Weight has no band.
    expect(byKey.get('weightKg')!.band).toBeUndefined();
  });

  it('names each statement’s chart', async () => {
    const { id } = await createMember();
    await addDailyMetrics(id, daysEnding(DAY, 28), (_day, index) => ({ weightKg: Math.round((84.3 - (1.2 * index) / 27) * 100) / 100 }), 'WITHINGS');
    const patterns = await dailyPatterns(id, NOW);
    const at = patterns.insights.findIndex((s) => s.startsWith('Weight fell'));
    expect(patterns.charts[at]).toBe('weightKg');
    expect(patterns.charts).toHaveLength(patterns.insights.length);
  });
});
