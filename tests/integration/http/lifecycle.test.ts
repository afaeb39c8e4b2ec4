// A server process's life for an orchestrator: liveness and readiness, and the graceful stop on SIGTERM
// (new connections refused, a request in flight answered, the process gone within SHUTDOWN_GRACE_MS).
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { registerUser, startAppServer, type AppServer } from '../../setup/app-server';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a process is still running (signal 0 checks without sending anything). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A running lab-report reader (PDF text or OCR) among `root`'s descendants, by /proc; null when there is none. */
function readerOf(root: number): number | null {
  const parentOf = new Map<number, number>();
  const readers: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parentOf.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      if (/(ocr|pdf-text)-process\.mjs/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) readers.push(pid);
    } catch {
      // Gone meanwhile.
    }
  }
  return readers.find((pid) => {
    for (let at: number | undefined = pid; at && at > 1; at = parentOf.get(at)) if (at === root) return true;
    return false;
  }) ?? null;
}

async function gone(pid: number, withinMs: number): Promise<number> {
  const started = Date.now();
  while (running(pid) && Date.now() - started < withinMs) await pause(50);
  return Date.now() - started;
}

/** Waits until the server refuses a new connection (it has stopped listening). */
async function refused(url: string): Promise<boolean> {
  for (let tries = 0; tries < 100; tries++) {
    const error = await fetch(`${url}/api/health/live`).then(() => null, (e: unknown) => e);
    if (error) return true;
    await pause(50);
  }
  return false;
}

/** A login POST whose headers and first half of the body are sent now; `finish` sends the rest. */
function halfSentLogin(app: AppServer): { finish: () => void; answer: Promise<{ status: number; headers: IncomingMessage['headers']; body: string }> } {
  const body = JSON.stringify({ email: 'nobody@example.test', password: 'Not-the-password-2026' });
  const url = new URL(app.url);
  let req: ClientRequest;
  const answer = new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>((resolve, reject) => {
    req = httpRequest(
      { host: url.hostname, port: url.port, path: '/api/login', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: app.url } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.write(body.slice(0, 10));
  });
  return { finish: () => req.end(body.slice(10)), answer };
}

describe('liveness and readiness', () => {
  it('live says the process is up; ready says the database and the queue answer', async () => {
    const app = await startAppServer();
    try {
      const live = await fetch(`${app.url}/api/health/live`);
      expect(live.status).toBe(200);
      expect(await live.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`${app.url}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', db: 'ok', queue: 'ok' });
    } finally {
      await app.stop();
      await db.$disconnect();
    }
  }, 90_000);

  it('ready answers 503 when the database does not, while live still answers 200', async () => {
    // A database server that is not there: port 9 on this machine refuses.
    const app = await startAppServer({ DATABASE_URL: 'postgresql://nobody@127.0.0.1:9/none' }, { waitFor: '/api/health/live' });
    try {
      expect((await fetch(`${app.url}/api/health/live`)).status).toBe(200);
      const ready = await fetch(`${app.url}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'degraded', db: 'error', queue: 'error' });
    } finally {
      await app.stop();
    }
  }, 90_000);
});

describe('graceful stop on SIGTERM', () => {
  it('refuses new connections, answers the request in flight, then exits', async () => {
    const app = await startAppServer({ SHUTDOWN_GRACE_MS: '20000' });
    try {
      const inFlight = halfSentLogin(app);
      await pause(300);
      process.kill(app.pid, 'SIGTERM');
      expect(await refused(app.url)).toBe(true);
      // The rest of the body arrives after the stop began: the request is still answered in full.
      inFlight.finish();
      const answer = await inFlight.answer;
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toHaveProperty('message');
      expect(answer.headers.connection).toBe('close');
      // With nothing left in flight, the process leaves at once, well before its 20 s grace.
      expect(await gone(app.pid, 15_000)).toBeLessThan(15_000);
    } finally {
      if (running(app.pid)) await app.stop();
      await db.$disconnect();
    }
  }, 90_000);

  it('lets a blood-test reading in flight finish when the whole process group is signalled, as a process manager does', async () => {
    const app = await startAppServer({ SHUTDOWN_GRACE_MS: '60000' }, { ownGroup: true });
    try {
      const { browser } = await registerUser(app, { onboarded: true });
      const cookie = [...browser.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const form = new FormData();
      // A photo: its reading (OCR in a child process) takes seconds, long enough to be caught in flight.
      form.append('file', new Blob([readFileSync('tests/fixtures/labs/de-laborbefund-photo.jpg')], { type: 'image/jpeg' }), 'befund.jpg');
      const answer = fetch(`${app.url}/api/upload-lab-report`, { method: 'POST', body: form, headers: { cookie, origin: app.url } });
      let reader: number | null = null;
      for (const started = Date.now(); reader === null && Date.now() - started < 60_000; await pause(25)) reader = readerOf(app.pid);
      expect(reader).not.toBeNull();
      // SIGTERM to the server's process group: the server and, unless they lead groups of their own, its children.
      process.kill(-app.pid, 'SIGTERM');
      const res = await answer;
      expect(res.status).toBe(201);
      const read = (await res.json()) as { text_found: boolean; read_by: string | null; markers: unknown[] };
      expect([read.text_found, read.read_by]).toEqual([true, 'ocr']);
      expect(read.markers.length).toBeGreaterThan(0);
      expect(await gone(app.pid, 30_000)).toBeLessThan(30_000);
    } finally {
      await app.stop();
    }
  }, 150_000);

  it('exits after SHUTDOWN_GRACE_MS when a request never finishes', async () => {
    const app = await startAppServer({ SHUTDOWN_GRACE_MS: '1500' });
    try {
      const stuck = halfSentLogin(app);
      stuck.answer.catch(() => undefined);
      await pause(300);
      const signalled = Date.now();
      process.kill(app.pid, 'SIGTERM');
      await gone(app.pid, 15_000);
      const took = Date.now() - signalled;
      expect(running(app.pid)).toBe(false);
      expect(took).toBeGreaterThanOrEqual(1_400);
      await expect(stuck.answer).rejects.toThrow();
    } finally {
      if (running(app.pid)) await app.stop();
      await db.$disconnect();
    }
  }, 90_000);

  it('with several processes, the primary leaves once each has stopped, restarting none', async () => {
    const app = await startAppServer({ WEB_CONCURRENCY: '2' });
    try {
      for (let tries = 0; tries < 200 && !app.output().includes('(2 processes)'); tries++) await pause(100);
      process.kill(app.pid, 'SIGTERM');
      await gone(app.pid, 20_000);
      expect(running(app.pid)).toBe(false);
      expect(app.output()).not.toContain('starting another');
    } finally {
      if (running(app.pid)) await app.stop();
      await db.$disconnect();
    }
  }, 90_000);
});
