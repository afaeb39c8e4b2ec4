// Applies prisma/migrations the way `prisma migrate deploy` does, recording each one in
// _prisma_migrations with Prisma's checksum, so either tool can take over from the other.
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { readEnv } from '../../lib/config/env.js';

export const MIGRATIONS_DIR = path.resolve('prisma/migrations');
// Prisma Migrate's own advisory-lock key, so the two never run at once.
const ADVISORY_LOCK_KEY = 72707369;

export type Migration = { name: string; sql: string; checksum: string };

export function checksumOf(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  // Same selection and order as Prisma Migrate: directories only, by localeCompare.
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort((a, b) => a.localeCompare(b));
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: checksumOf(sql) };
    }),
  );
}

const CREATE_HISTORY_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
);`;

type HistoryRow = { migration_name: string; checksum: string; finished_at: Date | null; rolled_back_at: Date | null };

export type MigrateResult = { applied: string[]; warnings: string[] };
/** lockTimeoutMs: how long to wait for a concurrent migration (default MIGRATION_LOCK_TIMEOUT_MS, else 60 s). */
export type MigrateOptions = { lockTimeoutMs?: number };


/** Waits for the migration lock, polling so that a stuck holder makes us fail instead of hang. */
async function takeLock(client: pg.Client, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [ADVISORY_LOCK_KEY]);
    if (rows[0]?.locked) return;
    if (Date.now() >= deadline) {
      throw new Error(
        `Another migration has held the migration lock (advisory lock ${ADVISORY_LOCK_KEY}) for over ${timeoutMs} ms; wait for it to finish, or end the session holding it, then migrate again.`,
      );
    }
    await delay(Math.min(250, Math.max(10, deadline - Date.now())));
  }
}

/** Applies every pending migration, each in its own transaction. */
export async function applyMigrations(connectionString: string, dir = MIGRATIONS_DIR, options: MigrateOptions = {}): Promise<MigrateResult> {
  const migrations = await readMigrations(dir);
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  await client.connect();
  const applied: string[] = [];
  const warnings: string[] = [];
  try {
    await takeLock(client, options.lockTimeoutMs ?? readEnv(['MIGRATION_LOCK_TIMEOUT_MS']).MIGRATION_LOCK_TIMEOUT_MS);
    await client.query(CREATE_HISTORY_TABLE);
    const { rows } = await client.query<HistoryRow>(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at',
    );
    const failed = rows.find((r) => r.finished_at === null && r.rolled_back_at === null);
    if (failed) {
      throw new Error(`Migration ${failed.migration_name} failed earlier and is not rolled back; resolve it before migrating.`);
    }
    const done = new Map(rows.filter((r) => r.rolled_back_at === null).map((r) => [r.migration_name, r.checksum]));
    for (const migration of migrations) {
      const recorded = done.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) warnings.push(`Migration ${migration.name} was modified after it was applied.`);
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${migration.name} failed and was rolled back: ${(error as Error).message}`);
      }
      applied.push(migration.name);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_KEY]).catch(() => {});
    await client.end();
  }
  return { applied, warnings };
}
