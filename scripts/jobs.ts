// The background jobs beside Next (started by scripts/with-db.ts for `npm run dev` and `npm start`):
// pg-boss on DATABASE_URL, with the reminders, wearable polling and webhook upkeep schedules, and the
// queued work: wearable syncs and what deleted accounts left to retry (account-cleanup; ./job-worker.ts
// registers every handler). Stops cleanly on SIGINT/SIGTERM.
import './lib/load-env';
import { readEnv } from '../lib/config/env.js';
import { routeConsoleToLogger } from '../lib/observability/runtime.js';
import { startJobs } from './job-worker';

// JSON lines, one per job (./job-worker.ts) and for every other message, like the web server's.
routeConsoleToLogger();

const config = readEnv(['DATABASE_URL', 'JOBS_SCHEDULE', 'JOBS_SHUTDOWN_GRACE_MS']);
const url = config.DATABASE_URL;
if (!url) {
  console.error('The jobs need DATABASE_URL (scripts/with-db.ts sets it for the embedded database).');
  process.exit(1);
}

/** The kind of a failure and its code (a PostgreSQL or system code), never its message: messages can carry connection details. */
const kindOf = (error: unknown) => {
  const code = (error as { code?: unknown })?.code;
  return `${error instanceof Error ? error.name : 'unknown error'}${typeof code === 'string' && /^[A-Z0-9_]{1,16}$/.test(code) ? ` ${code}` : ''}`;
};

// A start that fails (the database restarting, or too busy to answer pg-boss's first statements) is tried
// again, waiting twice as long each time, for about two minutes in all; then the process gives up, and a
// supervisor (systemd, Kubernetes) starts it again.
const START_TRIES = 6;
const FIRST_WAIT_MS = 2_000;

// JOBS_SCHEDULE=off runs queued work (wearable syncs, account cleanup) without the crons (the e2e server).
const schedule = config.JOBS_SCHEDULE !== 'off';
for (let attempt = 1; ; attempt += 1) {
  try {
    const jobs = await startJobs(url, { schedule, graceMs: config.JOBS_SHUTDOWN_GRACE_MS });
    console.log(schedule ? 'Background jobs running (reminders every 15 minutes, wearable polling every 6 hours).' : 'Background jobs running (no schedules).');
    // The first signal starts the stop; later ones (a process manager signalling both the group and this
    // process, a second Ctrl-C) are ignored rather than ending the process before its work in hand is
    // finished or handed back to the queue.
    let stopping = false;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.on(signal, () => {
        if (stopping) return;
        stopping = true;
        void jobs.stop().finally(() => process.exit(0));
      });
    }
    break;
  } catch (error) {
    if (attempt === START_TRIES) {
      console.error(`The background jobs could not start: ${kindOf(error)}`);
      process.exit(1);
    }
    const waitMs = FIRST_WAIT_MS * 2 ** (attempt - 1);
    console.warn(`The background jobs could not start (${kindOf(error)}); trying again in ${waitMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}
