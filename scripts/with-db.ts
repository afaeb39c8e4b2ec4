// Usage: tsx scripts/with-db.ts -- <command> [args...]
// With DATABASE_URL set, runs the command as it is. Without it, this process starts and owns the
// embedded database (or joins the one already running), migrates it, seeds the demo user, and runs
// the command with DATABASE_URL pointing at it, so Next's dev reloads and workers all share it.
import './lib/load-env';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { ensureEmbeddedDatabase } from './lib/embedded-postgres';
import { applyMigrations } from './lib/migrator';

const separator = process.argv.indexOf('--');
const [command, ...args] = separator === -1 ? process.argv.slice(2) : process.argv.slice(separator + 1);
if (!command) {
  console.error('Usage: tsx scripts/with-db.ts -- <command> [args...]');
  process.exit(1);
}

let stopDatabase = async () => {};
const env = { ...process.env };

// next-auth needs a secret in production; keep one per checkout rather than asking a new user for it.
if (!env.NEXTAUTH_SECRET && !env.AUTH_SECRET) {
  const file = '.data/auth-secret';
  let secret = '';
  try {
    secret = readFileSync(file, 'utf8').trim();
  } catch {
    secret = randomBytes(32).toString('base64url');
    mkdirSync('.data', { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
  }
  env.NEXTAUTH_SECRET = secret;
}

if (!env.DATABASE_URL) {
  const database = await ensureEmbeddedDatabase();
  stopDatabase = database.stop;
  env.DATABASE_URL = database.url;
  console.log(`Embedded PostgreSQL ${database.owned ? 'started' : 'already running'} at ${database.url.replace(/\/\/[^@]*@/, '//')}`);
  try {
    const { applied } = await applyMigrations(database.url);
    if (applied.length) console.log(`Applied ${applied.length} migration(s).`);
    // Asynchronously: this process serves the database the seed connects to.
    const seeded = await new Promise<number | null>((resolve) => {
      spawn('npm', ['run', '--silent', 'db:seed'], { stdio: 'inherit', env }).on('exit', resolve);
    });
    if (seeded !== 0) throw new Error('Seeding the demo data failed.');
  } catch (error) {
    console.error((error as Error).message);
    await stopDatabase();
    process.exit(1);
  }
}

const child = spawn(command, args, { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', async (code, signal) => {
  await stopDatabase();
  process.exit(code ?? (signal ? 1 : 0));
});
