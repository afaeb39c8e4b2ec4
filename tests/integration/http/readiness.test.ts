// GET /api/health/ready over HTTP on the production build (docs/operations.md, "Health checks and stopping"): ready means able to serve. It stays
// 200 through fifty connections of the dashboard's calls, also while every one of them waits on a slow query
// (the app's pool all taken), and it answers 503 with a { message } on a real outage: a database that has
// gone away, until it is back. (The probe itself, in process: tests/integration/job-queue-readiness.test.ts.)
import { createServer, createConnection, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from '@jest/globals';
import autocannon from 'autocannon';
import pg from 'pg';
import { db } from '@/lib/db';
import { READINESS_TIMEOUT_MS } from '@/lib/observability/health-check';
import { registerUser, startAppServer, STARTS_A_SERVER_MS, type AppServer } from '../../setup/app-server';
import { budget } from '../../setup/machine-speed.js';
import { waitFor } from '../../support/wait-for';

const POOL = 5;
const DASHBOARD_CALLS = ['/api/vitals', '/api/activity', '/api/sleep_score', '/api/trends/testosterone', '/api/todays_actions', '/api/notification/next'];

afterAll(async () => {
  await db.$disconnect();
});

type Check = { status: number; body: Record<string, unknown>; started: number; ended: number };

/** Asks /api/health/ready one request after another, each answer noted with when it was asked and answered, until `stop()`. */
function watchReadiness(app: AppServer) {
  let over = false;
  const checks: Check[] = [];
  const done = (async () => {
    while (!over) {
      const started = Date.now();
      const response = await fetch(`${app.url}/api/health/ready`);
      checks.push({ status: response.status, body: (await response.json()) as Record<string, unknown>, started, ended: Date.now() });
    }
  })();
  return { checks, stop: async () => ((over = true), await done, checks) };
}

/** Fifty connections cycling through the dashboard's calls, signed in as `cookie`, until stopped. */
function dashboardLoad(app: AppServer, cookie: string) {
  const requests = DASHBOARD_CALLS.map((path) => ({ method: 'GET' as const, path, headers: { cookie, 'x-forwarded-for': '198.18.9.9' } }));
  let instance: autocannon.Instance | undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon({ url: app.url, connections: 50, duration: 600, requests }, (error: unknown, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result)));
  });
  return { stop: () => (instance!.stop(), finished) };
}

const lockWaiters = async () => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)[0]!.n;

describe('readiness under load', () => {
  it('stays 200 through fifty connections of dashboard calls, also while all of them wait on a locked table', async () => {
    // A pool of five: fifty connections take it whole at once.
    const app = await startAppServer({ DATABASE_POOL_SIZE: String(POOL) }, { waitFor: '/api/health/ready' });
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    try {
      const { browser } = await registerUser(app, { onboarded: true });
      const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
      await admin.connect();

      // The load, and with it every signed-in call held on the sessions table: each of the pool's
      // connections waits on the lock, and the requests behind them wait for a connection.
      const load = dashboardLoad(app, cookie);
      const watch = watchReadiness(app);
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
      await waitFor(async () => (await lockWaiters()) >= POOL, 'every connection of the pool to wait on the lock');
      // Held while readiness is asked, until three checks have been asked and answered in the hold and it has
      // lasted twice the probe's own limit (the earlier check, queued behind the app's pool, answered 503 there after 3 s).
      const heldFrom = Date.now();
      const inHold = () => watch.checks.filter((check) => check.started >= heldFrom);
      await waitFor(() => inHold().length >= 3 && Date.now() - heldFrom > 2 * READINESS_TIMEOUT_MS, 'three readiness checks in the hold', { timeoutMs: 30_000, intervalMs: 100 });
      const held = inHold();
      await admin.query('ROLLBACK');

      const result = await load.stop();
      const answers = await watch.stop();
      expect(result['2xx'] + result.non2xx).toBeGreaterThan(0);
      expect(held.length).toBeGreaterThanOrEqual(3);
      expect(answers.filter((check) => check.status !== 200)).toEqual([]);
      expect(new Set(answers.map((check) => JSON.stringify(check.body)))).toEqual(new Set([JSON.stringify({ status: 'ok', db: 'ok', queue: 'ok' })]));
    } finally {
      await admin.end().catch(() => undefined);
      await app.stop();
    }
  }, STARTS_A_SERVER_MS + budget(60_000));
});

/** A TCP relay to the PostgreSQL server that can be cut (every connection closed, new ones refused) and restored. */
async function relayToPostgres(): Promise<{ port: number; cut: () => Promise<void>; restore: () => Promise<void>; close: () => Promise<void> }> {
  const target = new URL(process.env.DATABASE_URL!);
  const sockets = new Set<Socket>();
  let server: Server;
  const listen = (port: number) =>
    new Promise<number>((resolve) => {
      server = createServer((client) => {
        const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  const port = await listen(0);
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return { port, cut: stop, restore: async () => void (await listen(port)), close: stop };
}

describe('readiness on an outage', () => {
  it('answers 503 with a message while the database is gone, and 200 again once it is back', async () => {
    const relay = await relayToPostgres();
    const url = new URL(process.env.DATABASE_URL!);
    url.host = `127.0.0.1:${relay.port}`;
    const app = await startAppServer({ DATABASE_URL: url.toString() }, { waitFor: '/api/health/ready' });
    try {
      expect((await fetch(`${app.url}/api/health/ready`)).status).toBe(200);
      await relay.cut();
      await waitFor(async () => (await fetch(`${app.url}/api/health/ready`)).status === 503, 'readiness to see the outage');
      const gone = await fetch(`${app.url}/api/health/ready`);
      expect([gone.status, gone.headers.get('content-type'), await gone.json()]).toEqual([
        503,
        'application/json',
        { status: 'degraded', db: 'error', queue: 'error', message: 'This instance cannot serve: the database is not answering.' },
      ]);
      // The older check says the same, and the liveness check still answers.
      const health = await fetch(`${app.url}/api/health`);
      expect([health.status, await health.json()]).toEqual([503, { status: 'degraded', db: 'error', message: 'This instance cannot serve: the database is not answering.' }]);
      expect((await fetch(`${app.url}/api/health/live`)).status).toBe(200);
      await relay.restore();
      await waitFor(async () => (await fetch(`${app.url}/api/health/ready`)).status === 200, 'readiness to come back with the database');
    } finally {
      await app.stop();
      await relay.close();
    }
  }, STARTS_A_SERVER_MS + budget(60_000));
});
