import 'server-only';
import PgBoss from 'pg-boss';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { ensureQueues, sendHistoryImport, sendWearableSync, type WearableSyncJob } from './queues';

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

/** Closes this process's sender, if it was started (tests; a server simply exits). */
export async function stopSender(): Promise<void> {
  const started = sender;
  sender = null;
  if (started) await (await started.catch(() => null))?.stop({ graceful: false, wait: true, close: true });
}
