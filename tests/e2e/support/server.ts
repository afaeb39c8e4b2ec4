// Playwright's web server: recreate the e2e database, migrate and seed it, then `next start`.
import { spawn, execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import pg from 'pg';

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
execFileSync('npm', ['run', '--silent', 'db:seed'], { stdio: 'inherit' });

const next = spawn('node', ['server.mjs', '-p', process.env.PORT ?? '3100'], { stdio: 'inherit' });
// The job process beside it, as `npm start` runs it, for the wearable syncs; without the crons, so no
// reminder e-mail lands in a test's inbox unasked.
const jobs = spawn('node_modules/.bin/tsx', ['--conditions=react-server', 'scripts/jobs.ts'], { stdio: 'inherit', env: { ...process.env, JOBS_SCHEDULE: 'off' } });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    jobs.kill(signal);
    next.kill(signal);
  });
next.on('exit', (code) => {
  jobs.kill('SIGTERM');
  process.exit(code ?? 0);
});
