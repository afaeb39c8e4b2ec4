import PgBoss from 'pg-boss';

/**
 * pg-boss's tables and the app's queues in this file's database, as the job process makes them when it
 * starts (no workers, no schedules). Imports the app, so call it once the test has set its environment.
 */
export async function makeJobQueues(): Promise<void> {
  const { ensureQueues } = await import('@/lib/jobs/queues');
  const boss = new PgBoss({ connectionString: process.env.DATABASE_URL!, max: 1, schedule: false, supervise: false });
  await boss.start();
  await ensureQueues(boss);
  await boss.stop({ graceful: false, wait: true, close: true });
}
