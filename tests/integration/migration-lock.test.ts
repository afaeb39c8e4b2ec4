import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { applyMigrations } from '../../scripts/lib/migrator';
import { createDatabase, dropDatabase, uniqueName } from '../setup/test-database.js';

const name = uniqueName('vt_lock');
afterAll(() => dropDatabase(name));

// Prisma Migrate's advisory-lock key, which the migrator shares.
const MIGRATION_LOCK = 72707369;

describe('the migration lock', () => {
  it('makes a second migration fail with a clear message after the timeout, and apply nothing', async () => {
    const url = await createDatabase(name);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await expect(applyMigrations(url, undefined, { lockTimeoutMs: 300 })).rejects.toThrow(
        'Another migration has held the migration lock (advisory lock 72707369) for over 300 ms',
      );
      const { rows } = await holder.query<{ t: string | null }>("SELECT to_regclass('public._prisma_migrations')::text AS t");
      expect(rows[0]!.t).toBeNull();
    } finally {
      await holder.end();
    }
    // Once the holder is gone, migrating works.
    expect((await applyMigrations(url, undefined, { lockTimeoutMs: 300 })).applied.length).toBeGreaterThan(0);
  });
});
