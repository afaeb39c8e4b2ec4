import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from '@jest/globals';
import { db } from '@/lib/db';
import { freePort } from './free-port';
import { waitFor } from '../support/wait-for';
import { budget } from './machine-speed.js';
import { ANSWER_CALLS, ANSWER_ORDER, DEFAULT_ANSWERS } from './onboarding-calls';

/** How long a server may take to answer its first check before the test fails with its output, on the reference day. */
const START_REFERENCE_MS = 90_000;
/** The same limit on the machine as it is today (machine-speed.js). */
export const START_LIMIT_MS = budget(START_REFERENCE_MS);
/** The time limit of a hook or test that starts a server: its start, and half a minute for the rest. */
export const STARTS_A_SERVER_MS = START_LIMIT_MS + budget(30_000);

export type AppServer = {
  url: string;
  /** The server's process id, to watch its memory and CPU from /proc. */
  pid: number;
  mailDir: string;
  /** Everything the server printed, to check that nothing sensitive reached the logs. */
  output: () => string;
  /** SIGTERM, answered by a graceful stop; resolves at once for a server already gone. */
  stop: () => Promise<void>;
  /** SIGKILL: the process dies mid-request, as on a crash or an OOM kill. */
  kill: () => Promise<void>;
};

/** The production build, served by `next start` on this test file's own database. */
/** `waitFor`: the path that must answer 2xx before the server counts as up (a server without a database is live, not ready). */
/** `ownGroup`: the server leads a process group of its own, so a test can signal the whole group (`process.kill(-pid)`), as a process manager does. */
export async function startAppServer(extraEnv: Record<string, string> = {}, options: { waitFor?: string; ownGroup?: boolean } = {}): Promise<AppServer> {
  if (!existsSync('.next/BUILD_ID')) throw new Error('Run `npm run build` before the HTTP integration tests.');
  // A port another process took between freePort's check and the server's listen: another port.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(extraEnv, options);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= 3) throw error;
    }
  }
}

/** The server could not listen on its port: something else took it first. */
class PortTaken extends Error {}

async function startOnce(extraEnv: Record<string, string>, { waitFor: readyPath = '/api/health', ownGroup = false }: { waitFor?: string; ownGroup?: boolean }): Promise<AppServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const mailDir = mkdtempSync(path.join(tmpdir(), 'vt-mail-'));
  let output = '';
  const child: ChildProcess = spawn('node', ['server.mjs', '-p', String(port), '-H', '127.0.0.1'], {
    env: { ...process.env, NODE_ENV: 'production', APP_URL: url, MAIL_DIR: mailDir, NEXTAUTH_SECRET: 'integration-secret-integration-secret',
      // The test client stands in for a trusted proxy: the right-most X-Forwarded-For hop is the client.
      TRUSTED_PROXY_COUNT: '1',
      ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: ownGroup,
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  // Generous: beside Playwright on a busy 2-core machine a start has taken over 30 s (the server said
  // "Ready" after 11 s of loading, and its readiness check, at niceness 5, came later still).
  await waitFor(
    async () => {
      // Ours once it says it listens (server.mjs prints "Ready on" after its listen succeeds): two files can be
      // handed one port, and before that line the answer may come from the other file's server and database.
      // A fetch that throws: not listening yet.
      if (output.includes('Ready on ') && (await fetch(`${url}${readyPath}`).then((answer) => answer.ok, () => false))) return true;
      if (output.includes('EADDRINUSE')) {
        child.kill('SIGKILL');
        throw new PortTaken(`port ${port} was taken`);
      }
      if (child.exitCode !== null) throw new Error(`next start exited before it came up:\n${output}`);
      return false;
    },
    'next start to come up',
    { timeoutMs: START_REFERENCE_MS, intervalMs: 150, detail: () => output },
  );
  const signal = (name: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(name);
    });
  return {
    url,
    pid: child.pid!,
    mailDir,
    output: () => output,
    stop: () => signal('SIGTERM'),
    kill: () => signal('SIGKILL'),
  };
}

/**
 * Starts the app before this file's tests and stops it after them, closing the file's own Prisma
 * pool too. The returned object is filled in once the server is up.
 */
/** The production build for this file's tests; `extraEnv` is read once the file's other beforeAll hooks have run (a fake's URL). */
export function serveAppForThisFile(extraEnv: () => Record<string, string> = () => ({})): AppServer {
  const handle = {} as AppServer;
  beforeAll(async () => {
    Object.assign(handle, await startAppServer(extraEnv()));
  }, STARTS_A_SERVER_MS);
  afterAll(async () => {
    await handle.stop();
    await db.$disconnect();
  });
  return handle;
}

/** A small client that keeps the cookie jar of one browser. */
export function client(base: string, ip = '203.0.113.10') {
  const jar = new Map<string, string>();
  async function request(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(base + pathname, {
      method,
      redirect: 'manual',
      headers: {
        'x-forwarded-for': ip,
        ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
        ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, value] = pair!.split('=');
      if (/max-age=0/i.test(cookie) || value === '') jar.delete(name!);
      else jar.set(name!, value!);
    }
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // Not JSON (a page, or a redirect).
    }
    return { status: response.status, headers: response.headers, json, text };
  }
  return {
    jar,
    get: (p: string, headers?: Record<string, string>) => request('GET', p, undefined, headers),
    post: (p: string, body?: unknown, headers?: Record<string, string>) => request('POST', p, body, headers),
    put: (p: string, body?: unknown, headers?: Record<string, string>) => request('PUT', p, body, headers),
    patch: (p: string, body?: unknown, headers?: Record<string, string>) => request('PATCH', p, body, headers),
    del: (p: string, headers?: Record<string, string>) => request('DELETE', p, undefined, headers),
  };
}

let registered = 0;

/**
 * A new user registered through the real POST /api/register, signed in in their own `client`, and,
 * with `onboarded`, through every onboarding step's real call with typical answers.
 */
export async function registerUser(app: Pick<AppServer, 'url'>, { firstName = 'Marcus', lastName = 'Aurelius', onboarded = false } = {}) {
  registered += 1;
  const email = `user${registered}-${process.pid}-${Date.now()}@example.test`;
  const browser = client(app.url, `203.0.113.${(registered % 200) + 20}`);
  const origin = { origin: app.url };
  const signup = await browser.post('/api/register', { email, password: 'Sturdy-Oak-2026!', firstName, lastName }, origin);
  if (signup.status !== 201) throw new Error(`register answered ${signup.status}: ${signup.text}`);
  if (onboarded) {
    for (const step of ANSWER_ORDER) {
      const answer = await browser.post(ANSWER_CALLS[step], DEFAULT_ANSWERS[step], origin);
      if (answer.status !== 200) throw new Error(`${ANSWER_CALLS[step]} answered ${answer.status}: ${answer.text}`);
    }
  }
  const { id } = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
  return { browser, email, userId: id };
}
