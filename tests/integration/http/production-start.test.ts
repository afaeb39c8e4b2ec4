import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/demo/account';
import { copyForProduction } from '../../setup/production-copy';
import { freePort } from '../../setup/free-port';
import { budget } from '../../setup/machine-speed.js';
import { waitFor } from '../../support/wait-for';

// `npm start` here also creates the embedded database and applies every migration before Next loads, where
// the other HTTP files' servers (90 s, START_LIMIT_MS) use the running PostgreSQL: on a loaded CI machine this
// start took 90 s (the stop's CI at 3c3cf97 printed "Ready" just as the old 90 s limit ran out).
const EMBEDDED_START_REFERENCE_MS = 180_000;
const EMBEDDED_START_LIMIT_MS = budget(EMBEDDED_START_REFERENCE_MS);

// Inside .data/ so that the hard links stay on this checkout's file system.
mkdirSync('.data', { recursive: true });
const host = mkdtempSync(path.resolve('.data/production-'));
let stopServer = async () => {};
afterAll(async () => {
  await stopServer();
  rmSync(host, { recursive: true, force: true });
});

/** The first good answer of /api/health; a fetch that throws means the server is not listening yet. */
function waitForHealth(url: string, exited: () => boolean, output: () => string): Promise<Response> {
  return waitFor(
    async () => {
      const response = await fetch(`${url}/api/health`).catch(() => null);
      if (response?.ok) return response;
      if (exited()) throw new Error(`npm start exited before it came up:\n${output()}`);
      return null;
    },
    'npm start to come up',
    { timeoutMs: EMBEDDED_START_REFERENCE_MS, intervalMs: 250, detail: output },
  );
}

/** `npm start` in the production copy, in a process group of its own so that stopping it reaches npm's children. */
async function npmStart(env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn('npm', ['start', '--', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: host,
    detached: true,
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: '', NEXTAUTH_SECRET: '', APP_URL: url, EMBEDDED_DB_DIR: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  stopServer = () =>
    new Promise((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once('exit', () => resolve());
      process.kill(-server.pid!, 'SIGTERM');
    });
  const health = await waitForHealth(url, () => server.exitCode !== null, () => output);
  return { url, health, output: () => output };
}

/** The embedded database `npm start` made in the copy, as its owner file publishes it. */
async function embeddedQuery<T extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<T[]> {
  const owner = JSON.parse(readFileSync(path.join(host, '.data/pglite-owner.json'), 'utf8')) as { port: number };
  const client = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${owner.port}/postgres?sslmode=disable` });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

// The README's first path, as a new user takes it: `npm start` with no DATABASE_URL creates, migrates and
// serves an embedded database, with the demo member only when SEED_DEMO=1 asks (the one smoke path of the
// embedded database through the production build; tests/integration/embedded-database.test.ts covers the
// database's own start).
describe('npm start on a production host', () => {
  it('serves the build with only the production packages installed, without seeding the demo user; SEED_DEMO=1 seeds it, and the demo signs in', async () => {
    if (!existsSync('.next/BUILD_ID')) throw new Error('Run `npm run build` before the HTTP integration tests.');
    const packages = copyForProduction(host);
    expect(packages).toContain('node_modules/next');
    expect(existsSync(path.join(host, 'node_modules/jest'))).toBe(false);
    expect(existsSync(path.join(host, 'node_modules/eslint'))).toBe(false);
    expect(existsSync(path.join(host, 'node_modules/tsx'))).toBe(true);

    const first = await npmStart({ SEED_DEMO: '', EMBEDDED_DB_PORT: String(await freePort()) });
    expect(await first.health.json()).toEqual({ status: 'ok', db: 'ok' });
    // The embedded database it created holds the schema but no demo user.
    expect(await embeddedQuery('SELECT email FROM users WHERE email = $1', [DEMO_EMAIL])).toEqual([]);
    expect(first.output()).not.toContain('Seeded the demo user');
    await stopServer();

    // Started again on the same data directory with SEED_DEMO=1: migrated once, and the demo is there.
    const seeded = await npmStart({ SEED_DEMO: '1', EMBEDDED_DB_PORT: String(await freePort()) });
    expect(await seeded.health.json()).toEqual({ status: 'ok', db: 'ok' });
    const [migrations] = await embeddedQuery<{ n: number; distinct: number }>('SELECT count(*)::int AS n, count(DISTINCT migration_name)::int AS distinct FROM _prisma_migrations WHERE finished_at IS NOT NULL', []);
    expect(migrations!.n).toBeGreaterThan(0);
    expect(migrations!.n).toBe(migrations!.distinct);
    expect(await embeddedQuery('SELECT u.email, (SELECT count(*)::int FROM daily_metrics m WHERE m."userId" = u.id) AS metrics FROM users u WHERE email = $1', [DEMO_EMAIL])).toEqual([
      { email: DEMO_EMAIL, metrics: 240 },
    ]);
    const login = await fetch(`${seeded.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: seeded.url }, body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }) });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const info = await fetch(`${seeded.url}/api/get-user-info`, { headers: { cookie } });
    expect([info.status, ((await info.json()) as { email?: string }).email]).toEqual([200, DEMO_EMAIL]);
    // What it logged, seeding and the sign-in included, holds neither the demo's password nor any address.
    for (const output of [first.output(), seeded.output()]) {
      expect(output).not.toContain(DEMO_PASSWORD);
      expect(output).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/);
    }
  }, 2 * EMBEDDED_START_LIMIT_MS + budget(120_000));
});
