// /my_results (docs/architecture.md, "Account area"): every confirmed blood result by panel, marker by marker over time, each with
// the lab's range, its flag and where it came from, read from the member's own rows and no one else's.
import { afterAll, describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { LAB_MARKER_KEYS } from '@/lib/labs/markers';
import { verdictText } from '@/lib/labs/reference-change';
import { RESULT_PANELS, resultPanels } from '@/lib/labs/results';
import { createMember } from '../support/members';

afterAll(() => db.$disconnect());

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

async function report(userId: string, fileName: string, uploadedOn: string) {
  return db.labReport.create({ data: { userId, fileName, mimeType: 'application/pdf', sizeBytes: 1000, storageKey: `test/${fileName}`, uploadedAt: day(uploadedOn) } });
}

describe('resultPanels', () => {
  it('places every marker the reader knows in exactly one panel', () => {
    const placed = RESULT_PANELS.flatMap((panel) => panel.markers);
    expect([...placed].sort()).toEqual([...LAB_MARKER_KEYS].sort());
  });

  it('gives each marker’s values newest first, with range, flag, change and report, panel by panel', async () => {
    // A member in the UK reads SI units: these results as they were printed.
    const member = await createMember({ country: 'gb' });
    const march = await report(member.id, 'March bloods.pdf', '2026-03-05');
    const october = await report(member.id, 'October bloods.pdf', '2026-10-02');
    await db.labResult.createMany({
      data: [
        { userId: member.id, reportId: march.id, marker: 'total_testosterone', value: 12.1, unit: 'nmol/L', valueNgDl: 349, referenceLow: 8.6, referenceHigh: 29, takenAt: day('2026-03-03') },
        { userId: member.id, reportId: october.id, marker: 'total_testosterone', value: 14.2, unit: 'nmol/L', valueNgDl: 409.6, referenceLow: 8.6, referenceHigh: 29, takenAt: day('2026-09-30') },
        { userId: member.id, reportId: october.id, marker: 'psa', value: 0.1, comparator: '<', unit: 'µg/L', referenceHigh: 4, takenAt: day('2026-09-30') },
        { userId: member.id, reportId: march.id, marker: 'triglycerides', value: 2.4, unit: 'mmol/L', referenceHigh: 1.7, takenAt: day('2026-03-03') },
        { userId: member.id, reportId: null, marker: 'vitamin_d', value: 42, unit: 'nmol/L', referenceLow: 50, referenceHigh: 175, takenAt: day('2026-06-01') },
      ],
    });
    // Another member's result never shows.
    const other = await createMember();
    await db.labResult.create({ data: { userId: other.id, marker: 'tsh', value: 2, unit: 'mIU/L', takenAt: day('2026-09-30') } });

    const panels = await resultPanels(member.id);
    expect(panels.map((p) => [p.title, p.markers.map((m) => m.marker)])).toEqual([
      ['Hormones', ['total_testosterone']],
      ['Prostate', ['psa']],
      ['Lipids', ['triglycerides']],
      ['Vitamins', ['vitamin_d']],
    ]);
    const [testosterone] = panels[0]!.markers;
    expect(testosterone!.values.map((v) => [v.takenOn, v.value, v.flag, v.report?.fileName])).toEqual([
      ['2026-09-30', 14.2, null, 'October bloods.pdf'],
      ['2026-03-03', 12.1, null, 'March bloods.pdf'],
    ]);
    expect(testosterone!.values[0]!.report).toEqual({ id: october.id, fileName: 'October bloods.pdf', uploadedOn: '2026-10-02' });
    expect(testosterone!.change).toEqual({ previous: 12.1, previousOn: '2026-03-03', unit: 'nmol/L', direction: 'up', verdict: expect.objectContaining({ direction: 'up', real: false }) });
    // 12.1 → 14.2 nmol/L is 17 % up, within testosterone's usual 64 % (lib/labs/reference-change.ts).
    expect(verdictText(testosterone!.change!.verdict!)).toBe('up 17 %, within this test’s usual variation of 64 %');
    // A bound is kept as a bound, and settles no flag against an upper limit above it.
    expect(panels[1]!.markers[0]!.values[0]).toMatchObject({ value: 0.1, comparator: '<', flag: null, high: 4 });
    expect(panels[2]!.markers[0]!.values[0]).toMatchObject({ flag: 'High' });
    // The member's own entry has no report; one value gives no change.
    expect(panels[3]!.markers[0]!).toMatchObject({ change: null, values: [{ flag: 'Low', report: null }] });
  });

  it('shows values given in two units in the member’s units, each with the lab’s own figure, and compares them there', async () => {
    const member = async (country: string) => {
      const { id } = await createMember({ country });
      await db.labResult.createMany({
        data: [
          { userId: id, marker: 'total_testosterone', value: 17.1, unit: 'nmol/L', valueNgDl: 493.2, referenceLow: 8.6, referenceHigh: 29, takenAt: day('2026-11-19') },
          { userId: id, marker: 'total_testosterone', value: 398, unit: 'ng/dL', valueNgDl: 398, referenceLow: 264, referenceHigh: 916, takenAt: day('2026-08-04') },
        ],
      });
      const [testosterone] = (await resultPanels(id))[0]!.markers;
      return testosterone!;
    };
    // In the US: ng/dL. 17.1 nmol/L × 28.842 = 493.2, written 493 as the dashboard writes it; the range with it.
    const us = await member('us');
    expect(us.values.map((v) => [v.value, v.unit, v.low, v.high, v.printed])).toEqual([
      [493, 'ng/dL', 248, 836, { value: 17.1, unit: 'nmol/L', low: 8.6, high: 29 }],
      [398, 'ng/dL', 264, 916, null],
    ]);
    expect(us.change).toEqual({ previous: 398, previousOn: '2026-08-04', unit: 'ng/dL', direction: 'up', verdict: expect.objectContaining({ real: false }) });
    // 398 ng/dL to 17.1 nmol/L (493.2 ng/dL) is 24 % up, whichever unit the member reads.
    expect(verdictText(us.change!.verdict!)).toBe('up 24 %, within this test’s usual variation of 64 %');
    // In the UK: nmol/L. 398 / 28.842 = 13.8.
    const uk = await member('gb');
    expect(uk.values.map((v) => [v.value, v.unit, v.low, v.high, v.printed])).toEqual([
      [17.1, 'nmol/L', 8.6, 29, null],
      [13.8, 'nmol/L', 9.15, 31.8, { value: 398, unit: 'ng/dL', low: 264, high: 916 }],
    ]);
    expect(uk.change).toEqual({ previous: 13.8, previousOn: '2026-08-04', unit: 'nmol/L', direction: 'up', verdict: us.change!.verdict });
  });

  it('says nothing of a change between a bound and an exact value, or across units it cannot convert', async () => {
    const member = await createMember();
    await db.labResult.createMany({
      data: [
        { userId: member.id, marker: 'psa', value: 0.1, comparator: '<', unit: 'µg/L', takenAt: day('2026-09-30') },
        { userId: member.id, marker: 'psa', value: 0.8, unit: 'µg/L', takenAt: day('2026-03-03') },
        { userId: member.id, marker: 'oestradiol', value: 110, unit: 'pmol/L', takenAt: day('2026-09-30') },
        { userId: member.id, marker: 'oestradiol', value: 30, unit: 'mg/dL', takenAt: day('2026-03-03') },
      ],
    });
    const markers = (await resultPanels(member.id)).flatMap((p) => p.markers);
    expect(markers.map((m) => [m.marker, m.values.length, m.change])).toEqual([
      ['oestradiol', 2, null],
      ['psa', 2, null],
    ]);
  });

  it('gives a member with no results no panels', async () => {
    const member = await createMember();
    expect(await resultPanels(member.id)).toEqual([]);
  });
});
