// The biological age (docs/biological-age.md) from results in the database to the three places a member or a
// doctor reads it: the /my_results card's data, the doctor's PDF (read back as text, as a viewer would) and
// the FHIR export. The three give the same figure, from the same nine results, each with its report; a
// member whose newest CRP is censored gets a sentence instead, everywhere.
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { type BundleEntry, fhirBundleChunks, type Observation, uuidFor } from '@/lib/export/fhir';
import { biologicalAge } from '@/lib/labs/biological-age';
import { doctorSummaryPdf } from '@/lib/reports/doctor-summary';
import { fhirValidator } from '../support/fhir-schema';
import { createMember } from '../support/members';
import { pdfText } from '../support/pdf-text';

afterAll(() => db.$disconnect());

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

const textOf = pdfText;

const validateFhir = fhirValidator();

/** The member's FHIR export's Observations, once HL7's R4 schema has accepted the whole bundle. */
async function bundleOf(userId: string): Promise<BundleEntry<Observation>[]> {
  let json = '';
  for await (const chunk of fhirBundleChunks(userId)) json += chunk;
  const bundle = JSON.parse(json) as { entry: BundleEntry<Observation>[] };
  expect(validateFhir(bundle) ? [] : validateFhir.errors?.slice(0, 5)).toEqual([]);
  return bundle.entry.filter((e) => e.resource.resourceType === 'Observation');
}

/** A UK report's nine PhenoAge results (SI units, as a UK lab prints them), on `takenOn`. */
async function ukPanel(userId: string, takenOn: string, crp: { value: number; comparator?: string } = { value: 1.2 }) {
  const report = await db.labReport.create({ data: { userId, fileName: `Bloods ${takenOn}.pdf`, mimeType: 'application/pdf', sizeBytes: 1, storageKey: `test/${takenOn}`, uploadedAt: day(takenOn) } });
  const takenAt = day(takenOn);
  const rows = [
    { marker: 'albumin', value: 46, unit: 'g/L', referenceLow: 35, referenceHigh: 50 },
    { marker: 'creatinine', value: 84, unit: 'µmol/L', referenceLow: 59, referenceHigh: 104 },
    { marker: 'glucose', value: 5.1, unit: 'mmol/L', referenceLow: 3.9, referenceHigh: 5.8 },
    { marker: 'crp', value: crp.value, comparator: crp.comparator ?? null, unit: 'mg/L', referenceLow: 0, referenceHigh: 5 },
    { marker: 'lymphocytes_pct', value: 32, unit: '%', referenceLow: 20, referenceHigh: 45 },
    { marker: 'mcv', value: 91, unit: 'fL', referenceLow: 80, referenceHigh: 100 },
    { marker: 'rdw', value: 13.1, unit: '%', referenceLow: 11.5, referenceHigh: 15 },
    { marker: 'alp', value: 72, unit: 'U/L', referenceLow: 30, referenceHigh: 130 },
    { marker: 'wbc', value: 6.2, unit: '10^9/L', referenceLow: 4, referenceHigh: 11 },
  ];
  await db.labResult.createMany({ data: rows.map((row) => ({ ...row, userId, reportId: report.id, takenAt })) });
  return report;
}

describe('the biological age on the card, in the doctor’s PDF and in the FHIR export', () => {
  it('is one figure from the same nine results everywhere, with each result’s report', async () => {
    // A UK panel for a member in the UK: SI, as printed.
    const member = await createMember({ firstName: 'Arun', dateOfBirth: day('1979-02-20'), country: 'gb' });
    await ukPanel(member.id, '2025-09-12');
    await ukPanel(member.id, '2026-03-04');
    // Another member's panel changes nothing of this one's.
    const other = await createMember({ dateOfBirth: day('1950-01-01') });
    await ukPanel(other.id, '2026-03-04', { value: 40 });

    const bio = await biologicalAge(member.id);
    expect(bio.refusal).toBeNull();
    const current = bio.current!;
    expect(current.on).toBe('2026-03-04');
    expect(current.calendarAge).toBeCloseTo(47.03, 2);
    expect(bio.trend.map((e) => e.on)).toEqual(['2025-09-12', '2026-03-04']);
    expect(new Set(current.inputs.map((i) => i.report?.fileName))).toEqual(new Set(['Bloods 2026-03-04.pdf']));

    const entries = await bundleOf(member.id);
    const ages = entries.filter((e) => e.resource.code.text === 'Biological age (phenotypic age, PhenoAge)');
    expect(ages.map((e) => e.resource.effectiveDateTime)).toEqual(['2025-09-12T00:00:00.000Z', '2026-03-04T00:00:00.000Z']);
    const exported = ages[1]!.resource;
    expect(exported.valueQuantity).toEqual({ value: Number(current.phenoAge.toFixed(1)), unit: 'years', system: 'http://unitsofmeasure.org', code: 'a' });
    // derivedFrom names the nine results' own Observations, which are in the same bundle.
    const urls = new Set(entries.map((e) => e.fullUrl));
    expect(exported.derivedFrom).toHaveLength(9);
    for (const ref of exported.derivedFrom!) expect(urls.has(ref.reference ?? '')).toBe(true);
    expect(exported.derivedFrom!.map((r) => r.reference).sort()).toEqual(current.inputs.map((i) => `urn:uuid:${uuidFor(`lab_results/${i.id}`)}`).sort());

    const pdf = await doctorSummaryPdf(member.id);
    // Kept for people to look at (pdftoppm -png), as the e2e run keeps its screenshots.
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/doctor-summary-biological-age.pdf', pdf);
    const text = await textOf(pdf);
    // The figure the export carries, as the PDF writes it, with its inputs, their dates and report.
    expect(text).toContain(`Biological age ${exported.valueQuantity!.value!.toFixed(1)} years from results of 4 Mar 2026, at a calendar age of 47.0`);
    expect(text).toContain('C-reactive protein (hs-CRP): 1.2 mg/L, 4 Mar 2026, from Bloods 2026-03-04.pdf.');
    expect(text).toContain('Albumin: 46 g/L, 4 Mar 2026, from Bloods 2026-03-04.pdf.');
    expect(text).toContain(`Earlier: ${bio.trend[0]!.phenoAge.toFixed(1)} on 12 Sept 2025.`);
  });

  it('gives a sentence instead of a figure when the newest CRP is below the detection limit, and the export only the earlier figure', async () => {
    const member = await createMember({ dateOfBirth: day('1979-02-20') });
    await ukPanel(member.id, '2025-09-12');
    await ukPanel(member.id, '2026-03-04', { value: 0.3, comparator: '<' });
    const bio = await biologicalAge(member.id);
    expect(bio.current).toBeNull();
    expect(bio.refusal).toMatch(/^Your CRP on 4 Mar 2026 was < 0\.3 mg\/L, beyond what the lab could measure exactly/);
    const text = await textOf(await doctorSummaryPdf(member.id));
    expect(text).toContain('Biological age None computed. The member’s CRP on 4 Mar 2026 was < 0.3 mg/L');
    expect(text).toContain(`The last one was ${bio.trend[0]!.phenoAge.toFixed(1)} years, from results of 12 Sept 2025.`);
    const ages = (await bundleOf(member.id)).filter((e) => e.resource.code.text === 'Biological age (phenotypic age, PhenoAge)');
    expect(ages.map((e) => e.resource.effectiveDateTime)).toEqual(['2025-09-12T00:00:00.000Z']);
  });
});
