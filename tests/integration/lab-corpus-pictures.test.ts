// The corpus's scans and photos (tests/fixtures/labs), read by OCR as an upload is (lab-corpus.test.ts reads
// its text PDFs). Each picture is read once, in a test of its own with its own limit, and the readings are
// shared with the last test, which judges them together: no value that is not on a picture's key (what OCR
// is unsure of is left out), and at least 85% of the keyed markers over all six.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { readLabReport, type ReportReading } from '@/lib/labs/read-report';
import { FIXTURES, readAnswers } from '../fixtures/labs/answer-key';
import { budget } from '../setup/machine-speed.js';

// Six pictures, one of each capture on a few layouts: each costs seconds of OCR, so the rest of the
// corpus's pictures (for tuning) are measured by bench:labs alone.
const TESTED_IMAGES = ['us-quest-scan', 'in-lab-scan', 'uk-private-photo', 'de-laborbefund-photo', 'nhs-gp-scan-pdf', 'us-abbrev-scan-pdf'];
const answers = readAnswers();
const images = answers.filter((answer) => TESTED_IMAGES.includes(answer.id));

/** Each picture's reading, made once by its own test below. */
const readings = new Map<string, ReportReading>();

describe('scans and photos of the corpus, read by OCR', () => {
  it('are the six pictures named', () => {
    expect(images.map((answer) => answer.id).sort()).toEqual([...TESTED_IMAGES].sort());
  });

  // Each read is bounded by OCR_LIMITS (150 s): a read cut by its limit fails the readBy check, not this timeout.
  it.each(images.map((answer) => [answer.id, answer] as const))('%s gives no value that is not on its key', async (_id, answer) => {
    const bytes = new Uint8Array(readFileSync(path.join(FIXTURES, answer.file)));
    const reading = await readLabReport(bytes, answer.file.endsWith('.pdf') ? 'pdf' : 'image');
    readings.set(answer.id, reading);
    expect([answer.id, reading.readBy]).toEqual([answer.id, 'ocr']);
    for (const marker of reading.report.markers) {
      const key = answer.markers.find((m) => m.marker === marker.marker);
      expect([answer.id, marker.marker, marker.value, marker.comparator]).toEqual([answer.id, marker.marker, key?.value, key?.comparator]);
    }
  }, budget(200_000));

  it('give at least 85% of the markers, all six together', () => {
    expect([...readings.keys()].sort()).toEqual([...TESTED_IMAGES].sort());
    const found = [...readings.values()].reduce((sum, reading) => sum + reading.report.markers.length, 0);
    const keyed = images.reduce((sum, answer) => sum + answer.markers.length, 0);
    expect(found / keyed).toBeGreaterThanOrEqual(0.85);
  });
});
