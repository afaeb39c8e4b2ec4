// Pictures of the corpus (tests/fixtures/labs) that OCR finds hard, and pictures changed as a member's phone
// or scanner would change them, read as an upload is: a second look at the figures the whole page left
// unsure, and metamorphic checks (a reading may find fewer values, never another value than the key's). In a
// file of its own so that Jest runs it beside lab-corpus-pictures.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from '@jest/globals';
import { readLabReport } from '@/lib/labs/read-report';
import { FIXTURES, readAnswers } from '../fixtures/labs/answer-key';
import { budget } from '../setup/machine-speed.js';

const answers = readAnswers();

describe('a second look at figures OCR was unsure of', () => {
  // fr-bilan-scan: on the whole page Tesseract is unsure of "24" (vitamin D), "2,12" (total cholesterol,
  // its "*" flag glued on) and the ranges "11 à 44" and "1,7 à 8,6"; each read alone, enlarged, is sure.
  it('reads the values and ranges the whole page left unsure, and still no value off the key', async () => {
    const answer = answers.find((a) => a.id === 'fr-bilan-scan')!;
    const reading = await readLabReport(new Uint8Array(readFileSync(path.join(FIXTURES, answer.file))), 'image');
    const read = (marker: string) => reading.report.markers.find((m) => m.marker === marker);
    expect([read('vitamin_d')?.value, read('total_cholesterol')?.value]).toEqual([24, 2.12]);
    expect([read('oestradiol')?.referenceLow, read('oestradiol')?.referenceHigh]).toEqual([11, 44]);
    expect([read('lh')?.referenceLow, read('lh')?.referenceHigh]).toEqual([1.7, 8.6]);
    for (const marker of reading.report.markers) expect([marker.marker, marker.value]).toEqual([marker.marker, answer.markers.find((m) => m.marker === marker.marker)?.value]);
  }, budget(120_000));
});

/** A soft-edged shadow, as a hand holding the phone casts, across the page's middle at a slant: half the light there. */
const shadow = (width: number, height: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="s" x1="0" y1="0" x2="0.4" y2="1">` +
      '<stop offset="0.25" stop-color="#fff"/><stop offset="0.4" stop-color="#808080"/><stop offset="0.65" stop-color="#808080"/><stop offset="0.8" stop-color="#fff"/>' +
      `</linearGradient></defs><rect width="${width}" height="${height}" fill="url(#s)"/></svg>`,
  );

describe('a picture changed as a member’s phone or scanner would change it (metamorphic)', () => {
  // Rotated by 3° on the scanner's glass, scanned again at a lower resolution, or photographed with the
  // phone's shadow falling across the page: the reading may find fewer values, never another value than
  // the report's.
  // Each saved as its fourth field says (every row names it: Jest hands a shorter row's test a callback there).
  const changes: [string, string, (picture: ReturnType<typeof sharp>, width: number, height: number) => ReturnType<typeof sharp>, 'png' | 'jpeg 55'][] = [
    ['us-quest-scan', 'rotated by 3°', (picture) => picture.rotate(3, { background: '#d6d6d2' }), 'png'],
    ['de-laborbefund-photo', 'rescanned at 150 dpi', (picture, width) => picture.resize({ width: Math.round((width * 150) / 168) }), 'png'],
    ['us-previous-photo', 'with a shadow across the page', (picture, width, height) => picture.composite([{ input: shadow(width, height), blend: 'multiply' }]), 'png'],
    ['uk-comparators-photo', 'taken in dimmer light and saved as a JPEG of quality 55', (picture) => picture.linear(0.7, 0), 'jpeg 55'],
  ];
  it.each(changes)('%s %s gives no value that is not on its key', async (id, _change, change, saved) => {
    const answer = answers.find((a) => a.id === id)!;
    const file = path.join(FIXTURES, answer.file);
    const { width = 0, height = 0 } = await sharp(file).metadata();
    const changed = change(sharp(file), width, height);
    const bytes = new Uint8Array(await (saved === 'jpeg 55' ? changed.jpeg({ quality: 55 }) : changed.png()).toBuffer());
    const reading = await readLabReport(bytes, 'image');
    expect(reading.readBy).toBe('ocr');
    for (const marker of reading.report.markers) {
      const key = answer.markers.find((m) => m.marker === marker.marker);
      expect([marker.marker, marker.value, marker.comparator]).toEqual([marker.marker, key?.value, key?.comparator]);
    }
    // It still reads: half of what the key holds, at least.
    expect(reading.report.markers.length).toBeGreaterThanOrEqual(answer.markers.length / 2);
  }, budget(120_000));
});
