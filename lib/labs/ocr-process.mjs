// Optical character recognition of a scanned or photographed lab report, run as a child process by
// ./report-text.ts (readImageText) with a time and a memory limit, like the PDF reader beside it: the
// file's bytes arrive on stdin, `{"pages": [[text, x, y, width, height, confidence], ...][] | null,
// "alternate": <the same> | null}` leaves on stdout, one entry per recognised word, in the prepared
// picture's pixels from its top-left.
//
// Tesseract (tesseract.js: the engine compiled to WebAssembly, in a worker thread) reads English,
// German and French; their trained data ships in npm packages (@tesseract.js-data/eng, deu, fra) and is
// unzipped once into a folder of the machine's temporary directory, which is where tesseract.js reads
// it from: nothing is downloaded. An image is read as it is; a PDF without a text layer (a scan) is read
// page by page from its largest picture, which PDF.js decodes (JPEG and the rest) into pixels.
//
// A photo is first cut to its page (pageOnly: a page on a desk is a bright block in a darker frame).
// Each picture is then made grey and, when it is smaller, enlarged (Lanczos) to about a page's width at
// 300 dpi, the size Tesseract's models read best: a 150 dpi scan's 10 pt digits are otherwise too few
// pixels for a decimal point. Its light is evened out (each pixel divided by the paper's brightness
// around it), so that a shadow across a photographed page, or a page lit from one side, leaves the paper
// white and the print dark for Tesseract's one threshold per page (docs/benchmarks.md has the figures). It is then read twice, in two page-segmentation modes (automatic, and one
// uniform block of text), which lose different rows of a table; the parser merges the two readings and
// keeps no marker they disagree on (./read-report.ts). A word with figures that either reading was unsure
// of is given a second look: cut out, enlarged twice and read alone as one line, it replaces the first
// reading only when OCR is sure of every word it reads there.
//
// A word's position is its line's: words of one recognised line share that line's baseline, so a
// photo taken a few degrees askew still gives whole rows (./layout.ts then finds the column gaps); a word
// well below its line's baseline keeps that offset.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';
import { getDocumentProxy } from 'unpdf';
import { OPS } from 'unpdf/pdfjs';

const [kind, maxPagesArgument] = process.argv.slice(2);

// A reader whose parent is gone (killed outright, with no chance to kill its readers) stops as well: a
// reader runs in a process group of its own, so nothing else would end it, and nobody is left to read
// its answer. Orphaned, it is handed to another parent, which is how it notices. The parent names itself
// (--parent=<pid>), since it may have gone before this process started (it starts through a shell).
const parentPid = Number(process.argv.find((argument) => argument.startsWith('--parent='))?.slice('--parent='.length)) || process.ppid;
setInterval(() => {
  if (process.ppid !== parentPid) process.exit(1);
}, 250).unref();
const maxPages = Number(maxPagesArgument);
const LANGUAGES = ['eng', 'deu', 'fra'];
/** With --progress, a line "done/total" goes to file descriptor 3 after each reading of a page (the reading job shows it). */
const progress = process.argv.includes('--progress');
function step(done, total) {
  if (!progress) return;
  try {
    writeSync(3, `${done}/${total}\n`);
  } catch {
    // Nobody listens: the reading goes on without.
  }
}
const require = createRequire(import.meta.url);

/**
 * The trained data, unzipped once per machine into the folder tesseract.js reads it from (unzipping three
 * languages cost a quarter of a CPU-second on every read). Each file is written under a temporary name and
 * renamed, so that a reader started meanwhile never sees half a file.
 */
function languageFolder() {
  const sources = LANGUAGES.map((code) => path.join(require(`@tesseract.js-data/${code}`).langPath, `${code}.traineddata.gz`));
  // Named by the packaged files' sizes, so that another version of the data is unzipped afresh.
  const folder = path.join(os.tmpdir(), 'vitality-ocr-data-v2', sources.map((source) => statSync(source).size).join('-'));
  mkdirSync(folder, { recursive: true });
  for (const [index, code] of LANGUAGES.entries()) {
    const target = path.join(folder, `${code}.traineddata`);
    if (existsSync(target)) continue;
    const source = sources[index];
    const partial = `${target}.${process.pid}.part`;
    writeFileSync(partial, zlib.gunzipSync(readFileSync(source)));
    renameSync(partial, target);
  }
  return folder;
}

/** Rec. 601 luma weights, the grey of each RGB pixel: 0.299 R + 0.587 G + 0.114 B. */
const LUMA = [0.299, 0.587, 0.114];

/**
 * PDF.js's decoded picture (kinds: 1 grey at 1 bit a pixel, 2 RGB, 3 RGBA) as a greyscale PNG encoded by
 * sharp, which tesseract.js reads without the memory a raw bitmap format costs it; OCR reads grey anyway.
 */
async function pngOf({ width, height, kind: pixelKind, data }) {
  if (pixelKind === 1) {
    // sharp takes no 1-bit pixels: each row's bits (a row padded to whole bytes) spread to 0 or 255.
    const bitRow = Math.ceil(width / 8);
    const grey = Buffer.alloc(width * height);
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) grey[y * width + x] = (data[y * bitRow + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0;
    }
    return sharp(grey, { raw: { width, height, channels: 1 } }).png().toBuffer();
  }
  // Rec. 601 luma of the gamma-encoded values (sharp's greyscale() weighs linear light, which turns red
  // print a lighter grey); the + 0.5 rounds where the cast back to 8 bits would cut the fraction off.
  return sharp(data, { raw: { width, height, channels: pixelKind === 3 ? 4 : 3 } })
    .removeAlpha()
    .recomb([LUMA, LUMA, LUMA])
    .linear(1, 0.5)
    .extractChannel(0)
    .png()
    .toBuffer();
}

/** The largest picture on each of a scanned PDF's first `maxPages` pages, as images to recognise. */
async function pdfPictures(bytes) {
  const pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  try {
    const pictures = [];
    for (let number = 1; number <= Math.min(pdf.numPages, maxPages); number += 1) {
      const page = await pdf.getPage(number);
      const operators = await page.getOperatorList();
      let largest = null;
      for (let i = 0; i < operators.fnArray.length; i += 1) {
        if (operators.fnArray[i] !== OPS.paintImageXObject) continue;
        const name = operators.argsArray[i]?.[0];
        if (typeof name !== 'string') continue;
        const image = await new Promise((resolve) => page.objs.get(name, resolve));
        if (image?.data && image.width * image.height > (largest ? largest.width * largest.height : 0)) largest = image;
      }
      if (largest) pictures.push(await pngOf(largest));
      page.cleanup();
    }
    return pictures;
  } finally {
    await pdf.destroy();
  }
}

/** A gap between two adjacent digits wider than this many line heights is where a decimal point stood. */
const POINT_GAP = 0.3;

/** Whether two adjacent digits of a word stand a decimal point's width apart. */
function pointGap(symbols, height) {
  for (let i = 1; i < symbols.length; i += 1) {
    const [before, after] = [symbols[i - 1], symbols[i]];
    if (/^\d$/.test(before.text) && /^\d$/.test(after.text) && after.bbox.x0 - before.bbox.x1 > POINT_GAP * height) return true;
  }
  return false;
}

/** A word read with less confidence than this is given a second look (report-text.ts trusts 60 and up). */
const SURE = 60;
/** A second look must be this sure of its reading to replace the first. */
const SURE_AGAIN = 80;
/** How much a second look enlarges the word's box. */
const ENLARGE_AGAIN = 2;

/**
 * Every recognised word of one image as [text, x, y, width, height, confidence], and the words with
 * figures OCR was unsure of (their place in `words`, their box in the picture) for a second look.
 */
async function recognise(worker, image) {
  const { data } = await worker.recognize(image, { rotateAuto: true }, { blocks: true, text: false });
  const words = [];
  const doubtful = [];
  for (const block of data.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const height = Math.max(1, line.rowAttributes?.rowHeight ?? line.bbox.y1 - line.bbox.y0);
        const { x0, y0, x1, y1 } = line.baseline;
        const baselineAt = (x) => y0 + ((y1 - y0) * (x - x0)) / (x1 - x0 || 1);
        for (const word of line.words) {
          if (word.text.trim() === '') continue;
          // Tesseract sometimes takes a smaller line just below (a method line) into the line above: such a
          // word sits well under the line's baseline and keeps that offset, so the layout can part them.
          const offset = word.bbox.y1 - baselineAt((word.bbox.x0 + word.bbox.x1) / 2);
          const y = Math.round(line.bbox.y1 + (Math.abs(offset) > 0.4 * height ? offset : 0));
          // A gap between two digits as wide as a decimal point and its margins: the point was probably lost
          // ("4 6" for "4.6"), so the word's figures are not to be trusted.
          const lostPoint = pointGap(word.symbols ?? [], height);
          const confidence = lostPoint ? 0 : Math.round(word.confidence);
          if (confidence < SURE && /\d/.test(word.text)) doubtful.push({ index: words.length, bbox: word.bbox, height });
          words.push([word.text, word.bbox.x0, y, word.bbox.x1 - word.bbox.x0, height, confidence]);
        }
      }
    }
  }
  return { words, doubtful };
}

/**
 * A second look at one word OCR was unsure of: its box, with a margin, cut out of the picture, enlarged
 * twice and read alone as one line of text. Its words, placed back in the picture, replace the first
 * reading only when each was read with SURE_AGAIN confidence and no gap where a decimal point may have
 * stood ("?????" can come back as "11 à 44"); otherwise null.
 */
async function lookAgain(worker, { image, width: pictureWidth, height: pictureHeight }, { bbox, height }) {
  const margin = Math.round(0.4 * height);
  const left = Math.max(0, bbox.x0 - margin);
  const top = Math.max(0, bbox.y0 - margin);
  const width = Math.min(pictureWidth, bbox.x1 + margin) - left;
  const tall = Math.min(pictureHeight, bbox.y1 + margin) - top;
  if (width < 4 || tall < 4) return null;
  const crop = await sharp(image).extract({ left, top, width, height: tall }).resize({ width: width * ENLARGE_AGAIN, kernel: 'lanczos3' }).png({ compressionLevel: 1 }).toBuffer();
  const { data } = await worker.recognize(crop, {}, { blocks: true, text: false });
  const read = [];
  for (const line of (data.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines))) {
    const lineHeight = Math.max(1, line.rowAttributes?.rowHeight ?? line.bbox.y1 - line.bbox.y0);
    // A table's rule or a speck beside the word reads as a mark of its own: only words with a letter or a figure count.
    for (const word of line.words) if (/[\p{L}\d]/u.test(word.text)) read.push({ word, sure: word.confidence >= SURE_AGAIN && !pointGap(word.symbols ?? [], lineHeight) });
  }
  if (!read.length || !read.every(({ sure }) => sure)) return null;
  return read.map(({ word }) => ({
    text: word.text.trim(),
    x: Math.round(left + word.bbox.x0 / ENLARGE_AGAIN),
    width: Math.round((word.bbox.x1 - word.bbox.x0) / ENLARGE_AGAIN),
    confidence: Math.round(word.confidence),
  }));
}

/** About an A4 page's width at 300 dpi: smaller pictures are enlarged to it, by at most MAX_ENLARGE. */
const TARGET_WIDTH = 2500;
const MAX_ENLARGE = 2.5;
/** The page-segmentation modes read: automatic (3), and one uniform block (6). */
const SEGMENTATIONS = ['3', '6'];

/** The picture grey, when small enlarged towards TARGET_WIDTH, and its light evened out, as a PNG that says it is 300 dpi. */
async function prepared(original) {
  const image = await pageOnly(original);
  const { width, density } = await sharp(image).metadata();
  const factor = width ? Math.min(MAX_ENLARGE, Math.max(1, TARGET_WIDTH / width)) : 1;
  let picture = sharp(image).greyscale();
  if (factor > 1.05) picture = picture.resize({ width: Math.round(width * factor), kernel: 'lanczos3' });
  return evenLight(await picture.raw().toBuffer({ resolveWithObject: true }), density);
}

/** How much smaller the paper's light is estimated than the picture. */
const LIGHT_SCALE = 16;
/** The window (in the small copy's pixels, each side) whose brightest pixel is the paper there: wider than a letter or a filled header row. */
const PAPER_WINDOW = 4;
/**
 * Paper whose brightness varies by no more than this across the page (between its 5th and 95th
 * percentiles, of 255) is lit evenly already: the corpus's flatbed scans vary by 9 to 10, its photos by
 * 60 and more (tests/fixtures/labs).
 */
const EVEN_PAPER = 30;

/**
 * The light evened out, where it varies: each pixel divided by the paper’s brightness around it, estimated from a copy
 * LIGHT_SCALE times smaller as the brightest pixel within PAPER_WINDOW (print is darker than its paper),
 * smoothed and enlarged back. A shadow across the page, or a page lit from one side, then leaves the
 * paper white and the print dark everywhere, which Tesseract's single threshold for the whole page needs.
 */
async function evenLight({ data, info }, density) {
  const { width, height } = info;
  const smallWidth = Math.max(1, Math.round(width / LIGHT_SCALE));
  const smallHeight = Math.max(1, Math.round(height / LIGHT_SCALE));
  const small = await sharp(data, { raw: { width, height, channels: 1 } }).resize(smallWidth, smallHeight, { fit: 'fill' }).toColourspace('b-w').raw().toBuffer();
  const brightest = (source, horizontal) => {
    const out = Buffer.alloc(source.length);
    for (let y = 0; y < smallHeight; y += 1)
      for (let x = 0; x < smallWidth; x += 1) {
        let max = 0;
        for (let d = -PAPER_WINDOW; d <= PAPER_WINDOW; d += 1) {
          const [sx, sy] = horizontal ? [x + d, y] : [x, y + d];
          if (sx >= 0 && sx < smallWidth && sy >= 0 && sy < smallHeight) max = Math.max(max, source[sy * smallWidth + sx]);
        }
        out[y * smallWidth + x] = max;
      }
    return out;
  };
  const paperSmall = brightest(brightest(small, true), false);
  // Paper lit evenly (a flatbed scan's, an image-only PDF's) is left as it is.
  const sorted = Uint8Array.from(paperSmall).sort();
  if (sorted[Math.floor(sorted.length * 0.95)] - sorted[Math.floor(sorted.length * 0.05)] <= EVEN_PAPER) {
    // As read, with the resolution the picture said it had (which Tesseract reads the print's size from).
    const picture = sharp(data, { raw: { width, height, channels: 1 } });
    return (density ? picture.withMetadata({ density }) : picture).png({ compressionLevel: 1 }).toBuffer();
  }
  const paper = await sharp(paperSmall, { raw: { width: smallWidth, height: smallHeight, channels: 1 } })
    .blur(PAPER_WINDOW)
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const even = Buffer.alloc(width * height);
  for (let i = 0; i < even.length; i += 1) even[i] = Math.min(255, Math.round((data[i] * 255) / Math.max(1, paper[i])));
  return sharp(even, { raw: { width, height, channels: 1 } }).withMetadata({ density: 300 }).png({ compressionLevel: 1 }).toBuffer();
}

/** The longest run of indices whose share of paper is at least `share`: the page's extent along one axis. */
function pageRun(shares, share) {
  let best = [0, -1];
  let start = -1;
  shares.forEach((value, index) => {
    if (value >= share) {
      if (start === -1) start = index;
      if (index - start > best[1] - best[0]) best = [start, index];
    } else start = -1;
  });
  return best;
}

/**
 * A photo cut to its page: a page photographed on a desk or a table is a bright block in a darker frame.
 * Cut to it, the page is enlarged further towards the width Tesseract reads best, and the desk's edges
 * and objects give no words. A picture that is all page (a scan), or whose page cannot be told from its
 * frame, is left whole.
 */
async function pageOnly(image) {
  const { data, info } = await sharp(image).rotate().greyscale().removeAlpha().resize({ width: 400, withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const sorted = Uint8Array.from(data).sort();
  const [dark, light] = [sorted[Math.floor(sorted.length * 0.05)], sorted[Math.floor(sorted.length * 0.95)]];
  if (light - dark < 60) return image;
  const paper = (dark + light) / 2;
  const columns = new Array(width).fill(0);
  const rows = new Array(height).fill(0);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      if (data[y * width + x] > paper) {
        columns[x] += 1 / height;
        rows[y] += 1 / width;
      }
  const [x0, x1] = pageRun(columns, 0.5);
  const [y0, y1] = pageRun(rows, 0.5);
  const area = ((x1 - x0 + 1) * (y1 - y0 + 1)) / (width * height);
  if (x1 < x0 || y1 < y0 || area > 0.9 || area < 0.3) return image;
  const meta = await sharp(image).rotate().metadata();
  const [fullWidth, fullHeight] = meta.autoOrient ? [meta.autoOrient.width, meta.autoOrient.height] : [meta.width, meta.height];
  const scale = fullWidth / width;
  const margin = Math.round(fullWidth * 0.01);
  const left = Math.max(0, Math.round(x0 * scale) - margin);
  const top = Math.max(0, Math.round(y0 * scale) - margin);
  const right = Math.min(fullWidth, Math.round((x1 + 1) * scale) + margin);
  const bottom = Math.min(fullHeight, Math.round((y1 + 1) * scale) + margin);
  return sharp(image).rotate().extract({ left, top, width: right - left, height: bottom - top }).png({ compressionLevel: 1 }).toBuffer();
}

async function ocrPages(bytes) {
  let images;
  try {
    images = kind === 'pdf' ? await pdfPictures(bytes) : [Buffer.from(bytes)];
  } catch {
    return null;
  }
  if (!images.length) return null;
  const worker = await Tesseract.createWorker(LANGUAGES, Tesseract.OEM.LSTM_ONLY, { langPath: languageFolder(), gzip: false, cacheMethod: 'none' });
  try {
    const ready = [];
    for (const image of images) ready.push(await prepared(image));
    // Each prepared picture with its size, for the second looks' cut-outs.
    const sized = [];
    for (const image of ready) {
      const { width, height } = await sharp(image).metadata();
      sized.push({ image, width, height });
    }
    const readings = [];
    // The steps: each page read in each mode, then the second looks as one.
    const steps = SEGMENTATIONS.length * ready.length + 1;
    step(0, steps);
    for (const mode of SEGMENTATIONS) {
      // Tables: keep the gaps between words, so that columns stay apart.
      await worker.setParameters({ preserve_interword_spaces: '1', tessedit_pageseg_mode: mode });
      const pages = [];
      for (const image of ready) {
        pages.push(await recognise(worker, image));
        step(readings.length * ready.length + pages.length, steps);
      }
      readings.push(pages);
    }
    // Second looks, one line of text each (mode 7); a word both readings doubted is looked at once.
    await worker.setParameters({ tessedit_pageseg_mode: '7' });
    const looked = new Map();
    for (const pages of readings) {
      for (const [number, { words, doubtful }] of pages.entries()) {
        for (const doubt of doubtful) {
          const key = `${number}:${Math.round(doubt.bbox.x0 / 8)}:${Math.round(doubt.bbox.y0 / 8)}:${words[doubt.index][0]}`;
          if (!looked.has(key)) looked.set(key, await lookAgain(worker, sized[number], doubt));
          const again = looked.get(key);
          // On its first reading's line: the second look's words take the first word's height and row.
          if (again) words[doubt.index] = again.map(({ text, x, width, confidence }) => [text, x, words[doubt.index][2], width, words[doubt.index][4], confidence]);
        }
      }
    }
    return readings.map((pages) => (pages.some(({ words }) => words.length) ? pages.map(({ words }) => words.flatMap((word) => (Array.isArray(word[0]) ? word : [word]))) : null));
  } catch {
    return null;
  } finally {
    await worker.terminate();
  }
}

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const readings = await ocrPages(new Uint8Array(Buffer.concat(chunks)));
// `pages`: the first reading; `alternate`: the second (null when it found nothing).
const [pages = null, alternate = null] = readings ?? [];
process.stdout.write(JSON.stringify({ pages, alternate }), () => process.exit(0));
