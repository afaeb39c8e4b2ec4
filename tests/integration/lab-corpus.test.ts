// The generated corpus of blood-test reports (tests/fixtures/labs: many labs' layouts and languages,
// each with its answer key) read end to end as an upload is: the PDF's text layer in the child process,
// or OCR for scans and photos, rows rebuilt from the words' positions, then the parser. Every text PDF
// gives exactly its key: each marker with its value, comparator, unit, reference range, and the
// collection date. A scan or photo gives no value that is not on its key (what OCR is unsure of is left
// out), and at least 85% of them. (npm run bench:labs prints the same as precision and recall.) The key
// covers the whole standard panel: six layouts or more carry a full blood count with its differential and a
// metabolic panel, and two or more every input of a biological age (PhenoAge) on one report. The pictures,
// read by OCR, are in lab-corpus-pictures.test.ts and lab-corpus-changed-pictures.test.ts: each file runs
// in a Jest worker of its own, beside this one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { normaliseUnit } from '@/lib/labs/markers';
import { readLabReport } from '@/lib/labs/read-report';
import { FIXTURES, readAnswers, type KeyMarker } from '../fixtures/labs/answer-key';

const answers = readAnswers();
const textPdfs = answers.filter((answer) => answer.kind === 'text-pdf');

/** A number compared to 6 decimals; null stays null. */
const near = (value: number | null) => (value === null ? null : expect.closeTo(value, 6));
const byMarker = (a: { marker: string }, b: { marker: string }) => a.marker.localeCompare(b.marker);

const comparable = (markers: readonly KeyMarker[]) =>
  markers.map(({ marker, value, comparator, unit, referenceLow, referenceHigh }) => ({ marker, value, comparator, unit: normaliseUnit(unit), referenceLow, referenceHigh })).sort(byMarker);
const expectedOf = (markers: readonly KeyMarker[]) =>
  markers.map((m) => ({ ...m, value: near(m.value), unit: normaliseUnit(m.unit), referenceLow: near(m.referenceLow), referenceHigh: near(m.referenceHigh) })).sort(byMarker);

/** A full blood count with its differential (each white cell as a percentage or a count), and a metabolic panel. */
const BLOOD_COUNT = ['wbc', 'rbc', 'haemoglobin', 'haematocrit', 'mcv', 'mch', 'mchc', 'rdw', 'platelets'];
const DIFFERENTIAL = ['neutrophils', 'lymphocytes', 'monocytes', 'eosinophils', 'basophils'];
const METABOLIC = ['glucose', 'creatinine', 'egfr', 'sodium', 'potassium', 'calcium', 'albumin', 'total_protein', 'bilirubin', 'alp', 'alt'];
/** What a biological age (PhenoAge) is worked out from. */
const PHENOAGE = ['albumin', 'creatinine', 'glucose', 'crp', 'lymphocytes_pct', 'mcv', 'rdw', 'alp', 'wbc'];
const keys = (answer: { markers: readonly KeyMarker[] }) => new Set(answer.markers.map((m) => m.marker as string));
const hasAll = (answer: { markers: readonly KeyMarker[] }, markers: readonly string[]) => markers.every((marker) => keys(answer).has(marker));
const hasBloodCount = (answer: { markers: readonly KeyMarker[] }) =>
  hasAll(answer, BLOOD_COUNT) && DIFFERENTIAL.every((cell) => keys(answer).has(`${cell}_pct`) || keys(answer).has(`${cell}_abs`));

describe('the lab-report corpus', () => {
  it('holds at least 18 text PDFs in distinct layouts, and scans and photos of some', () => {
    expect(textPdfs.length).toBeGreaterThanOrEqual(18);
    expect(new Set(textPdfs.map((a) => a.layout)).size).toBe(textPdfs.length);
    expect(answers.filter((a) => a.kind !== 'text-pdf').length).toBeGreaterThanOrEqual(6);
  });

  it('keys a full blood count with differential and a metabolic panel in at least six layouts, and every PhenoAge input on at least two reports', () => {
    expect(textPdfs.filter((a) => hasBloodCount(a) && hasAll(a, METABOLIC)).length).toBeGreaterThanOrEqual(6);
    // Both the percentage and the count of each white cell, as some labs print them.
    expect(textPdfs.filter((a) => DIFFERENTIAL.every((cell) => keys(a).has(`${cell}_pct`) && keys(a).has(`${cell}_abs`))).length).toBeGreaterThanOrEqual(4);
    expect(textPdfs.filter((a) => hasAll(a, PHENOAGE)).length).toBeGreaterThanOrEqual(2);
  });

  it.each(textPdfs.map((answer) => [answer.id, answer] as const))('%s gives exactly its key', async (_id, answer) => {
    const reading = await readLabReport(new Uint8Array(readFileSync(path.join(FIXTURES, answer.file))), 'pdf');
    expect(reading.textFound).toBe(true);
    // A document that is no lab report (a monitoring plan) gives no value, whatever date it bears.
    if (answer.markers.length > 0) expect(reading.report.collectedOn).toBe(answer.collectedOn);
    expect(comparable(reading.report.markers)).toEqual(expectedOf(answer.markers));
    // A cumulative report's earlier columns, each with its own date; any other report has none.
    expect(reading.report.earlier.map((results) => [results.collectedOn, comparable(results.markers)])).toEqual((answer.earlier ?? []).map((results) => [results.collectedOn, expectedOf(results.markers)]));
  });
});
