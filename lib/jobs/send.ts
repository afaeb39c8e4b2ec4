import 'server-only';
import PgBoss from 'pg-boss';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { answersInTime } from '@/lib/readiness';
import { ensureQueues, REMINDERS_QUEUE, sendHistoryImport, sendWearableSync, type WearableSyncJob } from './queues';

// The web process only puts jobs on the queue; the job process (scripts/jobs.ts) runs them. One small
// pg-boss client per process, started on first use, that neither schedules nor maintains.

let sender: Promise<PgBoss> | null = null;

function boss(): Promise<PgBoss> {
  sender ??= (async () => {
    if (!env.DATABASE_URL) throw new Error('no DATABASE_URL');
    const client = new PgBoss({ connectionString: env.DATABASE_URL, max: 1, schedule: false, supervise: false, application_name: 'vitality-web' });
    client.on('error', (error: Error) => console.error(`[jobs] ${error.name}: the queue reported an error`));
    await client.start();
    await ensureQueues(client);
    return client;
  })().catch((error: unknown) => {
    sender = null;
    throw error;
  });
  return sender;
}

/** Queues a connection's sync (the backfill first); a second one for the same connection waits its turn or merges. */
export async function queueWearableSync(connectionId: string, reason: NonNullable<WearableSyncJob['reason']>): Promise<void> {
  await sendWearableSync(await boss(), { connectionId, reason });
}

/** Queues the reading of an uploaded history file: in the lane its size puts it in, after the member's own earlier imports. */
export async function queueHistoryImport(importId: string): Promise<void> {
  const row = await db.historyImport.findUniqueOrThrow({ where: { id: importId }, select: { userId: true, sizeBytes: true } });
  const ahead = await db.historyImport.count({ where: { userId: row.userId, status: { in: ['queued', 'reading'] }, id: { not: importId } } });
  await sendHistoryImport(await boss(), { importId }, { sizeBytes: Number(row.sizeBytes), ahead });
}

/**
 * The queue's tables and queues exist once this returns: pg-boss makes its schema on start, so a web
 * process can record a job even where the job process has never run (it runs it when it does).
 */
export async function readyJobQueue(): Promise<void> {
  await boss();
}

const queueRow = async () => (await db.$queryRaw<{ ok: number }[]>`SELECT 1::int AS ok FROM pgboss.queue WHERE name = ${REMINDERS_QUEUE}`).length > 0;

/**
 * Readiness: the queue's tables answer a read (within the check's time limit), read through the app's own
 * pool as the database check is. Not through the sender: its one connection is busy whenever jobs are
 * being queued, and a readiness check waiting behind them would take a healthy instance out of service.
 * Where the queue's schema is not there yet, the sender makes it first.
 */
export function jobQueueAnswers(): Promise<boolean> {
  return answersInTime(async () => {
    if (await queueRow().catch(() => false)) return true;
    await readyJobQueue();
    return queueRow();
  });
}

/** Closes this process's sender, if it was started (tests; a server simply exits). */
export async function stopSender(): Promise<void> {
  const started = sender;
  sender = null;
  if (started) await (await started.catch(() => null))?.stop({ graceful: false, wait: true, close: true });
}
