import 'server-only';
import PgBoss from 'pg-boss';
import { runAccountCleanup } from '@/lib/account/delete-account';
import { runHousekeeping } from '@/lib/maintenance/housekeeping';
import { runImportRead } from '@/lib/imports/history';
import { runLabReportRead } from '@/lib/labs/reading';
import {
  ACCOUNT_CLEANUP_QUEUE,
  ensureQueues,
  EXPERIMENTS_ENDED_CRON,
  EXPERIMENTS_ENDED_QUEUE,
  HISTORY_IMPORT_QUEUE,
  HISTORY_IMPORT_SMALL_QUEUE,
  HOUSEKEEPING_CRON,
  HOUSEKEEPING_QUEUE,
  LAB_READ_QUEUE,
  REMINDERS_CRON,
  REMINDERS_QUEUE,
  sendAccountCleanup,
  sendWearableSync,
  WEARABLE_POLL_CRON,
  WEARABLE_POLL_QUEUE,
  WEARABLE_SYNC_QUEUE,
  WEARABLE_WEBHOOKS_CRON,
  WEARABLE_WEBHOOKS_QUEUE,
  type AccountCleanupJob,
  type ExperimentsEndedJob,
  type HistoryImportJob,
  type LabReadJob,
  type RemindersJob,
  type WearableSyncJob,
} from '@/lib/jobs/queues';
import { sendEndedExperimentMails } from '@/lib/reminders/experiment-ended';
import { sendDueReminders } from '@/lib/reminders/reminders';
import { quietConnections, runWearableSync } from '@/lib/wearables/sync-job';
import { maintainWebhooks } from '@/lib/wearables/webhook-subscriptions';
import { logger, memberHash, requestContexts } from '@/lib/observability/runtime';

// The job process's worker (scripts/jobs.ts starts it beside Next; tests start it on their own
// database): the schedules, and the handler of each queue in lib/jobs/queues.ts.

export type Jobs = { boss: PgBoss; stop: () => Promise<void> };

/**
 * Runs each job of a batch in a context of its own and writes one JSON line for it, as server.mjs does
 * for a request: the queue, the job's id (what the job's other lines carry as requestId), done or failed
 * (with the error's kind only), the time taken and, when the work said whose it was, the member's hash.
 */
function logged<T extends object>(queue: string, run: (job: PgBoss.Job<T>) => Promise<void>): PgBoss.WorkHandler<T> {
  return async (jobs) => {
    for (const job of jobs) {
      const context: { requestId: string; memberId?: string } = { requestId: job.id };
      const started = process.hrtime.bigint();
      const line = () => ({
        queue,
        jobId: job.id,
        durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10,
        ...(context.memberId ? { member: memberHash(context.memberId) } : {}),
      });
      try {
        await requestContexts().run(context, () => run(job));
        logger().info({ ...line(), status: 'done' }, 'job');
      } catch (error) {
        logger().error({ ...line(), status: 'failed', error: error instanceof Error ? error.name : 'unknown' }, 'job');
        throw error;
      }
    }
  };
}

export type JobsOptions = {
  schedule?: boolean;
  /** How often each queue is polled for work. */
  pollingIntervalSeconds?: number;
  /** How often this process looks for a due schedule (pg-boss's default, 30 s, when unset); processes take turns. */
  cronMonitorIntervalSeconds?: number;
  /** On stop, how long the work in hand may take to finish before it is handed back to the queue (a reading is retried). */
  graceMs?: number;
};

export async function startJobs(connectionString: string, { schedule = true, pollingIntervalSeconds = 2, cronMonitorIntervalSeconds, graceMs = 20_000 }: JobsOptions = {}): Promise<Jobs> {
  const boss = new PgBoss({ connectionString, max: 3, application_name: 'vitality-jobs', ...(cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds } : {}) });
  // The error's kind only: messages can carry connection details.
  boss.on('error', (error: Error) => console.error(`[jobs] ${error.name}: the queue reported an error`));
  // A start that fails half-way leaves no client behind: the caller (scripts/jobs.ts) tries again with a new one.
  try {
    await boss.start();
    await ensureQueues(boss);
    if (schedule) {
      await boss.schedule(REMINDERS_QUEUE, REMINDERS_CRON, {}, { tz: 'UTC' });
      await boss.schedule(EXPERIMENTS_ENDED_QUEUE, EXPERIMENTS_ENDED_CRON, {}, { tz: 'UTC' });
      await boss.schedule(WEARABLE_POLL_QUEUE, WEARABLE_POLL_CRON, {}, { tz: 'UTC' });
      await boss.schedule(WEARABLE_WEBHOOKS_QUEUE, WEARABLE_WEBHOOKS_CRON, {}, { tz: 'UTC' });
      await boss.schedule(HOUSEKEEPING_QUEUE, HOUSEKEEPING_CRON, {}, { tz: 'UTC' });
    }
    await boss.work<RemindersJob>(REMINDERS_QUEUE, { pollingIntervalSeconds }, logged(REMINDERS_QUEUE, async (job) => {
      const at = job.data?.at ? new Date(job.data.at) : new Date();
      const sent = await sendDueReminders(Number.isNaN(at.getTime()) ? new Date() : at);
      if (sent.daily || sent.weekly || sent.retest) console.log(`[jobs] reminders sent: ${sent.daily} daily, ${sent.weekly} weekly, ${sent.retest} retest`);
    }));
    await boss.work<ExperimentsEndedJob>(EXPERIMENTS_ENDED_QUEUE, { pollingIntervalSeconds }, logged(EXPERIMENTS_ENDED_QUEUE, async (job) => {
      const at = job.data?.at ? new Date(job.data.at) : new Date();
      const sent = await sendEndedExperimentMails(Number.isNaN(at.getTime()) ? new Date() : at);
      if (sent) console.log(`[jobs] experiment-ended mails sent: ${sent}`);
    }));
    await boss.work<WearableSyncJob>(WEARABLE_SYNC_QUEUE, { pollingIntervalSeconds }, logged(WEARABLE_SYNC_QUEUE, async (job) => {
      await runWearableSync(job.data);
    }));
    await boss.work(WEARABLE_POLL_QUEUE, { pollingIntervalSeconds }, logged(WEARABLE_POLL_QUEUE, async () => {
      const quiet = await quietConnections();
      for (const connectionId of quiet) await sendWearableSync(boss, { connectionId, reason: 'poll' });
      if (quiet.length) console.log(`[jobs] polling ${quiet.length} wearable connection(s) whose webhooks went quiet`);
    }));
    await boss.work(WEARABLE_WEBHOOKS_QUEUE, { pollingIntervalSeconds }, logged(WEARABLE_WEBHOOKS_QUEUE, () => maintainWebhooks()));
    await boss.work(HOUSEKEEPING_QUEUE, { pollingIntervalSeconds }, logged(HOUSEKEEPING_QUEUE, async () => {
      const done = await runHousekeeping();
      if (done.rateLimits || done.reminderLogs || done.uploads || done.stalledImports || done.stalledReadings) {
        console.log(`[jobs] housekeeping: ${done.rateLimits} spent rate-limit counter(s), ${done.reminderLogs} year-old reminder log(s), ${done.uploads} orphaned upload(s) removed, ${done.stalledImports} stalled import(s) and ${done.stalledReadings} stalled report reading(s) settled`);
      }
    }));
    // Two lanes, each one import at a time: small files never wait behind a large one (lib/jobs/queues.ts).
    for (const queue of [HISTORY_IMPORT_QUEUE, HISTORY_IMPORT_SMALL_QUEUE]) {
      await boss.work<HistoryImportJob>(queue, { pollingIntervalSeconds }, logged(queue, (job) => runImportRead(job.data.importId)));
    }
    // One reading at a time: OCR takes a core for seconds (lib/labs/reading.ts).
    await boss.work<LabReadJob>(LAB_READ_QUEUE, { pollingIntervalSeconds, batchSize: 1 }, logged(LAB_READ_QUEUE, (job) => runLabReportRead(job.data.reportId)));
    await boss.work<AccountCleanupJob>(ACCOUNT_CLEANUP_QUEUE, { pollingIntervalSeconds }, logged(ACCOUNT_CLEANUP_QUEUE, (job) => runAccountCleanup(job.data, (next) => sendAccountCleanup(boss, next))));
  } catch (error) {
    await boss.stop({ graceful: false, wait: true, close: true }).catch(() => undefined);
    throw error;
  }
  return { boss, stop: () => boss.stop({ graceful: true, wait: true, timeout: graceMs }) };
}
