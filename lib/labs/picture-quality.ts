import 'server-only';
import sharp, { type Sharp } from 'sharp';

// Whether a photo or scan of a lab report can be read at all, told at its upload: a picture
// too dark, too small or too blurred gives OCR nothing, and the member is better told at once how to take
// it again than shown an empty review after a wait in the queue. Measured on a small grey copy (sharp
// shrinks a JPEG as it decodes it, so a 12-megapixel photo costs a few milliseconds of libvips' threads,
// never the server's event loop): the brightness of the page's paper, the 95th percentile of the
// picture's grey levels (a page is mostly paper). The corpus's photos and scans (tests/fixtures/labs)
// have paper at 228–245 of 255; a page photographed at under a quarter of that light has paper below 64.
// How faint the print is was weighed and left out: a scan's sparse print is under 5% of its pixels, so
// the spread between percentiles tells a faint page from a sparse one too poorly to refuse on it.

export const PICTURE_MESSAGES = {
  dark: 'This photo is too dark to read. Take it again in daylight, the page flat and filling the frame.',
  blurred: 'This photo is too blurred to read. Hold the phone steady, let it focus on the page, and take it again.',
  small: 'This picture is too small to read. Take the photo again with the page filling the frame, or upload the PDF your lab sent.',
} as const;

export type PictureProblem = keyof typeof PICTURE_MESSAGES;

/** The paper's grey level (of 255) under which a picture is too dark to read. */
export const DARK_PAPER = 64;
/** The shorter and the longer side, in pixels, under which a page's print is too few pixels to read. */
export const MIN_SIDES = { short: 500, long: 700 } as const;
/**
 * How sharp the print must be: the 99.9th percentile of the Laplacian's size (how abruptly grey changes from
 * a pixel to its four neighbours) on a copy at most 1,000 pixels a side. The corpus's photos and scans give
 * 228–407; blurred with a Gaussian of σ 1.5 pixels they give 124–136 and still read, at σ 2 72–86 and
 * read one to four values, at σ 2.5 40–52 and read none (docs/benchmarks.md). Under this, a picture with
 * print on it is refused as blurred.
 */
export const BLURRED_EDGES = 60;
/** The spread of grey (95th less 2nd percentile) under which a picture has no print to judge: a blank page is not a blurred one. */
const PRINT_SPREAD = 40;

/** Pictures larger than this are not measured here (their decoding would cost the server): OCR's child process reads them within its limits. */
const MAX_MEASURED_PIXELS = 40_000_000;

/** A level's percentile (0–1) in a histogram of counts, one a level. */
function percentile(histogram: readonly number[], total: number, share: number): number {
  let seen = 0;
  for (let level = 0; level < histogram.length; level += 1) {
    seen += histogram[level]!;
    if (seen >= share * total) return level;
  }
  return histogram.length - 1;
}

/**
 * The 99.9th percentile of |Laplacian| on a grey copy at most 1,000 pixels a side, worked out by libvips
 * (a 3×3 convolution, its output halved twice and centred on 128 so that both signs fit a byte).
 */
async function edgeSharpness(picture: Sharp): Promise<number> {
  const { data } = await picture
    .clone()
    .greyscale()
    .resize({ width: 1000, height: 1000, fit: 'inside', withoutEnlargement: true })
    .convolve({ width: 3, height: 3, kernel: [0, 1, 0, 1, -4, 1, 0, 1, 0], scale: 4, offset: 128 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const histogram = new Array<number>(129).fill(0);
  for (const level of data) histogram[Math.min(128, Math.abs(level - 128))]! += 1;
  return percentile(histogram, data.length, 0.999) * 4;
}

/** What makes a picture unreadable, or null when it may be read (or cannot be measured here: OCR decides). */
export async function pictureProblem(bytes: Uint8Array): Promise<PictureProblem | null> {
  try {
    const picture = sharp(bytes, { limitInputPixels: MAX_MEASURED_PIXELS, failOn: 'error' }).rotate();
    const { width, height } = await picture.metadata();
    if (!width || !height) return null;
    // The orientation of the page does not matter: the shorter side against the shorter limit.
    if (Math.min(width, height) < MIN_SIDES.short || Math.max(width, height) < MIN_SIDES.long) return 'small';
    const { data } = await picture.greyscale().resize({ width: 600, height: 600, fit: 'inside', withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
    const histogram = new Array<number>(256).fill(0);
    for (const level of data) histogram[level]! += 1;
    const paper = percentile(histogram, data.length, 0.95);
    if (paper < DARK_PAPER) return 'dark';
    if (paper - percentile(histogram, data.length, 0.02) < PRINT_SPREAD) return null;
    return (await edgeSharpness(picture)) < BLURRED_EDGES ? 'blurred' : null;
  } catch {
    // Not decodable here (too large, or damaged): the reading's own limits and messages take it from here.
    return null;
  }
}
