import 'server-only';
import cluster from 'node:cluster';
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import promClient from 'prom-client';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors';

// GET /metrics, for Prometheus (METRICS_TOKEN as a bearer token). Two kinds of figures:
// - each process's own (answer latencies, the database pool, Node's), in prom-client's default registry,
//   which a cluster's primary sums over its processes (server.mjs);
// - the service's state, read from PostgreSQL by whichever process answers (queue depth, failed jobs,
//   syncs and imports that failed): every instance reads the same rows, so any one of them can say it.

const FAILED_WINDOW = '1 day';

/** The bearer token must equal METRICS_TOKEN; compared as digests, in constant time. */
export function checkMetricsToken(authorization: string | null): void {
  const expected = env.METRICS_TOKEN;
  if (!expected) throw new ApiError(403, 'Metrics are off on this server.');
  const given = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
  const digest = (value: string) => createHash('sha256').update(value).digest();
  if (!given || !timingSafeEqual(digest(given), digest(expected))) throw new ApiError(401, 'These metrics need the metrics token.');
}

/** This process's figures, or, in a cluster, every process's, summed by the primary. */
function processMetrics(): Promise<string> {
  if (!cluster.isWorker || !process.send) return promClient.register.metrics();
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new ApiError(503, 'The metrics did not arrive in time. Try again.'));
    }, 5_000);
    const onMessage = (message: { type?: string; id?: string; text?: string; error?: string }) => {
      if (message?.type !== 'vitality:metrics' || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (typeof message.text === 'string') resolve(message.text);
      else reject(new ApiError(503, 'The metrics could not be gathered. Try again.'));
    };
    process.on('message', onMessage);
    process.send!({ type: 'vitality:metrics', id });
  });
}

type Count = { label: string; n: number };

/** The service's state from the database, in the Prometheus text format; a part that cannot be read is left out. */
async function serviceState(): Promise<string> {
  const registry = new promClient.Registry();
  const gauge = (name: string, help: string, labelNames: string[]) => new promClient.Gauge({ name, help, labelNames, registers: [registry] });

  const jobs = gauge('job_queue_jobs', 'Jobs in the queue’s table by queue and state (created and retry are waiting; active is running).', ['queue', 'state']);
  const failed = gauge('job_failures_last_day', `Jobs that failed for good (after their retries) in the last ${FAILED_WINDOW}, by queue; wearable-sync is the wearable syncs.`, ['queue']);
  const connections = gauge('wearable_connections', 'Wearable connections by provider and state (needs_reauth: its syncs fail until the member reconnects).', ['provider', 'state']);
  const imports = gauge('history_import_failures_last_day', `History imports that failed in the last ${FAILED_WINDOW}, by source.`, ['source']);

  // pg-boss makes its schema when a process first starts it; before that there are no jobs to count.
  const queue = await Promise.all([
    db.$queryRawUnsafe<(Count & { state: string })[]>(`SELECT name AS label, state::text AS state, count(*)::int AS n FROM pgboss.job GROUP BY name, state`),
    db.$queryRawUnsafe<Count[]>(
      `SELECT name AS label, count(*)::int AS n FROM (SELECT name, completed_on FROM pgboss.job WHERE state = 'failed' UNION ALL SELECT name, completed_on FROM pgboss.archive WHERE state = 'failed') f WHERE completed_on > now() - interval '${FAILED_WINDOW}' GROUP BY name`,
    ),
  ]).catch(() => null);
  if (queue) {
    for (const row of queue[0]) jobs.set({ queue: row.label, state: row.state }, row.n);
    for (const row of queue[1]) failed.set({ queue: row.label }, row.n);
  }
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const [byConnection, byImport] = await Promise.all([
    db.wearableConnection.groupBy({ by: ['provider', 'status'], _count: { _all: true } }),
    db.historyImport.groupBy({ by: ['kind'], where: { status: 'failed', createdAt: { gt: since } }, _count: { _all: true } }),
  ]);
  for (const row of byConnection) connections.set({ provider: row.provider.toLowerCase(), state: row.status.toLowerCase() }, row._count._all);
  for (const row of byImport) imports.set({ source: row.kind }, row._count._all);
  return registry.metrics();
}

/** The body of GET /metrics (after the token check). */
export async function metricsText(): Promise<string> {
  const [own, state] = await Promise.all([processMetrics(), serviceState()]);
  return `${own.trimEnd()}\n${state}`;
}

export const METRICS_CONTENT_TYPE = promClient.register.contentType;
