// Playwright's web server: recreate the e2e database, migrate it and seed the demo (unless --no-demo), then
// `next start`.
import { spawn, execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import pg from 'pg';
import { JOBS_ARGS } from '../../../scripts/lib/jobs-command';
import { E2E_LOG_DIR } from './database';

const url = new URL(process.env.DATABASE_URL!);
const name = url.pathname.slice(1);
const admin = new URL(url);
admin.pathname = '/postgres';

const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
await client.query(`CREATE DATABASE "${name}"`);
await client.end();

rmSync(process.env.MAIL_DIR ?? '.data/e2e-mail', { recursive: true, force: true });
execFileSync('npm', ['run', '--silent', 'db:migrate'], { stdio: 'inherit' });
if (!process.argv.includes('--no-demo')) execFileSync('npm', ['run', '--silent', 'db:seed'], { stdio: 'inherit' });

// Everything the server and the job process print goes to a file of this run's (tests/e2e/log-scan.spec.ts
// reads it for values that must never be logged); errors are shown on the runner's console too.
mkdirSync(E2E_LOG_DIR, { recursive: true });
const log = createWriteStream(`${E2E_LOG_DIR}/server-${process.env.PORT ?? '3100'}.log`, { flags: 'w' });
const keep = (child: ReturnType<typeof spawn>) => {
  child.stdout?.on('data', (chunk: Buffer) => {
    log.write(chunk);
    for (const line of chunk.toString().split('\n')) if (/"level":"(error|fatal)"/.test(line)) process.stderr.write(`${line}\n`);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log.write(chunk);
    process.stderr.write(chunk);
  });
  return child;
};
const next = keep(spawn('node', ['server.mjs', '-p', process.env.PORT ?? '3100'], { stdio: ['ignore', 'pipe', 'pipe'] }));
// The job process beside it, as `npm start` runs it, for the wearable syncs; without the crons, so no
// reminder e-mail lands in a test's inbox unasked.
const jobs = keep(spawn(process.execPath, JOBS_ARGS, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, JOBS_SCHEDULE: 'off' } }));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    jobs.kill(signal);
    next.kill(signal);
  });
next.on('exit', (code) => {
  jobs.kill('SIGTERM');
  process.exit(code ?? 0);
});
