// The skin region of a camera frame, reduced to one mean colour: the scan engine's only input.
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

/** Fewer skin pixels than this share of the region and the skin test has failed (odd light, a colour cast): average them all. */
export const MIN_SKIN_SHARE = 0.1;

/**
 * A plausibly-skin pixel: chroma in the skin cluster of Chai and Ngan ("Face segmentation using skin-colour
 * map in videophone applications", IEEE TCSVT 9(4), 1999: 77 ≤ Cb ≤ 127, 133 ≤ Cr ≤ 173, BT.601), for
 * every skin tone since tone is mostly luma. Very dark pixels (Y < 30) have no reliable chroma and clipped
 * ones (a channel ≥ 250) no pulse, so both are out.
 */
export function isSkin(r: number, g: number, b: number): boolean {
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  if (y < 30 || r >= 250 || g >= 250 || b >= 250) return false;
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173;
}

/**
 * Mean colour (0..255) of the skin pixels of `roi` (fractions of the frame) in RGBA `data`, and how many
 * pixels it averages; all the region's pixels when fewer than MIN_SKIN_SHARE pass the skin test, and
 * n = 0 for an empty region. One pass over the region, no allocation.
 */
export function meanRgb(data: Uint8ClampedArray, width: number, height: number, roi: Roi): { r: number; g: number; b: number; n: number } {
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
      if (isSkin(r, g, b)) {
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
