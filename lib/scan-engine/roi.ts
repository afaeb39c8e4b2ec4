// The skin region of a camera frame, reduced to one mean colour: the scan engine's only input.
import { median } from '@/lib/statistics';
import type { Roi } from './types';

/**
 * Forehead and cheeks of a face centred in the on-screen oval guide: x 0.35–0.65, y 0.25–0.65 of the
 * frame. The oval (and the test videos' skin oval) spans about x 0.3–0.7, y 0.15–0.85, so this box lies
 * inside it except for its two top corners, which the skin test drops. It leaves out the eyes' blinking,
 * the mouth's talking and the hair line, and keeps the most perfused skin of the face.
 */
export const FACE_ROI: Roi = { x: 0.35, y: 0.25, w: 0.3, h: 0.4 };

/**
 * The forehead-to-cheeks band of a detected face, from its box (fractions of the frame): the middle 56 %
 * of its width, and its top 55 % (a face detector's box runs from about the brows to below the chin),
 * which leaves out the mouth and the jaw's edge. Clamped to the frame.
 */
export function skinRegionOf(face: Roi): Roi {
  const inFrame = (value: number) => Math.max(0, Math.min(1, value));
  const x = inFrame(face.x + 0.22 * face.w);
  const y = inFrame(face.y);
  const right = inFrame(face.x + 0.78 * face.w);
  const bottom = inFrame(face.y + 0.55 * face.h);
  return { x, y, w: Math.max(0, right - x), h: Math.max(0, bottom - y) };
}

/**
 * Mean colour of the frame's pixels outside `face` grown by a fifth on every side (hair and ears stay
 * out): the room's light without blood in it, which light.ts compares the skin with. n = 0 when the face
 * fills the frame.
 */
export function meanOutside(data: Uint8ClampedArray, width: number, height: number, face: Roi): { r: number; g: number; b: number; n: number } {
  const x0 = (face.x - 0.2 * face.w) * width;
  const x1 = (face.x + 1.2 * face.w) * width;
  const y0 = (face.y - 0.2 * face.h) * height;
  const y1 = (face.y + 1.2 * face.h) * height;
  let [r, g, b, n] = [0, 0, 0, 0];
  for (let y = 0; y < height; y += 1) {
    const rowInside = y + 0.5 >= y0 && y + 0.5 < y1;
    for (let x = 0; x < width; x += 1) {
      if (rowInside && x + 0.5 >= x0 && x + 0.5 < x1) continue;
      const i = (y * width + x) * 4;
      r += data[i]!;
      g += data[i + 1]!;
      b += data[i + 2]!;
      n += 1;
    }
  }
  return n > 0 ? { r: r / n, g: g / n, b: b / n, n } : { r: 0, g: 0, b: 0, n: 0 };
}

/** The middle of a detected face, cheeks and nose (box x 0.3–0.7, y 0.4–0.65), whose colour the skin test learns. */
export function skinSampleOf(face: Roi): Roi {
  return { x: face.x + 0.3 * face.w, y: face.y + 0.4 * face.h, w: 0.4 * face.w, h: 0.25 * face.h };
}

/** Fewer skin pixels than this share of the region and the skin test has failed (odd light, a colour cast): average them all. */
export const MIN_SKIN_SHARE = 0.1;

/** BT.601 luma and chroma of an RGB pixel (0..255). */
const lumaOf = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
const cbOf = (r: number, g: number, b: number) => 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
const crOf = (r: number, g: number, b: number) => 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;

/**
 * A plausibly-skin pixel: chroma in the skin cluster of Chai and Ngan ("Face segmentation using skin-colour
 * map in videophone applications", IEEE TCSVT 9(4), 1999: 77 ≤ Cb ≤ 127, 133 ≤ Cr ≤ 173, BT.601), for
 * every skin tone since tone is mostly luma. Very dark pixels (Y < 30) have no reliable chroma and clipped
 * ones (a channel ≥ 250) no pulse, so both are out.
 */
export function isSkin(r: number, g: number, b: number): boolean {
  if (lumaOf(r, g, b) < 30 || r >= 250 || g >= 250 || b >= 250) return false;
  const cb = cbOf(r, g, b);
  const cr = crOf(r, g, b);
  return cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173;
}

/**
 * The member's own skin colour, learnt from the middle of their detected face: its median chroma (BT.601
 * Cb, Cr), how far from it a skin pixel may lie, and the darkest light that still has a colour. Fixed
 * chroma limits kept about half of dark skin's pixels in a dim room and 98 % of light skin's; a learnt
 * centre keeps nearly all of either.
 */
export type SkinModel = { cb: number; cr: number; radius: number; minLuma: number };

/** Chroma radius limits: noise in a dim room needs room, but not so much that a grey wall passes. */
const SKIN_RADIUS = { min: 6, max: 18 } as const;

/**
 * Learns the skin from RGBA `data` (width × height): every pixel with a colour (luma ≥ 8, none clipped)
 * votes; the centre is the median chroma, the radius three robust standard deviations (1.4826 × MAD of
 * the distance) within SKIN_RADIUS, the luma floor 40 % of the median luma. Null with fewer than 16 votes.
 */
export function learnSkin(data: Uint8ClampedArray, width: number, height: number): SkinModel | null {
  const cbs: number[] = [];
  const crs: number[] = [];
  const lumas: number[] = [];
  for (let i = 0, end = width * height * 4; i < end; i += 4) {
    const r = data[i]!;
    const g = data[i + 1]!;
    const b = data[i + 2]!;
    const y = lumaOf(r, g, b);
    if (y < 8 || r >= 250 || g >= 250 || b >= 250) continue;
    cbs.push(cbOf(r, g, b));
    crs.push(crOf(r, g, b));
    lumas.push(y);
  }
  if (lumas.length < 16) return null;
  const cb = median(cbs);
  const cr = median(crs);
  const spread = 1.4826 * median(cbs.map((value, k) => Math.hypot(value - cb, crs[k]! - cr)));
  const radius = Math.max(SKIN_RADIUS.min, Math.min(SKIN_RADIUS.max, 3 * spread));
  return { cb, cr, radius, minLuma: Math.max(8, 0.4 * median(lumas)) };
}

/** A pixel of the learnt skin: near its chroma, lit enough to have a colour, and not clipped. */
export function isLearntSkin(model: SkinModel, r: number, g: number, b: number): boolean {
  if (lumaOf(r, g, b) < model.minLuma || r >= 250 || g >= 250 || b >= 250) return false;
  const dcb = cbOf(r, g, b) - model.cb;
  const dcr = crOf(r, g, b) - model.cr;
  return dcb * dcb + dcr * dcr <= model.radius * model.radius;
}

/**
 * Mean colour (0..255) of the skin pixels of `roi` (fractions of the frame) in RGBA `data`, and how many
 * pixels it averages; all the region's pixels when fewer than MIN_SKIN_SHARE pass the skin test, and
 * n = 0 for an empty region. The skin test is the learnt `skin` when given, else the fixed one (isSkin).
 * One pass over the region, no allocation.
 */
export function meanRgb(data: Uint8ClampedArray, width: number, height: number, roi: Roi, skin: SkinModel | null = null): { r: number; g: number; b: number; n: number } {
  const skinTest = skin ? (r: number, g: number, b: number) => isLearntSkin(skin, r, g, b) : isSkin;
  const clampTo = (value: number, max: number) => Math.max(0, Math.min(max, value));
  const x0 = clampTo(Math.floor(roi.x * width), width);
  const x1 = clampTo(Math.ceil((roi.x + roi.w) * width), width);
  const y0 = clampTo(Math.floor(roi.y * height), height);
  const y1 = clampTo(Math.ceil((roi.y + roi.h) * height), height);
  let [skinR, skinG, skinB, skinN] = [0, 0, 0, 0];
  let [allR, allG, allB] = [0, 0, 0];
  for (let y = y0; y < y1; y += 1) {
    for (let i = (y * width + x0) * 4, end = (y * width + x1) * 4; i < end; i += 4) {
      const r = data[i]!;
      const g = data[i + 1]!;
      const b = data[i + 2]!;
      allR += r;
      allG += g;
      allB += b;
      if (skinTest(r, g, b)) {
        skinR += r;
        skinG += g;
        skinB += b;
        skinN += 1;
      }
    }
  }
  const all = (x1 - x0) * (y1 - y0);
  if (all <= 0) return { r: 0, g: 0, b: 0, n: 0 };
  if (skinN >= MIN_SKIN_SHARE * all) return { r: skinR / skinN, g: skinG / skinN, b: skinB / skinN, n: skinN };
  return { r: allR / all, g: allG / all, b: allB / all, n: all };
}
