import 'server-only';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import subsetFont from 'subset-font';

// The doctor's summary's fonts: the Noto families, under the SIL Open Font License, shipped as npm
// packages (@embedpdf/fonts-*), so that a member's questions and name print in their own script. Each
// character is drawn in the first family that has it: Noto Sans (Latin, Greek and Cyrillic), Noto Naskh
// Arabic, Noto Sans SC (Chinese). Only the characters a PDF uses are embedded: each font is cut down with
// HarfBuzz's subsetter (subset-font), which keeps the layout tables Arabic's joining needs, then embedded by
// pdf-lib, whose fontkit shapes and orders the Arabic. (pdf-lib's own subsetting cut Noto Sans's Cyrillic
// and made Noto Sans SC's CFF outlines unreadable to Poppler, so it only finishes the TrueType ones.)

type Weight = 'regular' | 'bold';
type Family = { name: string; pkg: string; files: Record<Weight, string>; outlines: 'truetype' | 'cff' };

const FAMILIES: readonly Family[] = [
  { name: 'Noto Sans', pkg: '@embedpdf/fonts-latin', files: { regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' }, outlines: 'truetype' },
  { name: 'Noto Naskh Arabic', pkg: '@embedpdf/fonts-arabic', files: { regular: 'NotoNaskhArabic-Regular.ttf', bold: 'NotoNaskhArabic-Bold.ttf' }, outlines: 'truetype' },
  { name: 'Noto Sans SC', pkg: '@embedpdf/fonts-sc', files: { regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' }, outlines: 'cff' },
];

/** Signs Noto Sans lacks, written as a reader would type them; anything no family draws is a "?". */
const PLAIN: Record<string, string> = { '≤': '<=', '≥': '>=', '\u2212': '-' };
const MISSING = '?';

// The packages export no path to their files (and the server bundle's require has no resolve): each is read
// from its package's folder under the app's own node_modules, where `npm install` puts it.
const fontFile = (family: Family, weight: Weight) => path.join(process.cwd(), 'node_modules', family.pkg, 'fonts', family.files[weight]);

// Read and parsed once per process (a family only once a text needs it: Noto Sans SC is 8 MB).
const bytesOf = new Map<string, Promise<Uint8Array>>();
const coverageOf = new Map<string, Promise<{ has: (codePoint: number) => boolean }>>();

function fontBytes(family: Family, weight: Weight): Promise<Uint8Array> {
  const file = fontFile(family, weight);
  let bytes = bytesOf.get(file);
  if (!bytes) bytesOf.set(file, (bytes = readFile(file).then((buffer) => new Uint8Array(buffer))));
  return bytes;
}

function coverage(family: Family): Promise<{ has: (codePoint: number) => boolean }> {
  let found = coverageOf.get(family.name);
  if (!found) {
    found = fontBytes(family, 'regular').then((bytes) => {
      const font = fontkit.create(bytes);
      return { has: (codePoint: number) => font.hasGlyphForCodePoint(codePoint) };
    });
    coverageOf.set(family.name, found);
  }
  return found;
}

/** A piece of text in one family. */
export type Run = { text: string; family: number };

/** Which family draws each character of `text`, in runs; a sign Noto Sans lacks is spelt plainly, and a character none draws is a "?". */
export async function runsOf(text: string): Promise<Run[]> {
  const runs: Run[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    // A sign Noto Sans lacks but a reader types plainly is typed so, before a family of another script is
    // looked in (Noto Sans SC has ≤, and would be parsed and embedded, 8 MB of it, for a PSA result).
    const plain = PLAIN[char];
    const spelt = plain !== undefined && !(await coverage(FAMILIES[0]!)).has(codePoint);
    const found = spelt ? 0 : await familyFor(codePoint);
    const drawn = spelt ? plain : found === null ? MISSING : char;
    const family = found ?? 0;
    const last = runs.at(-1);
    // A space stays with the run it is in, so that a phrase of Arabic is laid out (and ordered) whole.
    if (last && (last.family === family || /^\s$/u.test(drawn))) last.text += drawn;
    else runs.push({ text: drawn, family });
  }
  return runs;
}

async function familyFor(codePoint: number): Promise<number | null> {
  // Whitespace and the controls a text may hold are the first family's.
  if (codePoint < 0x21) return 0;
  for (const [index, family] of FAMILIES.entries()) if ((await coverage(family)).has(codePoint)) return index;
  return null;
}

/** The fonts for one PDF: each family and weight embedded, cut down to the characters `uses` lists for it. */
export type PdfFonts = { font: (family: number, weight: Weight) => PDFFont };

export async function embedFonts(doc: PDFDocument, uses: Map<string, string>): Promise<PdfFonts> {
  doc.registerFontkit(fontkit);
  const embedded = new Map<string, PDFFont>();
  await Promise.all(
    [...uses].map(async ([key, characters]) => {
      const [familyIndex, weight] = key.split(':') as [string, Weight];
      const family = FAMILIES[Number(familyIndex)]!;
      const cut = await subsetFont(Buffer.from(await fontBytes(family, weight)), characters, { targetFormat: 'sfnt' });
      embedded.set(key, await doc.embedFont(new Uint8Array(cut), { subset: family.outlines === 'truetype' }));
    }),
  );
  return {
    font: (family, weight) => {
      const font = embedded.get(`${family}:${weight}`);
      if (!font) throw new Error(`No font embedded for ${FAMILIES[family]?.name} ${weight}`);
      return font;
    },
  };
}

/** The key `embedFonts` takes a family and weight by. */
export const fontKey = (family: number, weight: Weight) => `${family}:${weight}`;
