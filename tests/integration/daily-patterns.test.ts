// 'My longevity trends' (POST /api/patterns) are stored per day, and phrased again the moment the
// statements they came from change: a new Units setting or a new weighing must not wait for midnight.
import { afterAll, describe, expect, it } from '@jest/globals';
import { ISO_DAY } from '@/lib/codecs';
import { daysEnding } from '@/lib/days';
import { db } from '@/lib/db';
import { dailyPatterns } from '@/lib/insights/daily-patterns';
import { addDailyMetrics, createMember } from '../support/members';

afterAll(() => db.$disconnect());

const NOW = new Date('2026-03-10T09:30:00Z');
const DAY = '2026-03-10';

describe('dailyPatterns', () => {
  it('states the weight trend in the member’s units, and phrases the day’s list again when the units or the weight change', async () => {
    const { id } = await createMember();
    // 28 weighings falling in a straight line from 84.3 kg to 83.1 kg.
    await addDailyMetrics(id, daysEnding(DAY, 28), (_day, index) => ({ weightKg: Math.round((84.3 - (1.2 * index) / 27) * 100) / 100 }), 'WITHINGS');
    const first = await dailyPatterns(id, NOW);
    expect(first.insights).toContain('Weight fell 1.2 kg over 4 weeks (84.3 → 83.1 kg).');
    // Each statement says where its figures came from, one caption per statement.
    expect(first.from).toEqual(first.insights.map(() => 'From Withings.'));
    // Asked again with nothing changed: the stored list, as it was.
    expect(await dailyPatterns(id, new Date('2026-03-10T10:00:00Z'))).toEqual(first);

    await db.user.update({ where: { id }, data: { unitsPreference: 'IMPERIAL' } });
    const inPounds = await dailyPatterns(id, new Date('2026-03-10T11:00:00Z'));
    expect(inPounds.insights).toContain('Weight fell 2.6 lbs over 4 weeks (185.9 → 183.3 lbs).');
    expect(inPounds.insights.join(' ')).not.toMatch(/\bkg\b/);

    // A heavier weighing today bends the line: the list follows it the same day.
    await db.dailyMetric.update({ where: { userId_day_source: { userId: id, day: ISO_DAY.toDate(DAY), source: 'WITHINGS' } }, data: { weightKg: 86 } });
    const after = await dailyPatterns(id, new Date('2026-03-10T12:00:00Z'));
    expect(after.insights).not.toEqual(inPounds.insights);
    const stored = await db.patternSet.findMany({ where: { userId: id }, select: { insights: true } });
    expect(stored).toEqual([{ insights: after.insights }]);
  });
});
