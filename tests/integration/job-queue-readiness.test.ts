// Readiness's queue check (lib/jobs/send.ts jobQueueAnswers) against real PostgreSQL: it answers while
// the web process's sender is busy queuing jobs, and fails only when the queue's tables cannot be read.
import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { db } from '@/lib/db';
import { jobQueueAnswers, queueWearableSync, readyJobQueue, stopSender } from '@/lib/jobs/send';

afterAll(async () => {
  await stopSender();
  await db.$disconnect();
});

describe('the queue check of /api/health/ready', () => {
  it('answers while the sender’s one connection waits behind a job being queued (a busy instance, not a broken one)', async () => {
    await readyJobQueue();
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      // A send that cannot finish for now: the job table is locked, so the sender's connection waits on it,
      // as it waits behind other sends when many members queue work at once.
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE pgboss.job IN ACCESS EXCLUSIVE MODE');
      const waiting = queueWearableSync('a-connection-id', 'poll').then(
        () => 'sent',
        () => 'failed',
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await jobQueueAnswers()).toBe(true);
      await admin.query('ROLLBACK');
      expect(await waiting).toBe('sent');
    } finally {
      await admin.end();
    }
  }, 30_000);

  it('fails when the queue’s tables cannot be read', async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE pgboss.queue IN ACCESS EXCLUSIVE MODE');
      expect(await jobQueueAnswers()).toBe(false);
      await admin.query('ROLLBACK');
      expect(await jobQueueAnswers()).toBe(true);
    } finally {
      await admin.end();
    }
  }, 30_000);
});
