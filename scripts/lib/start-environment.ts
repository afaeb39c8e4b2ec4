// The start-up rules `npm start` and `npm run dev` apply before the app runs (see scripts/with-db.ts).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Environment = Record<string, string | undefined>;
type Mode = { dev: boolean; embedded: boolean };

/**
 * next-auth's secret. A production start on a PostgreSQL server must be given one, since a secret
 * generated per checkout would differ between the app's replicas; elsewhere one is kept under .data/.
 */
export function resolveAuthSecret(env: Environment, mode: Mode, file = '.data/auth-secret'): { value: string } | { problem: string } {
  const given = env.NEXTAUTH_SECRET || env.AUTH_SECRET;
  if (given) return { value: given };
  if (!mode.dev && !mode.embedded) {
    return { problem: 'Invalid environment variables: NEXTAUTH_SECRET (required when DATABASE_URL is set; 32 or more random characters)' };
  }
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return { value: stored };
  } catch {
    // None yet: create it below.
  }
  const value = randomBytes(32).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, value, { mode: 0o600 });
  return { value };
}

/**
 * TOKEN_ENCRYPTION_KEY: as given; otherwise, in development or on the embedded database, the key in
 * `file` (created on first run, 32 random bytes). On a server database without one, none: wearables
 * cannot be connected and the log says why.
 */
export function resolveTokenKey(env: Environment, mode: Mode, file = '.data/token-key'): string | null {
  if (env.TOKEN_ENCRYPTION_KEY) return env.TOKEN_ENCRYPTION_KEY;
  if (!mode.dev && !mode.embedded) return null;
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  } catch {
    // None yet: create it below.
  }
  const value = randomBytes(32).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

/** What the app runs with on the embedded database: PGlite is one session, so the pool holds one connection. */
export function embeddedDatabaseEnv(url: string): { DATABASE_URL: string; DATABASE_POOL_SIZE: string } {
  return { DATABASE_URL: url, DATABASE_POOL_SIZE: '1' };
}

/** The demo user's password is in the README: only development on the embedded database seeds it unasked. */
export function demoSeedWanted(env: Environment, mode: Mode): boolean {
  if (env.SEED_DEMO === '1') return true;
  if (env.SEED_DEMO === '0') return false;
  return mode.dev && mode.embedded;
}
