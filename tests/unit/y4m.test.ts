import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FACE_OVAL, frameCountFor, writeFaceVideo, type FaceVideoOptions } from '@/tests/support/y4m';

type Frame = { y: Uint8Array; u: Uint8Array; v: Uint8Array };
type Clip = { header: string; width: number; height: number; fps: number; frames: Frame[] };

/** Reads a 4:2:0 Y4M the way Chromium's fake camera does: the header line, then "FRAME\n" + Y + U + V per frame. */
function parseY4m(data: Buffer): Clip {
  const headerEnd = data.indexOf(0x0a);
  const header = data.subarray(0, headerEnd).toString('latin1');
  const tag = (letter: string) => header.split(' ').find((token) => token.startsWith(letter))?.slice(1) ?? '';
  const width = Number(tag('W'));
  const height = Number(tag('H'));
  const fps = Number(tag('F').split(':')[0]);
  const lumaBytes = width * height;
  const chromaBytes = lumaBytes / 4;
  const frameBytes = 6 + lumaBytes + 2 * chromaBytes;
  const frames: Frame[] = [];
  for (let at = headerEnd + 1; at < data.length; at += frameBytes) {
    expect(data.subarray(at, at + 6).toString('latin1')).toBe('FRAME\n');
    const planes = at + 6;
    frames.push({
      y: data.subarray(planes, planes + lumaBytes),
      u: data.subarray(planes + lumaBytes, planes + lumaBytes + chromaBytes),
      v: data.subarray(planes + lumaBytes + chromaBytes, planes + frameBytes - 6),
    });
  }
  return { header, width, height, fps, frames };
}

/** Full-range (JPEG) BT.601 YCbCr → RGB. */
function toRgb(y: number, cb: number, cr: number): [number, number, number] {
  return [y + 1.402 * (cr - 128), y - 0.344136 * (cb - 128) - 0.714136 * (cr - 128), y + 1.772 * (cb - 128)];
}

/** Mean RGB of a square block of `size` pixels centred on (fx, fy), fractions of the frame, in one frame. */
function blockRgb(clip: Clip, frame: Frame, fx: number, fy: number, size = 4): [number, number, number] {
  const sum = [0, 0, 0];
  const x0 = Math.round(fx * clip.width - size / 2);
  const y0 = Math.round(fy * clip.height - size / 2);
  for (let y = y0; y < y0 + size; y++) {
    for (let x = x0; x < x0 + size; x++) {
      const c = (y >> 1) * (clip.width / 2) + (x >> 1);
      const rgb = toRgb(frame.y[y * clip.width + x]!, frame.u[c]!, frame.v[c]!);
      for (let k = 0; k < 3; k++) sum[k]! += rgb[k]!;
    }
  }
  return sum.map((s) => s / (size * size)) as [number, number, number];
}

/** The app's scan region: x 0.35–0.65, y 0.25–0.65 of the frame, inside the skin oval. */
const ROI = { x0: 0.35, x1: 0.65, y0: 0.25, y1: 0.65 };

/** Mean luma over the scan region, per frame. */
function roiLuma(clip: Clip): number[] {
  const x0 = Math.round(ROI.x0 * clip.width);
  const x1 = Math.round(ROI.x1 * clip.width);
  const y0 = Math.round(ROI.y0 * clip.height);
  const y1 = Math.round(ROI.y1 * clip.height);
  return clip.frames.map((frame) => {
    let sum = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += frame.y[y * clip.width + x]!;
    return sum / ((x1 - x0) * (y1 - y0));
  });
}

/** Power spectrum of a signal with its linear trend removed and a Hann window: power[k] at k·fps/n Hz. */
function powerSpectrum(signal: number[]): number[] {
  const n = signal.length;
  const meanT = (n - 1) / 2;
  const meanX = signal.reduce((s, x) => s + x, 0) / n;
  let sxy = 0;
  let sxx = 0;
  signal.forEach((x, t) => {
    sxy += (t - meanT) * (x - meanX);
    sxx += (t - meanT) ** 2;
  });
  const slope = sxy / sxx;
  const windowed = signal.map((x, t) => (x - meanX - slope * (t - meanT)) * (0.5 - 0.5 * Math.cos((2 * Math.PI * t) / (n - 1))));
  return Array.from({ length: Math.floor(n / 2) + 1 }, (_, k) => {
    let re = 0;
    let im = 0;
    windowed.forEach((x, t) => {
      re += x * Math.cos((2 * Math.PI * k * t) / n);
      im -= x * Math.sin((2 * Math.PI * k * t) / n);
    });
    return re * re + im * im;
  });
}

/** The heart-rate band 0.7–4 Hz of a spectrum of n samples: its peak bin, and the peak's power over the band's median. */
function heartBand(power: number[], n: number, fps: number): { peakBin: number; peakPower: number; peakOverMedian: number } {
  const bins = power.map((p, k) => ({ k, p })).filter(({ k }) => (k * fps) / n >= 0.7 && (k * fps) / n <= 4);
  const peak = bins.reduce((best, bin) => (bin.p > best.p ? bin : best));
  const sorted = bins.map(({ p }) => p).sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return { peakBin: peak.k, peakPower: peak.p, peakOverMedian: peak.p / median };
}

/** Welch's estimate: the mean power spectrum of `length`-sample segments overlapping by half (it smooths away the noise's spikes). */
function welchSpectrum(signal: number[], length: number): number[] {
  const spectra: number[][] = [];
  for (let start = 0; start + length <= signal.length; start += Math.floor(length / 2)) spectra.push(powerSpectrum(signal.slice(start, start + length)));
  return spectra[0]!.map((_, k) => spectra.reduce((s, spectrum) => s + spectrum[k]!, 0) / spectra.length);
}

describe('writeFaceVideo', () => {
  let dir: string;
  const pulseOptions: FaceVideoOptions = { pulseBpm: 72, breathsPerMin: 15, seconds: 10, fps: 15, width: 160, height: 120, seed: 7 };
  let pulseClip: Clip;
  let noPulseClip: Clip;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vt-y4m-'));
    const pulseFile = path.join(dir, 'pulse.y4m');
    const noPulseFile = path.join(dir, 'no-pulse.y4m');
    await writeFaceVideo(pulseFile, pulseOptions);
    // Longer, for a steadier spectrum of its noise. Same seed: its first 10 s are the pulse clip's picture, motion and noise.
    await writeFaceVideo(noPulseFile, { ...pulseOptions, pulseBpm: null, seconds: 30 });
    pulseClip = parseY4m(await readFile(pulseFile));
    noPulseClip = parseY4m(await readFile(noPulseFile));
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('counts frames', () => {
    expect(frameCountFor(50)).toBe(1500);
    expect(frameCountFor(10, 15)).toBe(150);
    expect(frameCountFor(4)).toBe(120);
  });

  it('writes the header Chromium reads, then exactly frames × ("FRAME\\n" + Y + U + V)', async () => {
    const file = path.join(dir, 'short.y4m');
    const result = await writeFaceVideo(file, { pulseBpm: 72, breathsPerMin: 15, seconds: 4, width: 160, height: 120 });
    const data = await readFile(file);
    const header = 'YUV4MPEG2 W160 H120 F30:1 Ip A1:1 C420jpeg XYSCSS=420JPEG\n';
    expect(data.subarray(0, header.length).toString('latin1')).toBe(header);
    // Chromium finds the end of the header by looking for "FRAME" in the first 200 bytes.
    expect(data.subarray(0, 200).toString('latin1').indexOf('FRAME')).toBe(header.length);
    const frames = frameCountFor(4);
    const bytes = header.length + frames * (6 + 160 * 120 * 1.5);
    expect(result).toEqual({ frames, bytes });
    expect((await stat(file)).size).toBe(bytes);
    const clip = parseY4m(data);
    expect(clip).toMatchObject({ width: 160, height: 120, fps: 30 });
    expect(clip.frames).toHaveLength(frames);
  });

  it('paints the base skin colour at the centre of the face', () => {
    const sum = [0, 0, 0];
    for (const frame of pulseClip.frames) blockRgb(pulseClip, frame, FACE_OVAL.cx, FACE_OVAL.cy).forEach((c, k) => (sum[k]! += c));
    const [r, g, b] = sum.map((s) => s / pulseClip.frames.length) as [number, number, number];
    expect(Math.abs(r - 190)).toBeLessThan(6);
    expect(Math.abs(g - 140)).toBeLessThan(6);
    expect(Math.abs(b - 120)).toBeLessThan(6);
  });

  it('keeps the scan region on the skin in every frame, whatever the motion', () => {
    const inset = 0.02;
    const corners = [
      [ROI.x0 + inset, ROI.y0 + inset],
      [ROI.x1 - inset, ROI.y0 + inset],
      [ROI.x0 + inset, ROI.y1 - inset],
      [ROI.x1 - inset, ROI.y1 - inset],
    ] as const;
    for (const frame of pulseClip.frames) {
      for (const [fx, fy] of corners) {
        const [r, g, b] = blockRgb(pulseClip, frame, fx, fy, 2);
        expect(r).toBeGreaterThan(120);
        expect(r - g).toBeGreaterThan(25);
        expect(g - b).toBeGreaterThan(0);
      }
    }
  });

  it('puts the pulse in the skin: the spectrum of the scan region’s mean luma peaks at pulseBpm / 60', () => {
    const luma = roiLuma(pulseClip);
    const n = luma.length;
    const { peakBin, peakOverMedian } = heartBand(powerSpectrum(luma), n, pulseClip.fps);
    const expectedBin = ((72 / 60) * n) / pulseClip.fps; // 1.2 Hz, bin 12 of 150 frames at 15 fps
    expect(Math.abs(peakBin - expectedBin)).toBeLessThanOrEqual(1);
    expect(peakOverMedian).toBeGreaterThan(50);
  });

  it('has no dominant peak in the heart-rate band without a pulse', () => {
    const segment = 5 * pulseClip.fps; // 5 s: 0.2 Hz bins
    const noPulse = heartBand(welchSpectrum(roiLuma(noPulseClip), segment), segment, noPulseClip.fps);
    expect(noPulse.peakOverMedian).toBeLessThanOrEqual(5);
    // And far below the pulse's peak, measured the same way.
    const pulse = heartBand(welchSpectrum(roiLuma(pulseClip), segment), segment, pulseClip.fps);
    expect(noPulse.peakPower).toBeLessThan(pulse.peakPower / 100);
  });

  it('keeps the picture, motion and noise of the pulse clip without a pulse: only the skin differs', () => {
    const { width, height } = pulseClip;
    const wall = [0, 10, 20, 30, width - 31, width - 21, width - 11, width - 1]; // columns left and right of the head
    let differingWall = 0;
    let differingSkin = 0;
    pulseClip.frames.forEach((frame, f) => {
      const other = noPulseClip.frames[f]!;
      for (let y = 0; y < height; y++) for (const x of wall) if (other.y[y * width + x] !== frame.y[y * width + x]) differingWall++;
      if (roiLuma({ ...pulseClip, frames: [frame] })[0] !== roiLuma({ ...noPulseClip, frames: [other] })[0]) differingSkin++;
    });
    expect(differingWall).toBe(0);
    expect(differingSkin).toBeGreaterThan(pulseClip.frames.length * 0.9);
  });

  it('refuses odd sizes without leaving a file behind', async () => {
    const file = path.join(dir, 'odd.y4m');
    await expect(writeFaceVideo(file, { pulseBpm: 72, breathsPerMin: 15, seconds: 1, width: 161, height: 120 })).rejects.toThrow(RangeError);
    expect(existsSync(file)).toBe(false);
  });
});
