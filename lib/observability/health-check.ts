import 'server-only';
import pg from 'pg';
import { env } from '@/lib/env';
import { REMINDERS_QUEUE } from '@/lib/jobs/queues';
import { readyJobQueue } from '@/lib/jobs/send';

// Readiness: whether this instance should get traffic. Ready means able to serve, so the probe asks the two
// things the instance cannot serve without (the database answers a query, the job queue's table can be read)
// and nothing that a busy instance would be slow at:
// - on a connection of its own, never the app's pool: fifty requests waiting for a pooled connection are a
//   busy instance, not a broken one, and the probe must not queue behind them;
// - at most one probe in flight per process, its answer reused for READINESS_FRESH_MS, so a load balancer's
//   checks (or a flood of them) cost the database one small query a second at most;
// - a slow probe is not an outage: while one runs past READINESS_TIMEOUT_MS, the instance stays as ready as
//   its last answer said, for READINESS_GRACE_MS after that answer; an error from the database (refused,
//   gone, a failed query) or no answer for the whole grace is an outage, and answers 503.

/** One probe's limit: connecting, then each query. */
export const READINESS_TIMEOUT_MS = 3_000;
/** How long a probe's answer is reused before the next request starts another. */
export const READINESS_FRESH_MS = 1_000;
/** How long a good answer carries the instance through probes that are slow (not failed) after it. */
export const READINESS_GRACE_MS = 15_000;
/** How long a request waits for a new probe before it answers from the last good one. */
const WAIT_MS = 500;

/**
 * What a probe found: the database answers, and the queue's table reads (`missing`: pg-boss has not made it
 * yet); `slow` for a part that gave no answer within READINESS_TIMEOUT_MS.
 */
export type Probe = { db: 'ok' | 'down' | 'slow'; queue: 'ok' | 'missing' | 'error' | 'slow' };
/** A probe's answer once a slow part has taken the last answer's value (within its grace) or failed. */
type Settled = { db: 'ok' | 'down'; queue: 'ok' | 'missing' | 'error' };
export type Readiness = { status: 'ok' | 'degraded'; db: 'ok' | 'error'; queue: 'ok' | 'error' };
type Answer = { probe: Settled; at: number };

const DOWN = { db: 'down', queue: 'error' } as const;
// A statement cut by the database's own timeout: it is there, only slow.
const CANCELLED = '57014';

let connection: Promise<pg.Client> | null = null;

/** The probe's own connection, opened on first use and again after it broke. */
function probeConnection(): Promise<pg.Client> {
  connection ??= (async () => {
    if (!env.DATABASE_URL) throw new Error('no DATABASE_URL');
    const client = new pg.Client({
      connectionString: env.DATABASE_URL,
      connectionTimeoutMillis: READINESS_TIMEOUT_MS,
      statement_timeout: READINESS_TIMEOUT_MS,
      // The client's own limit, past the database's: for a network that stops answering altogether.
      query_timeout: READINESS_TIMEOUT_MS + 500,
      application_name: 'vitality-readiness',
    });
    client.on('error', () => forget(client));
    client.on('end', () => forget(client));
    await client.connect();
    return client;
  })();
  connection.catch(() => (connection = null));
  return connection;
}

/** The next probe opens a new connection; `close` ends this one too (it may still wait on an answer). */
function forget(client: pg.Client, { close = false } = {}): void {
  void connection?.then(
    (current) => {
      if (current === client) connection = null;
    },
    () => undefined,
  );
  if (close) void client.end().catch(() => undefined);
}

const isTimeout = (error: unknown) => /timeout|timed out/i.test((error as Error)?.message ?? '');

/**
 * One probe, now, bounded by READINESS_TIMEOUT_MS for the connection and for each of its two small reads.
 */
export async function probeReadiness(): Promise<Probe> {
  let client: pg.Client;
  try {
    client = await probeConnection();
  } catch (error) {
    return isTimeout(error) ? { db: 'slow', queue: 'slow' } : DOWN;
  }
  let db: Probe['db'] = 'slow';
  try {
    const made = (await client.query<{ made: boolean }>(`SELECT to_regclass('pgboss.queue') IS NOT NULL AS made`)).rows[0]?.made === true;
    db = 'ok';
    if (!made) return { db, queue: 'missing' };
    const row = await client.query<{ ok: boolean }>('SELECT EXISTS (SELECT 1 FROM pgboss.queue WHERE name = $1) AS ok', [REMINDERS_QUEUE]);
    return { db, queue: row.rows[0]?.ok ? 'ok' : 'missing' };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === CANCELLED) return { db, queue: 'slow' };
    // Cut by the client's own limit, the connection may still be waiting on its answer: a new one next time.
    if (isTimeout(error)) {
      forget(client, { close: true });
      return { db, queue: 'slow' };
    }
    // The database refused the read on a live connection (the queue's table unreadable): the queue is out.
    if (db === 'ok' && code) return { db, queue: 'error' };
    forget(client, { close: true });
    return DOWN;
  }
}

let last: Answer | null = null;
let lastGood = 0;
let running: Promise<Answer> | null = null;

/** A slow part takes the last answer's value within the last good answer's grace; past it, it has failed. */
function settle(probe: Probe, at: number): Settled {
  const carry = last !== null && at - lastGood <= READINESS_GRACE_MS;
  return {
    db: probe.db === 'slow' ? (carry ? last!.probe.db : 'down') : probe.db,
    queue: probe.queue === 'slow' ? (carry ? last!.probe.queue : 'error') : probe.queue,
  };
}

const isGood = (probe: Settled) => probe.db === 'ok' && probe.queue !== 'error';

/** Starts a probe unless one is running; resolves with the answer it leaves. */
function refresh(): Promise<Answer> {
  running ??= probeReadiness()
    .then((probe): Answer => {
      const at = Date.now();
      const settled = settle(probe, at);
      if (probe.db === 'ok' && probe.queue !== 'slow' && probe.queue !== 'error') lastGood = at;
      return (last = { probe: settled, at });
    })
    .finally(() => (running = null));
  return running;
}

/** The answer for a health check: a fresh one, else a new probe's, or while it runs on, the last good one's. */
async function currentProbe(): Promise<Settled> {
  const now = Date.now();
  if (last && now - last.at < READINESS_FRESH_MS) return last.probe;
  const next = refresh();
  const carried = last && isGood(last.probe) && now - lastGood <= READINESS_GRACE_MS ? last.probe : null;
  if (!carried) return (await next).probe;
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<null>((resolve) => (timer = setTimeout(resolve, WAIT_MS, null)));
  const answer = await Promise.race([next, waited]).finally(() => clearTimeout(timer));
  return answer?.probe ?? carried;
}

/**
 * Whether this instance is ready: a probe's answer of the last second; else a new probe's, or, when it takes
 * longer than half a second and the last good answer is within its grace, that one (the probe runs on and its
 * answer serves the next request); before any good answer, the probe's, however long it takes (at most
 * READINESS_TIMEOUT_MS a step). A queue whose tables pg-boss has not made yet is made now, by the sender.
 */
export async function readiness(): Promise<Readiness> {
  let probe = await currentProbe();
  if (probe.db === 'ok' && probe.queue === 'missing') {
    await Promise.race([readyJobQueue().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, READINESS_TIMEOUT_MS))]);
    last = null;
    probe = await currentProbe();
  }
  const ok = probe.db === 'ok' && probe.queue === 'ok';
  return { status: ok ? 'ok' : 'degraded', db: probe.db === 'ok' ? 'ok' : 'error', queue: probe.queue === 'ok' ? 'ok' : 'error' };
}

/** Whether the database answers, by the same probe: the older `GET /api/health`. It makes no queue. */
export async function databaseAnswers(): Promise<boolean> {
  return (await currentProbe()).db === 'ok';
}

/** The message of a 503 from the health checks. */
export function notReadyMessage(health: Pick<Readiness, 'db'>): string {
  if (health.db === 'error') return 'This instance cannot serve: the database is not answering.';
  return 'This instance cannot serve: the job queue’s table cannot be read.';
}
