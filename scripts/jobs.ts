// The background jobs beside Next (started by scripts/with-db.ts for `npm run dev` and `npm start`):
// pg-boss on DATABASE_URL, with the reminders schedule. Stops cleanly on SIGINT/SIGTERM.
import './lib/load-env';
import { startJobs } from '../lib/jobs';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('The jobs need DATABASE_URL (scripts/with-db.ts sets it for the embedded database).');
  process.exit(1);
}

try {
  const jobs = await startJobs(url);
  console.log('Background jobs running (reminders every 15 minutes).');
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void jobs.stop().finally(() => process.exit(0));
    });
  }
} catch (error) {
  console.error(`The background jobs could not start: ${error instanceof Error ? error.name : 'unknown error'}`);
  process.exit(1);
}
