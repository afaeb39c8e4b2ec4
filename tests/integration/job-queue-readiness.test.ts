// Readiness's probe (lib/observability/health-check.ts) against real PostgreSQL, in process: it answers on a connection of
// its own while the web process's sender and pool are busy, calls a locked queue table slow (not out), and
// fails only when the database refuses the queue's read. The HTTP side (a load, an outage) is in
// tests/integration/http/readiness.test.ts.
import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { db } from '@/lib/db';
import { queueWearableSync, readyJobQueue, stopSender } from '@/lib/jobs/send';
import { probeReadiness, READINESS_GRACE_MS, READINESS_TIMEOUT_MS, readiness } from '@/lib/observability/health-check';
import { budget } from '../setup/machine-speed.js';
import { waitFor } from '../support/wait-for';

afterAll(async () => {
  await stopSender();
  await db.$disconnect();
});

/** Runs `body` with `sql` held in an open transaction of another connection, rolled back after. */
async function holding(sql: string, body: () => Promise<void>): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('BEGIN');
    await admin.query(sql);
    await body();
  } finally {
    await admin.query('ROLLBACK').catch(() => undefined);
    await admin.end();
  }
}

describe('the probe of /api/health/ready', () => {
  it('answers while the sender’s one connection waits behind a job being queued (a busy instance, not a broken one)', async () => {
    await readyJobQueue();
    let waiting: Promise<string> | undefined;
    await holding('LOCK TABLE pgboss.job IN ACCESS EXCLUSIVE MODE', async () => {
      // A send that cannot finish for now: the job table is locked, so the sender's connection waits on it,
      // as it waits behind other sends when many members queue work at once.
      waiting = queueWearableSync('a-connection-id', 'poll').then(
        () => 'sent',
        () => 'failed',
      );
      await waitFor(async () => (await lockWaiters()) > 0, 'the send to wait on the lock');
      expect(await probeReadiness()).toEqual({ db: 'ok', queue: 'ok' });
    });
    expect(await waiting).toBe('sent');
  }, budget(30_000));

  it('answers while every connection of the app’s pool is taken', async () => {
    // The pool's connections all waiting on a lock, as under fifty requests at once behind a slow query.
    let waiting: Promise<unknown>[] = [];
    await holding('LOCK TABLE users IN ACCESS EXCLUSIVE MODE', async () => {
      waiting = Array.from({ length: 12 }, () => db.user.count().catch(() => null));
      await waitFor(async () => (await lockWaiters()) >= 10, 'the pool’s ten connections to wait on the lock');
      expect(await probeReadiness()).toEqual({ db: 'ok', queue: 'ok' });
    });
    expect((await Promise.all(waiting)).every((count) => typeof count === 'number')).toBe(true);
  }, budget(30_000));

  it('calls a locked queue table slow, not out, and a refused read of it out', async () => {
    await holding('LOCK TABLE pgboss.queue IN ACCESS EXCLUSIVE MODE', async () => {
      // The database's own statement limit cuts the read after READINESS_TIMEOUT_MS.
      const started = Date.now();
      expect(await probeReadiness()).toEqual({ db: 'ok', queue: 'slow' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 100);
    });
    expect(await probeReadiness()).toEqual({ db: 'ok', queue: 'ok' });
    // A table the read cannot use: the database answers, and says no.
    await db.$executeRawUnsafe('ALTER TABLE pgboss.queue RENAME COLUMN name TO name_moved');
    try {
      expect(await probeReadiness()).toEqual({ db: 'ok', queue: 'error' });
    } finally {
      await db.$executeRawUnsafe('ALTER TABLE pgboss.queue RENAME COLUMN name_moved TO name');
    }
    expect(await probeReadiness()).toEqual({ db: 'ok', queue: 'ok' });
  }, budget(30_000));

  it('stays ready through probes that are slow for less than the grace, and is not ready once the grace has passed', async () => {
    expect((await readiness()).status).toBe('ok');
    await holding('LOCK TABLE pgboss.queue IN ACCESS EXCLUSIVE MODE', async () => {
      const started = Date.now();
      const answers: string[] = [];
      // Until the grace after the last good answer is over, every answer is the last good one.
      while (Date.now() - started < READINESS_GRACE_MS - 2 * READINESS_TIMEOUT_MS) answers.push((await readiness()).status);
      expect(new Set(answers)).toEqual(new Set(['ok']));
      await waitFor(async () => (await readiness()).status === 'degraded', 'the grace to pass', { timeoutMs: READINESS_GRACE_MS + 3 * READINESS_TIMEOUT_MS });
      expect(await readiness()).toEqual({ status: 'degraded', db: 'ok', queue: 'error' });
    });
    await waitFor(async () => (await readiness()).status === 'ok', 'readiness to come back once the lock is gone');
  }, budget(60_000));
});

const lockWaiters = async () => {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    return (await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`)).rows[0]!.n;
  } finally {
    await admin.end();
  }
};
