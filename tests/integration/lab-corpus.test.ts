// The generated corpus of blood-test reports (tests/fixtures/labs: many labs' layouts and languages,
// each with its answer key) read end to end as an upload is: the PDF's text layer in the child process,
// rows rebuilt from the words' positions, then the parser. Every text PDF gives exactly its key: each
// marker with its value, comparator, unit, reference range, and the collection date. (npm run bench:labs
// prints the same as precision and recall, images included.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { normaliseUnit } from '@/lib/labs/markers';
import { readLabReport } from '@/lib/labs/read-report';
import { FIXTURES, readAnswers } from '../fixtures/labs/answer-key';

const answers = readAnswers();
const textPdfs = answers.filter((answer) => answer.kind === 'text-pdf');

/** A number compared to 6 decimals; null stays null. */
const near = (value: number | null) => (value === null ? null : expect.closeTo(value, 6));
const byMarker = (a: { marker: string }, b: { marker: string }) => a.marker.localeCompare(b.marker);

describe('the lab-report corpus', () => {
  it('holds at least 18 text PDFs in distinct layouts, and scans and photos of some', () => {
    expect(textPdfs.length).toBeGreaterThanOrEqual(18);
    expect(new Set(textPdfs.map((a) => a.layout)).size).toBe(textPdfs.length);
    expect(answers.filter((a) => a.kind !== 'text-pdf').length).toBeGreaterThanOrEqual(6);
  });

  it.each(textPdfs.map((answer) => [answer.id, answer] as const))('%s gives exactly its key', async (_id, answer) => {
    const reading = await readLabReport(new Uint8Array(readFileSync(path.join(FIXTURES, answer.file))), 'pdf');
    expect(reading.textFound).toBe(true);
    expect(reading.report.collectedOn).toBe(answer.collectedOn);
    const got = reading.report.markers.map(({ marker, value, comparator, unit, referenceLow, referenceHigh }) => ({ marker, value, comparator, unit: normaliseUnit(unit), referenceLow, referenceHigh }));
    const expected = answer.markers.map((m) => ({ ...m, value: near(m.value), unit: normaliseUnit(m.unit), referenceLow: near(m.referenceLow), referenceHigh: near(m.referenceHigh) }));
    expect(got.sort(byMarker)).toEqual(expected.sort(byMarker));
  });
});
