import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SKIN_TYPES } from '@/lib/scan-engine/synthetic';
import { SCAN_DURATION_MS } from '@/lib/scan-engine/types';
import { writeFaceVideo, type FaceVideoOptions } from '@/tests/support/y4m';
import { expectAccessible } from './support/page-checks';
import { cameraFps, scanBrowser, scanRows, type ScanBrowser } from './support/scan-browser';
import { budget } from '../setup/machine-speed.js';

// The real scan pages in Chromium, each browser with a fake camera playing a generated face
// (tests/support/y4m.ts) whose skin pulses at a known rate and breathes at a known rate. The measured
// heart rate must be within ±3 bpm and the breathing rate within ±3 breaths/min of what was encoded, at the
// pace the camera really played it (cameraFps: a fake camera that lags plays the face's pulse slower);
// a face without a pulse must come out as a low-quality reading, not a number. Each test runs its
// three browsers at once (a scan lasts 45 s), and the project runs after the others
// (playwright.config.ts): Chromium's fake camera delivers a late frame late rather than skipping it,
// so on a starved machine the face's pulse would slow down. Six browsers at once in 1440×1000 windows
// saw 9 of the clip's 15 frames a second and measured a 75 bpm face at 70; in 640×560 windows, which
// the software compositor redraws far more cheaply, they see about 14 and measure within 0.5 bpm.

const TOLERANCE = 3;
const SCAN_TIMEOUT = 120_000;
/** The clips' own frame rate. */
const CLIP_FPS = 15;

// One test at a time (three browsers, not six): with six, the 48 bpm face sometimes came out with no
// reading at all (the engine declining a starved signal) in full-suite runs on this 2-core machine.
test.describe.configure({ mode: 'serial', timeout: budget(240_000) });
// Never traced, even on a developer's machine: a trace's screenshot of every new camera frame left each
// of the six pages 1 to 3 of the clip's 15 frames a second.
test.use({ trace: 'off' });

type Face = Pick<FaceVideoOptions, 'pulseBpm' | 'breathsPerMin' | 'flicker' | 'skinRgb' | 'exposure'>;

/** The clip for a face, made once per machine (its name carries its options and the generator's text). */
async function videoFor(face: Face): Promise<string> {
  // 15 frames a second at 160×120: Chromium's fake camera keeps its pace with several browsers at once
  // (a late frame is delivered late, not skipped, so a starved camera would slow the face's pulse down).
  const options: FaceVideoOptions = { ...face, seconds: 50, seed: 7, fps: CLIP_FPS, width: 160, height: 120 };
  const generator = statSync(path.join(process.cwd(), 'tests/support/y4m.ts')).mtimeMs;
  const key = createHash('sha256').update(JSON.stringify({ options, generator })).digest('hex').slice(0, 12);
  const file = path.join(tmpdir(), `vt-e2e-face-${face.pulseBpm ?? 'none'}-${face.breathsPerMin}-${key}.y4m`);
  if (!existsSync(file)) {
    const partial = `${file}.${process.pid}.part`;
    await writeFaceVideo(partial, options);
    const { rename } = await import('node:fs/promises');
    await rename(partial, file);
  }
  return file;
}

type Scanner = ScanBrowser;

/** A browser whose camera plays `face`, signed in as a new user who has answered the steps through `through`. */
async function scanner(face: Face, through: 'vital-signs-tutorial' | 'terms', baseURL: string, worker: number): Promise<Scanner> {
  return scanBrowser({ video: await videoFor(face), through, baseURL, worker, tag: String(face.pulseBpm ?? 'none') });
}

/** Waits for the scan's result and reads its figures. */
async function measured(page: Page) {
  await expect(page.getByTestId('scan-result')).toBeVisible({ timeout: SCAN_TIMEOUT });
  const value = async (id: string) => {
    const figure = page.getByTestId(`scan-${id}`);
    return (await figure.count()) ? Number(await figure.getAttribute('data-value')) : null;
  };
  const fps = Number(await page.getByTestId('scan-result').getAttribute('data-fps'));
  // How fast the camera played the clip over the scan's last 45 s, as a share of the clip's own pace.
  const pace = (await cameraFps(page, SCAN_DURATION_MS / 1000)) / CLIP_FPS;
  const heartRate = await value('heart-rate');
  // With no heart rate, what the page told the member: which of the engine's refusals it was (the light's
  // rhythm, no pulse seen, …), so that a failure in CI says which gate declined.
  const said = heartRate === null ? (await page.getByTestId('scan-result').innerText()).replace(/\s+/g, ' ').trim() : null;
  return { heartRate, breathing: await value('breathing-rate'), quality: await value('signal-quality'), fps, pace, said };
}

/** The face's rates as the camera played them: what the page could see. */
const played = (face: Face, pace: number) => ({ pulse: (face.pulseBpm ?? Number.NaN) * pace, breaths: face.breathsPerMin * pace });

async function expectWithin(page: Page, face: Face) {
  const result = await measured(page);
  const shown = played(face, result.pace);
  console.log(
    `[scan e2e] ${face.pulseBpm} bpm / ${face.breathsPerMin} breaths, played at ${(result.pace * 100).toFixed(1)} % of the clip's pace (${shown.pulse.toFixed(1)} / ${shown.breaths.toFixed(1)}): ` +
      `measured ${result.heartRate} bpm / ${result.breathing} breaths at ${result.fps} frames/s` +
      (result.said === null ? '' : `; with no heart rate the page said: "${result.said}"`),
  );
  expect(
    Math.abs(result.heartRate! - shown.pulse),
    `heart rate ${result.heartRate} for a ${face.pulseBpm} bpm face played at ${shown.pulse.toFixed(1)} (${result.fps} frames/s seen)${result.said === null ? '' : `; the page said: "${result.said}"`}`,
  ).toBeLessThanOrEqual(TOLERANCE);
  expect(Math.abs(result.breathing! - shown.breaths), `breathing ${result.breathing} for ${face.breathsPerMin} breaths/min played at ${shown.breaths.toFixed(1)}`).toBeLessThanOrEqual(TOLERANCE);
  return { ...result, shown };
}


test('step 9 measures and stores a scan; the weekly check-in stores one with a cuff reading and refuses a second; a face with no pulse reads as low quality', async ({ baseURL }, testInfo) => {
  const onboarding: Face = { pulseBpm: 60, breathsPerMin: 15 };
  const weekly: Face = { pulseBpm: 75, breathsPerMin: 12 };
  const still: Face = { pulseBpm: null, breathsPerMin: 15 };
  const scanners = await Promise.all([scanner(onboarding, 'vital-signs-tutorial', baseURL!, testInfo.parallelIndex), scanner(weekly, 'terms', baseURL!, testInfo.parallelIndex), scanner(still, 'terms', baseURL!, testInfo.parallelIndex)]);
  try {
    const [a, b, c] = scanners as [Scanner, Scanner, Scanner];
    await Promise.all([
      (async () => {
        await a.page.goto('/onboarding_9');
        await expect(a.page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/onboarding_8');
        // While it measures: live progress, and a spinner where Next will be.
        await expect(a.page.getByRole('progressbar', { name: 'Measuring' })).toBeVisible({ timeout: budget(20_000) });
        await expect(a.page.getByRole('status', { name: 'Measuring your vital signs' })).toBeVisible();
        await expect(a.page.getByRole('button', { name: 'Next' })).toHaveCount(0);
        await expectAccessible(a.page);
        await a.page.screenshot({ path: 'test-results/scan-onboarding-measuring.png' });
        const { shown } = await expectWithin(a.page, onboarding);
        await expect(a.page.getByText('Your measurement is saved.')).toBeVisible();
        await expect(a.page.getByText(/can’t measure blood pressure, cardiac workload, stress index, parasympathetic activity/)).toBeVisible();
        await a.page.screenshot({ path: 'test-results/scan-onboarding-result.png' });
        await expectAccessible(a.page);
        const [row] = await scanRows(a.email);
        expect(row).toMatchObject({ source: 'onboarding', engine: 'builtin', systolic: null, diastolic: null });
        expect(Math.abs(row!.heartRateBpm! - shown.pulse)).toBeLessThanOrEqual(TOLERANCE);
        expect(Math.abs(row!.breathingRateBpm! - shown.breaths)).toBeLessThanOrEqual(TOLERANCE);
        await a.page.getByRole('button', { name: 'Next' }).click();
        await expect(a.page).toHaveURL(/\/onboarding_10$/);
      })(),
      (async () => {
        await b.page.goto('/weekly_checkin');
        await expect(b.page.getByRole('heading', { level: 1, name: 'Pulse & blood pressure' })).toBeVisible();
        const { shown } = await expectWithin(b.page, weekly);
        await b.page.getByRole('textbox', { name: 'Systolic (upper), mmHg' }).fill('126');
        await b.page.getByRole('textbox', { name: 'Diastolic (lower), mmHg' }).fill('82');
        await b.page.screenshot({ path: 'test-results/scan-weekly-result.png', fullPage: true });
        await expectAccessible(b.page);
        await b.page.getByRole('button', { name: 'Done for today' }).click();
        await expect(b.page).toHaveURL(/\/main_dashboard$/);
        // The typed pressures are the cuff's, not the camera's, and the dashboard says so.
        const pressure = b.page.getByRole('region', { name: 'Blood pressure' });
        await expect(pressure.getByTestId('blood-pressure')).toHaveText('126/82mmHg');
        await expect(pressure).toContainText('From your cuff reading,');
        const [row] = await scanRows(b.email);
        expect(row).toMatchObject({ source: 'weekly', systolic: 126, diastolic: 82, pressureSource: 'cuff' });
        expect(Math.abs(row!.heartRateBpm! - shown.pulse)).toBeLessThanOrEqual(TOLERANCE);
        // The same week again: the page says so, and the API refuses it.
        await b.page.goto('/weekly_checkin');
        await expect(b.page.getByRole('status').filter({ hasText: "You've already completed your weekly check-in." })).toContainText(/Next available: \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}/);
        await expectAccessible(b.page);
        const again = await b.page.request.post('/api/weekly_checkin', { data: { heart_rate_bpm: 70 }, headers: { origin: new URL(baseURL!).origin } });
        expect([again.status(), await again.json()]).toEqual([409, { message: "You've already completed your weekly check-in.", code: 'conflict' }]);
        expect(await scanRows(b.email)).toHaveLength(1);
      })(),
      (async () => {
        await c.page.goto('/weekly_checkin');
        await expect(c.page.getByTestId('scan-result')).toBeVisible({ timeout: SCAN_TIMEOUT });
        // A face with no pulse in its skin is told so, not given the general advice.
        const alert = c.page.getByRole('alert').filter({ hasText: 'No pulse was seen in the skin' });
        await expect(alert).toBeVisible();
        const quality = Number(/signal quality (\d+)%/.exec((await alert.textContent()) ?? '')?.[1]);
        expect(quality).toBeLessThan(50);
        await expect(c.page.getByTestId('scan-heart-rate')).toHaveCount(0);
        await c.page.screenshot({ path: 'test-results/scan-no-pulse.png', fullPage: true });
        await expectAccessible(c.page);
        // Nothing measured and no cuff reading: nothing is saved.
        await c.page.getByRole('button', { name: 'Done for today' }).click();
        await expect(c.page.getByRole('alert').filter({ hasText: 'Nothing to save yet.' })).toBeVisible();
        expect(await scanRows(c.email)).toHaveLength(0);
      })(),
    ]);
    for (const s of scanners) expect(s.csp, 'Content Security Policy violations').toEqual([]);
  } finally {
    await Promise.all(scanners.map((s) => s.browser.close()));
  }
});

test('faces at 48, 95 and 120 bpm are measured within ±3 bpm, and their breathing within ±3 breaths/min', async ({ baseURL }, testInfo) => {
  const faces: Face[] = [
    { pulseBpm: 48, breathsPerMin: 18 },
    { pulseBpm: 95, breathsPerMin: 14 },
    { pulseBpm: 120, breathsPerMin: 16 },
  ];
  const scanners = await Promise.all(faces.map((face) => scanner(face, 'terms', baseURL!, testInfo.parallelIndex)));
  try {
    await Promise.all(
      scanners.map(async (s, index) => {
        await s.page.goto('/weekly_checkin');
        await expectWithin(s.page, faces[index]!);
      }),
    );
    for (const s of scanners) expect(s.csp, 'Content Security Policy violations').toEqual([]);
  } finally {
    await Promise.all(scanners.map((s) => s.browser.close()));
  }
});


// The issue's false pulse: a face with no pulse under an LED whose blue flickers more than its red (0.7×,
// 1×, 1.35×), its driver adding the mains' 2nd and 3rd harmonics, filmed at 25.4 frames/s. The clip plays
// those frames at 15 a second, so the light's line reaches the page at 1.6 × 15 / 25.4 ≈ 0.95 Hz (a
// 57 bpm "pulse") with its harmonics at 1.9 and 2.8 Hz: the wall around the face shows the same line.
test('a face with no pulse under colour-dependent LED flicker gets no heart rate at the weekly check-in, and none is saved', async ({ baseURL }, testInfo) => {
  const flickering: Face = { pulseBpm: null, breathsPerMin: 15, flicker: { hz: 100, cameraFps: 25.4, depth: 0.02, tint: [0.7, 1, 1.35], harmonics: [0.5, 0.25] } };
  const s = await scanner(flickering, 'terms', baseURL!, testInfo.parallelIndex);
  try {
    await s.page.goto('/weekly_checkin');
    await expect(s.page.getByTestId('scan-result')).toBeVisible({ timeout: SCAN_TIMEOUT });
    await expect(s.page.getByTestId('scan-heart-rate')).toHaveCount(0);
    await expect(s.page.getByRole('alert').filter({ hasText: 'The light in your room has a rhythm of its own' })).toBeVisible();
    await s.page.screenshot({ path: 'test-results/scan-flicker.png', fullPage: true });
    await expectAccessible(s.page);
    await s.page.getByRole('button', { name: 'Done for today' }).click();
    await expect(s.page.getByRole('alert').filter({ hasText: 'Nothing to save yet.' })).toBeVisible();
    expect(await scanRows(s.email)).toHaveLength(0);
    expect(s.csp, 'Content Security Policy violations').toEqual([]);
  } finally {
    await s.browser.close();
  }
});

// Whether a man with dark skin can scan at all must not hang on the detector's margin: a type VI face
// (skin [62, 41, 31] before shading) in a room at 70 % light. The finder sees the frame with its brightness
// stretched (lib/client/face-finder.ts) and keeps a found face at a lower score where it still is.
test('a type VI face in dim light is found, and the scan measures', async ({ baseURL }, testInfo) => {
  const dark: Face = { pulseBpm: 66, breathsPerMin: 14, skinRgb: [62, 41, 31], exposure: 0.7 };
  const s = await scanner(dark, 'terms', baseURL!, testInfo.parallelIndex);
  try {
    await s.page.goto('/weekly_checkin');
    const progress = s.page.getByRole('progressbar', { name: 'Measuring' });
    await expect(progress).toBeVisible({ timeout: budget(20_000) });
    // The scan's clock runs only while a face is in view: ten seconds measured is ten seconds of a face found.
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: budget(60_000) }).toBeGreaterThanOrEqual(10);
    await expect(s.page.getByText('Looking for your face…')).toHaveCount(0);
    await s.page.screenshot({ path: 'test-results/scan-type-vi-dim.png', fullPage: true });
    await expectAccessible(s.page);
    expect(s.csp, 'Content Security Policy violations').toEqual([]);
  } finally {
    await s.browser.close();
  }
});

/**
 * One clip of faces in turn, `seconds` each, the same face and framing (one seed) in every part: the
 * frames of each part's own clip after the first part's header (a .y4m file is a header line, then frames).
 */
async function faceSequence(parts: Face[], seconds: number): Promise<string> {
  const { readFile, rename, rm, writeFile } = await import('node:fs/promises');
  const generator = statSync(path.join(process.cwd(), 'tests/support/y4m.ts')).mtimeMs;
  const key = createHash('sha256').update(JSON.stringify({ parts, seconds, generator })).digest('hex').slice(0, 12);
  const file = path.join(tmpdir(), `vt-e2e-faces-${key}.y4m`);
  if (existsSync(file)) return file;
  const clips: Buffer[] = [];
  for (const [index, face] of parts.entries()) {
    const part = `${file}.${process.pid}.${index}.part`;
    await writeFaceVideo(part, { ...face, seconds, seed: 7, fps: 15, width: 160, height: 120 });
    const data = await readFile(part);
    clips.push(index === 0 ? data : data.subarray(data.indexOf(0x0a) + 1));
    await rm(part);
  }
  await writeFile(`${file}.${process.pid}.part`, Buffer.concat(clips));
  await rename(`${file}.${process.pid}.part`, file);
  return file;
}

// Faces of every skin type, from full light to dim: one clip shows types I to VI at 100 % light, then at
// 70 %, 2 s each, and loops. The scan's clock runs only while a face is in view, and a face lost for a
// look says "Looking for your face… The scan pauses until it sees you inside the oval.": 26 s measured
// with that never said is every part of the clip found (each part passes at least once in 26 s).
test('faces of skin types I to VI are found from full light to dim, with no pause in the scan', async ({ baseURL }, testInfo) => {
  const parts: Face[] = [1, 0.7].flatMap((exposure) => SKIN_TYPES.map(({ rgb }) => ({ pulseBpm: 66, breathsPerMin: 14, skinRgb: rgb, exposure })));
  const s = await scanBrowser({ video: await faceSequence(parts, 2), through: 'terms', baseURL: baseURL!, worker: testInfo.parallelIndex, tag: 'types' });
  try {
    await s.page.goto('/weekly_checkin');
    const progress = s.page.getByRole('progressbar', { name: 'Measuring' });
    await expect(progress).toBeVisible({ timeout: budget(20_000) });
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: budget(20_000) }).toBeGreaterThanOrEqual(1);
    // From the first second measured on, note whether the scan ever pauses for a lost face.
    await s.page.evaluate(() => {
      const seen = () => document.body.textContent?.includes('The scan pauses until it sees you inside the oval') ?? false;
      (window as unknown as { faceLost: boolean }).faceLost = seen();
      new MutationObserver(() => {
        if (seen()) (window as unknown as { faceLost: boolean }).faceLost = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: budget(90_000) }).toBeGreaterThanOrEqual(27);
    expect(await s.page.evaluate(() => (window as unknown as { faceLost: boolean }).faceLost), 'the scan paused for a lost face').toBe(false);
  } finally {
    await s.browser.close();
  }
});

// A rate outside what a seated man at rest shows (38–150 bpm) is shown, but saved only once the member
// ticks that it is right: a light's rhythm can pass for a racing pulse.
test('a 160 bpm reading at the weekly check-in is saved only once the member confirms it', async ({ baseURL }, testInfo) => {
  const racing: Face = { pulseBpm: 160, breathsPerMin: 15 };
  const s = await scanner(racing, 'terms', baseURL!, testInfo.parallelIndex);
  try {
    await s.page.goto('/weekly_checkin');
    const result = await measured(s.page);
    const shown = played(racing, result.pace);
    expect(Math.abs(result.heartRate! - shown.pulse)).toBeLessThanOrEqual(TOLERANCE);
    const confirm = s.page.getByTestId('scan-confirm-rate');
    await expect(confirm).toContainText('is faster than a resting heart usually beats (38–150 bpm)');
    // The scan is over and the camera released: the page at a desktop width, as a member sees it.
    await s.page.setViewportSize({ width: 1440, height: 1000 });
    await s.page.screenshot({ path: 'test-results/scan-confirm-rate.png', fullPage: true });
    await expectAccessible(s.page);
    // Not confirmed: nothing from the scan is saved.
    await s.page.getByRole('button', { name: 'Done for today' }).click();
    await expect(s.page.getByRole('alert').filter({ hasText: 'Nothing to save yet.' })).toBeVisible();
    expect(await scanRows(s.email)).toHaveLength(0);
    // Confirmed: saved.
    // The label gives the rate as measured, rounded (157 to 163 pass the tolerance above).
    await confirm.getByRole('checkbox', { name: `My pulse really was about ${Math.round(result.heartRate!)} bpm: save it` }).check();
    await s.page.getByRole('button', { name: 'Done for today' }).click();
    await expect(s.page).toHaveURL(/\/main_dashboard$/);
    const [row] = await scanRows(s.email);
    expect(Math.abs(row!.heartRateBpm! - shown.pulse)).toBeLessThanOrEqual(TOLERANCE);
    expect(s.csp, 'Content Security Policy violations').toEqual([]);
  } finally {
    await s.browser.close();
  }
});
