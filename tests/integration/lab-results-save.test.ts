// Saving confirmed blood results (lib/labs/reports.ts saveLabResults): a second confirmation of a marker on
// the same day replaces the first, and nothing else of the member's; the rows in the database are the test.
import { afterAll, describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { saveLabResults } from '@/lib/labs/reports';
import { createMember } from '../support/members';

afterAll(() => db.$disconnect());

const rowsOf = (userId: string) =>
  db.labResult.findMany({ where: { userId }, orderBy: [{ takenAt: 'asc' }, { marker: 'asc' }], select: { marker: true, value: true, unit: true, valueNgDl: true, takenAt: true } });

describe('saveLabResults', () => {
  it('replaces a marker confirmed again for the same day, keeps the day’s other markers and other days, and counts what it kept', async () => {
    const member = await createMember();
    const other = await createMember();
    await saveLabResults(other.id, { taken_on: '2026-03-03', results: [{ marker: 'psa', value: 2, unit: 'ng/mL' }] });
    await saveLabResults(member.id, { taken_on: '2026-03-03', results: [{ marker: 'psa', value: 0.8, unit: 'ng/mL' }, { marker: 'glucose', value: 5.1, unit: 'mmol/L' }] });
    await saveLabResults(member.id, { taken_on: '2026-06-01', results: [{ marker: 'psa', value: 0.9, unit: 'ng/mL' }] });

    // PSA again for 3 March, typed twice in one confirmation (the last one counts), with testosterone new.
    const answer = await saveLabResults(member.id, {
      taken_on: '2026-03-03',
      results: [
        { marker: 'psa', value: 0.7, unit: 'ng/mL' },
        { marker: 'total_testosterone', value: 14.2, unit: 'nmol/L' },
        { marker: 'psa', value: 0.6, unit: 'ng/mL' },
      ],
    });
    expect(answer).toEqual({ message: 'Your blood test results are saved.', saved: 2 });
    expect(await rowsOf(member.id)).toEqual([
      { marker: 'glucose', value: 5.1, unit: 'mmol/L', valueNgDl: null, takenAt: new Date('2026-03-03T00:00:00Z') },
      { marker: 'psa', value: 0.6, unit: 'ng/mL', valueNgDl: null, takenAt: new Date('2026-03-03T00:00:00Z') },
      // 14.2 nmol/L × 28.842 = 409.6 ng/dL.
      { marker: 'total_testosterone', value: 14.2, unit: 'nmol/L', valueNgDl: expect.closeTo(409.6, 1), takenAt: new Date('2026-03-03T00:00:00Z') },
      { marker: 'psa', value: 0.9, unit: 'ng/mL', valueNgDl: null, takenAt: new Date('2026-06-01T00:00:00Z') },
    ]);
    expect(await rowsOf(other.id)).toEqual([{ marker: 'psa', value: 2, unit: 'ng/mL', valueNgDl: null, takenAt: new Date('2026-03-03T00:00:00Z') }]);
  });

  it('saves nothing of a confirmation for a report that is not the member’s', async () => {
    const member = await createMember();
    const owner = await createMember();
    const report = await db.labReport.create({ data: { userId: owner.id, fileName: 'x.pdf', mimeType: 'application/pdf', sizeBytes: 1, storageKey: 'test/x.pdf' } });
    await expect(saveLabResults(member.id, { report_id: report.id, taken_on: '2026-03-03', results: [{ marker: 'psa', value: 1, unit: 'ng/mL' }] })).rejects.toMatchObject({ status: 404 });
    expect(await rowsOf(member.id)).toEqual([]);
  });
});
