import 'server-only';
import PgBoss from 'pg-boss';
import { sendDueReminders } from '@/lib/reminders/reminders';
import { quietConnections, runWearableSync, type WearableSyncJob } from '@/lib/wearables/sync-job';
import { maintainWebhooks } from '@/lib/wearables/webhook-subscriptions';

// Background work on pg-boss, over the app's own PostgreSQL (the embedded one too): its tables live in
// the `pgboss` schema beside the app's. `npm run dev` and `npm start` run this beside Next
// (scripts/jobs.ts); scripts and tests may start it on any database.

export const REMINDERS_QUEUE = 'reminders';
/** Every 15 minutes, so each user's evening hour is caught in their own zone. */
export const REMINDERS_CRON = '*/15 * * * *';

/** A reminders job may name the instant it runs for (tests set the clock); otherwise it is now. */
export type RemindersJob = { at?: string };

/** A connection's sync: at most one waiting and one running per connection (`stately`, keyed by it). */
export const WEARABLE_SYNC_QUEUE = 'wearable-sync';

/** The polling fallback: every 6 hours, a sync for each connection whose webhooks went quiet. */
export const WEARABLE_POLL_QUEUE = 'wearable-poll';
export const WEARABLE_POLL_CRON = '0 */6 * * *';

/** Daily: the providers' webhook subscriptions made where missing and renewed before they expire. */
export const WEARABLE_WEBHOOKS_QUEUE = 'wearable-webhooks';
export const WEARABLE_WEBHOOKS_CRON = '17 3 * * *';

/** The queues, made if missing (also by a process that only sends). */
export async function ensureQueues(boss: PgBoss): Promise<void> {
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  if (!existing.has(REMINDERS_QUEUE)) await boss.createQueue(REMINDERS_QUEUE);
  if (!existing.has(WEARABLE_SYNC_QUEUE)) await boss.createQueue(WEARABLE_SYNC_QUEUE, { name: WEARABLE_SYNC_QUEUE, policy: 'stately', retryLimit: 3, retryDelay: 60, retryBackoff: true });
  if (!existing.has(WEARABLE_POLL_QUEUE)) await boss.createQueue(WEARABLE_POLL_QUEUE, { name: WEARABLE_POLL_QUEUE, policy: 'singleton' });
  if (!existing.has(WEARABLE_WEBHOOKS_QUEUE)) await boss.createQueue(WEARABLE_WEBHOOKS_QUEUE, { name: WEARABLE_WEBHOOKS_QUEUE, policy: 'singleton', retryLimit: 2, retryDelay: 600 });
}

/** Puts a connection's sync on the queue: at most one waiting per connection, however often it is asked for. */
export async function sendWearableSync(boss: PgBoss, job: WearableSyncJob): Promise<void> {
  await boss.send(WEARABLE_SYNC_QUEUE, job, { singletonKey: job.connectionId });
}

export type Jobs = { boss: PgBoss; stop: () => Promise<void> };

export async function startJobs(connectionString: string, { schedule = true, pollingIntervalSeconds = 2 }: { schedule?: boolean; pollingIntervalSeconds?: number } = {}): Promise<Jobs> {
  const boss = new PgBoss({ connectionString, max: 3, application_name: 'vitality-jobs' });
  // The error's kind only: messages can carry connection details.
  boss.on('error', (error: Error) => console.error(`[jobs] ${error.name}: the queue reported an error`));
  await boss.start();
  await ensureQueues(boss);
  if (schedule) {
    await boss.schedule(REMINDERS_QUEUE, REMINDERS_CRON, {}, { tz: 'UTC' });
    await boss.schedule(WEARABLE_POLL_QUEUE, WEARABLE_POLL_CRON, {}, { tz: 'UTC' });
    await boss.schedule(WEARABLE_WEBHOOKS_QUEUE, WEARABLE_WEBHOOKS_CRON, {}, { tz: 'UTC' });
  }
  await boss.work<RemindersJob>(REMINDERS_QUEUE, { pollingIntervalSeconds }, async (jobs) => {
    for (const job of jobs) {
      const at = job.data?.at ? new Date(job.data.at) : new Date();
      const sent = await sendDueReminders(Number.isNaN(at.getTime()) ? new Date() : at);
      if (sent.daily || sent.weekly) console.log(`[jobs] reminders sent: ${sent.daily} daily, ${sent.weekly} weekly`);
    }
  });
  await boss.work<WearableSyncJob>(WEARABLE_SYNC_QUEUE, { pollingIntervalSeconds }, async (jobs) => {
    for (const job of jobs) await runWearableSync(job.data);
  });
  await boss.work(WEARABLE_POLL_QUEUE, { pollingIntervalSeconds }, async () => {
    const quiet = await quietConnections();
    for (const connectionId of quiet) await sendWearableSync(boss, { connectionId, reason: 'poll' });
    if (quiet.length) console.log(`[jobs] polling ${quiet.length} wearable connection(s) whose webhooks went quiet`);
  });
  await boss.work(WEARABLE_WEBHOOKS_QUEUE, { pollingIntervalSeconds }, async () => {
    await maintainWebhooks();
  });
  return { boss, stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }) };
}
