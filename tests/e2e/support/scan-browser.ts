// A browser of its own with Chromium's fake camera, signed in as a new member who has answered the
// onboarding steps through `through`: the camera scan's e2e tests (vitals-scan.spec.ts plays generated
// faces; vitals-scan-camera.spec.ts plays Chromium's own moving test pattern).
import path from 'node:path';
import { chromium, expect, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { appHeaders, nextClientAddress } from './client-address';
import { query } from './database';
import { answerThrough } from './onboarding-answers';
import { watchCsp } from './page-checks';

const PASSWORD = 'Longevity-e2e-2026';

export type ScanBrowser = { browser: Browser; page: Page; email: string; csp: string[] };

declare global {
  interface Window {
    /** Each frame the page drew from the camera: [performance.now(), the camera's frames so far]. */
    __cameraFrames?: [number, number][];
  }
}

/**
 * In each page, before its own scripts: every requestVideoFrameCallback of a video playing the camera also
 * notes the time and the camera's own count of the frames it has made (MediaStreamTrack.stats.totalFrames),
 * so that a test can tell how fast the fake camera really played its clip (cameraFps).
 */
function noteCameraFrames(): void {
  const video = HTMLVideoElement.prototype as HTMLVideoElement & { requestVideoFrameCallback: (callback: VideoFrameRequestCallback) => number };
  const request = video.requestVideoFrameCallback;
  window.__cameraFrames = [];
  video.requestVideoFrameCallback = function (this: HTMLVideoElement, callback: VideoFrameRequestCallback) {
    return request.call(this, (now, metadata) => {
      const stream = this.srcObject instanceof MediaStream ? this.srcObject : null;
      const track = stream?.getVideoTracks()[0] as (MediaStreamTrack & { stats?: { totalFrames: number } }) | undefined;
      if (track?.stats) window.__cameraFrames!.push([performance.now(), track.stats.totalFrames]);
      callback(now, metadata);
    });
  };
}

/**
 * The frames a second the camera made over the last `seconds` of the frames the page drew. Chromium's fake
 * camera delivers a late frame late rather than skipping it, so on a busy machine it plays its clip slower
 * than the clip's own rate, and the face on it pulses slower, in the page's time, by the same ratio.
 */
export async function cameraFps(page: Page, seconds: number): Promise<number> {
  const frames = await page.evaluate(() => window.__cameraFrames ?? []);
  const last = frames.at(-1);
  const first = last && frames.find(([at]) => at >= last[0] - seconds * 1000);
  if (!last || !first || last[0] <= first[0]) throw new Error('The page drew no camera frames to time.');
  return ((last[1] - first[1]) * 1000) / (last[0] - first[0]);
}

/** `video`: a .y4m file for the camera to play; null for Chromium's own pattern. `tag` tells the users apart. */
export async function scanBrowser({ video, through, baseURL, worker, tag }: { video: string | null; through: 'vital-signs-tutorial' | 'terms'; baseURL: string; worker: number; tag: string }): Promise<ScanBrowser> {
  const browser = await chromium.launch({
    // Ahead of the other projects' browsers and servers, which run beside the scan (playwright.config.ts).
    executablePath: path.resolve('tests/e2e/support/chromium-ahead.sh'),
    env: { ...process.env, CHROMIUM_PATH },
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', ...(video ? [`--use-file-for-fake-video-capture=${video}`] : [])],
  });
  // A modest window: the software compositor's work grows with the pixels it redraws for the video.
  const context = await browser.newContext({ baseURL, viewport: { width: 640, height: 560 } });
  const csp = await watchCsp(context);
  await context.addInitScript(noteCameraFrames);
  const address = nextClientAddress(worker + 10);
  const email = `e2e-scan-${worker}-${Date.now()}-${tag}@example.test`;
  const registered = await context.request.post('/api/register', { data: { firstName: 'Ravi', lastName: 'Pulse', email, password: PASSWORD }, headers: appHeaders(baseURL, address) });
  expect(registered.status(), await registered.text()).toBe(201);
  await answerThrough(context.request, baseURL, address, through);
  return { browser, page: await context.newPage(), email, csp };
}

/** The member's stored scans, oldest first. */
export const scanRows = (email: string) =>
  query<{ source: string; heartRateBpm: number | null; breathingRateBpm: number | null; systolic: number | null; diastolic: number | null; pressureSource: string | null; engine: string }>(
    `SELECT s.source::text AS source, s."heartRateBpm", s."breathingRateBpm", s."systolicBloodPressureMmhg" AS systolic, s."diastolicBloodPressureMmhg" AS diastolic,
       s."bloodPressureSource"::text AS "pressureSource", s.engine
     FROM vital_scans s JOIN users u ON u.id = s."userId" WHERE u.email = $1 ORDER BY s."measuredAt"`,
    [email],
  );
