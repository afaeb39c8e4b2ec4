// Usage: node --conditions=react-server --import tsx scripts/with-db.ts [--dev] -- <command> [args...]
// Validates the environment, then runs the command. With DATABASE_URL set, it runs it as it is.
// Without it, this process starts and owns the embedded database (or joins the one already running),
// migrates it, and runs the command with DATABASE_URL pointing at it, so Next's reloads and workers share it.
// The demo user is seeded with --dev on the embedded database, or wherever SEED_DEMO=1 asks for it.
import './lib/load-env';
import { spawn } from 'node:child_process';
import { inheritedEnvironment, parseEnv } from '../lib/config/env.js';
import { VARIABLE_NAMES } from '../lib/config/variables.js';
import { ensureEmbeddedDatabase } from './lib/embedded-postgres';
import { JOBS_ARGS } from './lib/jobs-command';
import { applyMigrations } from './lib/migrator';
import { demoSeedWanted, embeddedDatabaseEnv, resolveAuthSecret, resolveTokenKey } from './lib/start-environment';

const separator = process.argv.indexOf('--');
const options = separator === -1 ? [] : process.argv.slice(2, separator);
const [command, ...args] = separator === -1 ? process.argv.slice(2) : process.argv.slice(separator + 1);
if (!command) {
  console.error('Usage: node --conditions=react-server --import tsx scripts/with-db.ts [--dev] -- <command> [args...]');
  process.exit(1);
}
const dev = options.includes('--dev');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

// What the command, the seed and the jobs inherit: this environment, with what is settled below.
const env = inheritedEnvironment();
const embedded = !env.DATABASE_URL;
const secret = resolveAuthSecret(env, { dev, embedded });
if ('problem' in secret) fail(secret.problem);
env.NEXTAUTH_SECRET = secret.value;
const tokenKey = resolveTokenKey(env, { dev, embedded });
if (tokenKey) env.TOKEN_ENCRYPTION_KEY = tokenKey;

// Fail fast, naming the bad variables, before a database or Next starts: the app reads these same ones.
const config = (() => {
  try {
    return parseEnv(env, VARIABLE_NAMES);
  } catch (error) {
    fail((error as Error).message);
  }
})();

let stopDatabase = async () => {};
if (embedded) {
  const database = await ensureEmbeddedDatabase();
  stopDatabase = database.stop;
  Object.assign(env, embeddedDatabaseEnv(database.url));
  console.log(`Embedded PostgreSQL ${database.owned ? 'started' : 'already running'} at ${database.url.replace(/\/\/[^@]*@/, '//')}`);
  try {
    const { applied } = await applyMigrations(database.url);
    if (applied.length) console.log(`Applied ${applied.length} migration(s).`);
  } catch (error) {
    await stopDatabase();
    fail((error as Error).message);
  }
}

if (demoSeedWanted(env, { dev, embedded })) {
  // Asynchronously: this process may serve the database the seed connects to.
  const seeded = await new Promise<number | null>((resolve) => {
    spawn('npm', ['run', '--silent', 'db:seed'], { stdio: 'inherit', env }).on('exit', resolve);
  });
  if (seeded !== 0) {
    await stopDatabase();
    fail('Seeding the demo data failed.');
  }
}

// The background jobs (pg-boss: the reminders) run beside the command on the same database, unless
// JOBS=off. A jobs process that fails is reported and the app keeps serving.
const jobs =
  config.JOBS === 'off'
    ? null
    : spawn(process.execPath, JOBS_ARGS, { stdio: 'inherit', env }).on('exit', (code, signal) => {
        if (code && !signal) console.error('The background jobs stopped; reminders will not go out until the app restarts.');
      });
const jobsStopped = jobs ? new Promise<void>((resolve) => jobs.once('exit', () => resolve())) : Promise.resolve();

const child = spawn(command, args, { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    child.kill(signal);
    jobs?.kill(signal);
  });
}
child.on('exit', async (code, signal) => {
  if (jobs && jobs.exitCode === null && jobs.signalCode === null) jobs.kill('SIGTERM');
  await jobsStopped;
  await stopDatabase();
  process.exit(code ?? (signal ? 1 : 0));
});
