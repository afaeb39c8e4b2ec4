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
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => next.kill(signal));
next.on('exit', (code) => process.exit(code ?? 0));
