// A server process's life for an orchestrator: liveness and readiness, and the graceful stop on SIGTERM
// (new connections refused, a request in flight answered, the process gone within SHUTDOWN_GRACE_MS).
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { JOBS_ARGS } from '@/scripts/lib/jobs-command';
import { registerUser, startAppServer, type AppServer } from '../../setup/app-server';
import { budget } from '../../setup/machine-speed.js';
import { waitFor } from '../../support/wait-for';


/** Whether a process is still running (signal 0 checks without sending anything). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether a process is still at work: running, and not a zombie waiting to be reaped. */
function working(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
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

/** The jobs process (as `npm run jobs` starts it) on this file's database, leading a process group of its own, once it runs. */
async function startJobsProcess(extraEnv: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, JOBS_ARGS, {
    env: { ...process.env, JOBS_SCHEDULE: 'off', LAB_READER_NICENESS: '0', ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`The jobs process exited before it started: ${output.slice(-400)}`);
      return output.includes('Background jobs running');
    },
    'the jobs process to start',
    { timeoutMs: 60_000, detail: () => output.slice(-400) },
  );
  return child;
}

/** How long `pid` took to exit, waiting at most `withinMs` on the reference day (machine-speed.js). */
async function gone(pid: number, withinMs: number): Promise<number> {
  const started = Date.now();
  await waitFor(() => !running(pid), `process ${pid} to exit`, { timeoutMs: withinMs }).catch(() => undefined);
  return Date.now() - started;
}

/** Waits until the server refuses a new connection (it has stopped listening). */
const refused = (url: string) => waitFor(() => fetch(`${url}/api/health/live`).then(() => false, () => true), 'the server to refuse connections', { timeoutMs: 5_000 });

/**
 * A login POST whose headers and first bytes of the body are sent now; `finish` sends the rest. `received`
 * resolves once the server has read the headers (its `100 Continue`, Node's answer to `Expect: 100-continue`
 * as it hands the request on): from then on the request is in flight.
 */
function halfSentLogin(app: AppServer): { finish: () => void; received: Promise<void>; answer: Promise<{ status: number; headers: IncomingMessage['headers']; body: string }> } {
  const body = JSON.stringify({ email: 'nobody@example.test', password: 'Not-the-password-2026' });
  const url = new URL(app.url);
  let req: ClientRequest;
  let onContinue: () => void;
  const received = new Promise<void>((resolve) => (onContinue = resolve));
  const answer = new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>((resolve, reject) => {
    req = httpRequest(
      { host: url.hostname, port: url.port, path: '/api/login', method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: app.url, expect: '100-continue' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.on('continue', () => onContinue());
    req.write(body.slice(0, 10));
  });
  return { finish: () => req.end(body.slice(10)), received, answer };
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
  }, budget(90_000));

  it('ready answers 503 when the database does not, while live still answers 200', async () => {
    // A database server that is not there: port 9 on this machine refuses.
    const app = await startAppServer({ DATABASE_URL: 'postgresql://nobody@127.0.0.1:9/none' }, { waitFor: '/api/health/live' });
    try {
      expect((await fetch(`${app.url}/api/health/live`)).status).toBe(200);
      const ready = await fetch(`${app.url}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'degraded', db: 'error', queue: 'error', message: 'This instance cannot serve: the database is not answering.' });
    } finally {
      await app.stop();
    }
  }, budget(90_000));
});

describe('graceful stop on SIGTERM', () => {
  it('refuses new connections, answers the request in flight, then exits', async () => {
    const app = await startAppServer({ SHUTDOWN_GRACE_MS: '20000' });
    try {
      const inFlight = halfSentLogin(app);
      await inFlight.received;
      process.kill(app.pid, 'SIGTERM');
      await refused(app.url);
      // The rest of the body arrives after the stop began: the request is still answered in full.
      inFlight.finish();
      const answer = await inFlight.answer;
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toHaveProperty('message');
      expect(answer.headers.connection).toBe('close');
      // With nothing left in flight, the process leaves at once, well before its 20 s grace.
      expect(await gone(app.pid, 20_000)).toBeLessThan(20_000);
    } finally {
      if (running(app.pid)) await app.stop();
      await db.$disconnect();
    }
  }, budget(90_000));

  it('hands a blood-test reading in flight back to the queue when the jobs process group is signalled, and the next jobs process reads it', async () => {
    const app = await startAppServer();
    const started: ChildProcess[] = [];
    try {
      const { browser } = await registerUser(app, { onboarded: true });
      const cookie = [...browser.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const form = new FormData();
      // A photo: its reading (OCR in a child process of the jobs process) takes seconds, long enough to be caught in flight.
      form.append('file', new Blob([readFileSync('tests/fixtures/labs/de-laborbefund-photo.jpg')], { type: 'image/jpeg' }), 'befund.jpg');
      const answer = await fetch(`${app.url}/api/upload-lab-report`, { method: 'POST', body: form, headers: { cookie, origin: app.url } });
      expect(answer.status).toBe(202);
      const { report_id: id } = (await answer.json()) as { report_id: string };

      // A grace shorter than the reading: the stop hands it back to the queue.
      const first = await startJobsProcess({ JOBS_SHUTDOWN_GRACE_MS: '1000' });
      started.push(first);
      const reader = await waitFor(() => readerOf(first.pid!), 'the jobs process to start its reader', { timeoutMs: 60_000, intervalMs: 25 });
      expect((await browser.get(`/api/lab-reports/${id}`)).json.status).toBe('reading');
      // SIGTERM to the jobs process's group, as a process manager stops it.
      process.kill(-first.pid!, 'SIGTERM');
      expect(await gone(first.pid!, 30_000)).toBeLessThan(30_000);
      // Its reader went with it (at most a zombie, where nothing reaps orphans), killed as it exited.
      await waitFor(() => !working(reader), 'the reader to go with its jobs process');

      started.push(await startJobsProcess({}));
      let read: { status: string; text_found?: boolean; read_by?: string | null; markers?: unknown[] } = { status: 'reading' };
      await waitFor(async () => (read = (await browser.get(`/api/lab-reports/${id}`)).json as typeof read).status === 'ready', 'the next jobs process to read the photo', { timeoutMs: 120_000, intervalMs: 250, detail: () => JSON.stringify(read) });
      expect([read.status, read.text_found, read.read_by]).toEqual(['ready', true, 'ocr']);
      expect(read.markers!.length).toBeGreaterThan(0);
    } finally {
      for (const jobs of started) if (jobs.pid && running(jobs.pid)) process.kill(-jobs.pid, 'SIGKILL');
      await app.stop();
      await db.$disconnect();
    }
  }, budget(240_000));

  it('stops a blood-test reader whose jobs process was killed outright (SIGKILL, no graceful stop)', async () => {
    const app = await startAppServer();
    const started: ChildProcess[] = [];
    try {
      const { browser } = await registerUser(app, { onboarded: true });
      const cookie = [...browser.jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const form = new FormData();
      form.append('file', new Blob([readFileSync('tests/fixtures/labs/de-laborbefund-photo.jpg')], { type: 'image/jpeg' }), 'befund.jpg');
      const answer = await fetch(`${app.url}/api/upload-lab-report`, { method: 'POST', body: form, headers: { cookie, origin: app.url } });
      expect(answer.status).toBe(202);
      const jobs = await startJobsProcess({});
      started.push(jobs);
      const reader = await waitFor(() => readerOf(jobs.pid!), 'the jobs process to start its reader', { timeoutMs: 60_000, intervalMs: 25 });
      // SIGKILL to the jobs process alone: its exit handlers never run, and the reader has a process group of its own.
      process.kill(jobs.pid!, 'SIGKILL');
      expect(await gone(jobs.pid!, 30_000)).toBeLessThan(30_000);
      await waitFor(() => !working(reader), 'the orphaned reader to stop');
    } finally {
      for (const jobs of started) if (jobs.pid && running(jobs.pid)) process.kill(-jobs.pid, 'SIGKILL');
      await app.stop();
      await db.$disconnect();
    }
  }, budget(240_000));

  it('exits after SHUTDOWN_GRACE_MS when a request never finishes', async () => {
    const app = await startAppServer({ SHUTDOWN_GRACE_MS: '1500' });
    try {
      const stuck = halfSentLogin(app);
      stuck.answer.catch(() => undefined);
      await stuck.received;
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
  }, budget(90_000));

  it('with several processes, the primary leaves once each has stopped, restarting none', async () => {
    const app = await startAppServer({ WEB_CONCURRENCY: '2' });
    try {
      await waitFor(() => app.output().includes('(2 processes)'), 'the primary to say both processes are up', { timeoutMs: 20_000, intervalMs: 100 });
      process.kill(app.pid, 'SIGTERM');
      await gone(app.pid, 20_000);
      expect(running(app.pid)).toBe(false);
      expect(app.output()).not.toContain('starting another');
    } finally {
      if (running(app.pid)) await app.stop();
      await db.$disconnect();
    }
  }, budget(90_000));
});
