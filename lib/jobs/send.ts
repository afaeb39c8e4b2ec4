import 'server-only';
import PgBoss from 'pg-boss';
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

/** Queues the reading of an uploaded history file. */
export async function queueHistoryImport(importId: string): Promise<void> {
  await sendHistoryImport(await boss(), { importId });
}

/**
 * The queue's tables and queues exist once this returns: pg-boss makes its schema on start, so a web
 * process can record a job even where the job process has never run (it runs it when it does).
 */
export async function readyJobQueue(): Promise<void> {
  await boss();
}

/** Readiness: the queue's tables answer a read through this process's sender (within the check's time limit). */
export function jobQueueAnswers(): Promise<boolean> {
  return answersInTime(async () => (await (await boss()).getQueueSize(REMINDERS_QUEUE)) >= 0);
}

/** Closes this process's sender, if it was started (tests; a server simply exits). */
export async function stopSender(): Promise<void> {
  const started = sender;
  sender = null;
  if (started) await (await started.catch(() => null))?.stop({ graceful: false, wait: true, close: true });
}
