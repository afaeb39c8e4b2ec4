import 'server-only';
import PgBoss from 'pg-boss';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { WearableKey } from '@/lib/wearables/catalogue';

// The background queues on pg-boss, over the app's own PostgreSQL (the embedded one too; its tables live
// in the `pgboss` schema beside the app's): their names, schedules and payloads, and the calls that put
// work on them. Domain modules import this; the worker that runs the work (scripts/job-worker.ts)
// imports the domain, so no import runs back from the domain to the worker.

export const REMINDERS_QUEUE = 'reminders';
/** Every 15 minutes, so each user's evening hour is caught in their own zone. */
export const REMINDERS_CRON = '*/15 * * * *';

/** A reminders job may name the instant it runs for (tests set the clock); otherwise it is now. */
export type RemindersJob = { at?: string };

/**
 * "Your experiment has ended" (lib/reminders/experiment-ended.ts): every 15 minutes, between the reminders' runs,
 * so each member's morning after an experiment's last day is caught in his own zone.
 */
export const EXPERIMENTS_ENDED_QUEUE = 'experiments-ended';
export const EXPERIMENTS_ENDED_CRON = '7,22,37,52 * * * *';

/** Like a reminders job, it may name the instant it runs for. */
export type ExperimentsEndedJob = { at?: string };

/** A connection's sync: at most one waiting and one running per connection (`stately`, keyed by it). */
export const WEARABLE_SYNC_QUEUE = 'wearable-sync';

/** A sync of one connection (lib/wearables/sync-job.ts runs it); `days` widens the window. */
export type WearableSyncJob = { connectionId: string; reason?: 'connect' | 'webhook' | 'poll' | 'manual'; days?: number };

/** The polling fallback: every 6 hours, a sync for each connection whose webhooks went quiet. */
export const WEARABLE_POLL_QUEUE = 'wearable-poll';
export const WEARABLE_POLL_CRON = '0 */6 * * *';

/** Daily: the providers' webhook subscriptions made where missing and renewed before they expire. */
export const WEARABLE_WEBHOOKS_QUEUE = 'wearable-webhooks';
export const WEARABLE_WEBHOOKS_CRON = '17 3 * * *';

/**
 * What a deleted account left to do outside the database (lib/account/delete-account.ts): a Stripe
 * cancellation, a wearable revocation or an upload's removal that failed at the time. Retried for hours
 * (30 s doubling, ten times), since an outage at a provider can last that long.
 */
export const ACCOUNT_CLEANUP_QUEUE = 'account-cleanup';

/** One leftover of a deleted account (lib/account/delete-account.ts runs it); tokens stay sealed in the queue. */
export type AccountCleanupJob =
  | { task: 'cancel-subscription'; userId: string; subscriptionId: string }
  | { task: 'revoke-wearable'; userId: string; wearable: WearableKey; sealedAccessToken: string; sealedRefreshToken: string | null; expiresAt: string | null; externalUserId?: string | null }
  | { task: 'remove-upload'; userId: string; storageKey: string };

/** What a revoke-wearable job's token is sealed under: the job's kind, user, wearable and purpose (the key rotation re-seals under the same). */
export const cleanupJobTokenContext = (userId: string, wearable: WearableKey, purpose: 'access' | 'refresh') => `account-cleanup:${userId}:${wearable}:${purpose}`;

/**
 * A history file's reading (lib/imports/history.ts runImportRead): one job per import, never retried (the
 * member uploads again). Two lanes, each read one at a time: files up to SMALL_IMPORT_BYTES in their own,
 * so that a small file never waits behind a large one; and in each lane a member's later import waits
 * behind the imports other members queued before it (its priority falls by one for each of the member's
 * imports still waiting or reading).
 */
export const HISTORY_IMPORT_QUEUE = 'history-import';
export const HISTORY_IMPORT_SMALL_QUEUE = 'history-import-small';
export const SMALL_IMPORT_BYTES = 32 * 1024 ** 2;
export type HistoryImportJob = { importId: string };

/**
 * A scanned or photographed blood test's reading by OCR (lib/labs/reading.ts runLabReportRead), one at a
 * time. A job whose process died mid-reading expires after LAB_READ_EXPIRE_SECONDS (past OCR's own time
 * limit) and is read once more; a member's later report waits behind others' first ones (its priority
 * falls by one for each of the member's reports already waiting or being read).
 */
export const LAB_READ_QUEUE = 'lab-report-read';
export const LAB_READ_EXPIRE_SECONDS = 300;
export type LabReadJob = { reportId: string };

/** Daily upkeep (lib/maintenance/housekeeping.ts): spent rate-limit counters, year-old reminder logs and orphaned upload files. */
export const HOUSEKEEPING_QUEUE = 'housekeeping';
export const HOUSEKEEPING_CRON = '41 4 * * *';

/** The queues, made if missing (also by a process that only sends). */
export async function ensureQueues(boss: PgBoss): Promise<void> {
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  if (!existing.has(REMINDERS_QUEUE)) await boss.createQueue(REMINDERS_QUEUE);
  if (!existing.has(EXPERIMENTS_ENDED_QUEUE)) await boss.createQueue(EXPERIMENTS_ENDED_QUEUE);
  if (!existing.has(WEARABLE_SYNC_QUEUE)) await boss.createQueue(WEARABLE_SYNC_QUEUE, { name: WEARABLE_SYNC_QUEUE, policy: 'stately', retryLimit: 3, retryDelay: 60, retryBackoff: true });
  if (!existing.has(WEARABLE_POLL_QUEUE)) await boss.createQueue(WEARABLE_POLL_QUEUE, { name: WEARABLE_POLL_QUEUE, policy: 'singleton' });
  if (!existing.has(WEARABLE_WEBHOOKS_QUEUE)) await boss.createQueue(WEARABLE_WEBHOOKS_QUEUE, { name: WEARABLE_WEBHOOKS_QUEUE, policy: 'singleton', retryLimit: 2, retryDelay: 600 });
  if (!existing.has(HOUSEKEEPING_QUEUE)) await boss.createQueue(HOUSEKEEPING_QUEUE, { name: HOUSEKEEPING_QUEUE, policy: 'singleton' });
  if (!existing.has(HISTORY_IMPORT_QUEUE)) await boss.createQueue(HISTORY_IMPORT_QUEUE, { name: HISTORY_IMPORT_QUEUE, retryLimit: 0 });
  if (!existing.has(HISTORY_IMPORT_SMALL_QUEUE)) await boss.createQueue(HISTORY_IMPORT_SMALL_QUEUE, { name: HISTORY_IMPORT_SMALL_QUEUE, retryLimit: 0 });
  if (!existing.has(LAB_READ_QUEUE)) await boss.createQueue(LAB_READ_QUEUE, { name: LAB_READ_QUEUE, retryLimit: 1, retryDelay: 5, expireInSeconds: LAB_READ_EXPIRE_SECONDS });
  if (!existing.has(ACCOUNT_CLEANUP_QUEUE)) await boss.createQueue(ACCOUNT_CLEANUP_QUEUE, { name: ACCOUNT_CLEANUP_QUEUE, retryLimit: 10, retryDelay: 30, retryBackoff: true });
}

/** Runs SQL as the app's Prisma client does, or one of its transactions. */
export type SqlClient = Pick<Prisma.TransactionClient, '$queryRawUnsafe'>;

// pg-boss hands its JSON payloads over as objects (its own pg pool serialises them); Prisma wants text.
const asParameter = (value: unknown): unknown =>
  value === undefined ? null : value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype ? JSON.stringify(value) : value;

/**
 * pg-boss over the app's Prisma client or one of its transactions, with no pool and no start of its
 * own: a job sent through a transaction is committed with it, or not at all. For sending and queue
 * upkeep only; pg-boss's tables must exist (the job process makes them when it starts).
 */
export function bossOver(client: SqlClient): PgBoss {
  return new PgBoss({ db: { executeSql: async (text: string, values: unknown[] = []) => ({ rows: await client.$queryRawUnsafe<unknown[]>(text, ...values.map(asParameter)) }) } });
}

/** Puts an import's reading in its lane (by the file's size), after the member's own earlier ones (`ahead`: how many of theirs wait or read). */
export async function sendHistoryImport(boss: PgBoss, job: HistoryImportJob, { sizeBytes, ahead }: { sizeBytes: number; ahead: number }): Promise<void> {
  const queue = sizeBytes <= SMALL_IMPORT_BYTES ? HISTORY_IMPORT_SMALL_QUEUE : HISTORY_IMPORT_QUEUE;
  if ((await boss.send(queue, job, { priority: -ahead })) === null) throw new Error(`the ${queue} queue does not exist`);
}

/** Puts a report's reading on the queue, after the member's own earlier ones (`ahead`); its job's id. */
export async function sendLabRead(boss: PgBoss, job: LabReadJob, ahead: number): Promise<string> {
  const id = await boss.send(LAB_READ_QUEUE, job, { priority: -ahead });
  if (id === null) throw new Error(`the ${LAB_READ_QUEUE} queue does not exist`);
  return id;
}

/** Puts an account's leftover on the cleanup queue (through `boss`, which may be bossOver a transaction). */
export async function sendAccountCleanup(boss: PgBoss, job: AccountCleanupJob): Promise<void> {
  // pg-boss answers null, not an error, for a queue that does not exist: the job would be lost.
  if ((await boss.send(ACCOUNT_CLEANUP_QUEUE, job)) === null) throw new Error(`the ${ACCOUNT_CLEANUP_QUEUE} queue does not exist`);
}

/** Puts a connection's sync on the queue: at most one waiting per connection, however often it is asked for. */
export async function sendWearableSync(boss: PgBoss, job: WearableSyncJob): Promise<void> {
  await boss.send(WEARABLE_SYNC_QUEUE, job, { singletonKey: job.connectionId });
}
