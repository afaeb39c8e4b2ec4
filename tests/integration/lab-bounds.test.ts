// A result the lab gave as a bound ("<0.5 nmol/L") is never read as exact: the T-Score scores the latest
// exact testosterone, and the chart marks the bound as one.
import { afterAll, describe, expect, it } from '@jest/globals';
import { testosteroneTrend } from '@/lib/dashboard/testosterone-trend';
import { scoreInput } from '@/lib/dashboard/engine-context';
import { db } from '@/lib/db';
import { createMember } from '../support/members';

afterAll(() => db.$disconnect());

describe('a bounded testosterone result', () => {
  it('is drawn as a bound and left out of the T-Score, which scores the latest exact result', async () => {
    const { id } = await createMember();
    await db.labResult.create({ data: { userId: id, marker: 'total_testosterone', value: 16.6, unit: 'nmol/L', valueNgDl: 478.8, takenAt: new Date('2026-01-10T08:00:00Z') } });
    await db.labResult.create({ data: { userId: id, marker: 'total_testosterone', value: 0.5, comparator: '<', unit: 'nmol/L', valueNgDl: 14.42, takenAt: new Date('2026-02-10T08:00:00Z') } });

    expect((await scoreInput(id, '2026-02-20')).testosteroneNgDl).toBe(478.8);
    expect((await testosteroneTrend(id)).data).toEqual([
      { label: 'Jan 2026', raw: 479, highlight: false },
      { label: 'Feb 2026', raw: 14, highlight: true, comparator: '<' },
    ]);
  });
});
