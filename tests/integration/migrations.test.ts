import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { applyMigrations, checksumOf, MIGRATIONS_DIR, readMigrations } from '../../scripts/lib/migrator';
import { sessionKey } from '@/lib/auth/sessions';
import { SCHEMA_PATH, readDatamodel } from '../../scripts/lib/schema-files';
import { diffDatamodels } from '../../scripts/lib/schema-engine';
import { describeSchema } from '../setup/catalog';
import { createDatabase, dropDatabase, uniqueName } from '../setup/test-database.js';

const INIT_SHA256 = '1105b15e3e4aa6ed4d0cc1b32f2e8ca8690a0e116b21d3e4363cbeb65f2710e8';
const RATE_LIMITS_SHA256 = '1f5692b18f06288e6a02edea37d3372176106a739fc1a946e9da7a4e4dc8b725';

const created: string[] = [];
async function freshDatabase(): Promise<string> {
  const name = uniqueName('vt_mig');
  created.push(name);
  return createDatabase(name);
}

afterAll(async () => {
  await Promise.all(created.map(dropDatabase));
});

describe('migrations', () => {
  it('build the same database as schema.prisma describes', async () => {
    const migratedUrl = await freshDatabase();
    await applyMigrations(migratedUrl);

    // The database Prisma would create straight from schema.prisma.
    const fromSchemaUrl = await freshDatabase();
    const sql = await diffDatamodels(null, await readDatamodel(SCHEMA_PATH), fromSchemaUrl);
    const client = new pg.Client({ connectionString: fromSchemaUrl });
    await client.connect();
    await client.query(sql);
    await client.end();

    const [migrated, fromSchema] = await Promise.all([describeSchema(migratedUrl), describeSchema(fromSchemaUrl)]);
    expect(migrated.columns.length).toBeGreaterThan(100);
    // On failure: schema.prisma changed without a migration; run `npm run db:migration -- <name>`.
    expect(migrated).toEqual(fromSchema);
  });

  // Sessions keep their cookie's SHA-256 (prisma/migrations/20261201221935_credential_changes). The migration hashes the rows it finds, so that a browser
  // signed in before it is still signed in after, by the same lookup (lib/auth/sessions.ts sessionKey).
  it('hash the session rows of a database migrated before sessions were hashed, in place, as a sign-in now looks them up', async () => {
    const url = await freshDatabase();
    const before = await mkdtemp(path.join(tmpdir(), 'vt-migrations-'));
    try {
      const names = (await readMigrations()).map((m) => m.name);
      for (const name of names.slice(0, names.indexOf('20261201221935_credential_changes'))) await cp(path.join(MIGRATIONS_DIR, name), path.join(before, name), { recursive: true });
      await applyMigrations(url, before);
    } finally {
      await rm(before, { recursive: true, force: true });
    }
    const token = 'a'.repeat(32) + 'b'.repeat(32);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`INSERT INTO users (id, email, "updatedAt") VALUES ('u1', 'before@example.test', now())`);
      await client.query(`INSERT INTO sessions (id, "sessionToken", "userId", expires) VALUES ('s1', $1, 'u1', now() + interval '1 day')`, [token]);
      await applyMigrations(url);
      const { rows } = await client.query<{ tokenHash: string }>('SELECT "tokenHash" FROM sessions');
      expect(rows).toEqual([{ tokenHash: sessionKey(token) }]);
    } finally {
      await client.end();
    }
  });

  it('record each migration the way Prisma Migrate does, and apply nothing twice', async () => {
    const url = await freshDatabase();
    const migrations = await readMigrations();
    expect((await applyMigrations(url)).applied).toEqual(migrations.map((m) => m.name));
    expect((await applyMigrations(url)).applied).toEqual([]);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ migration_name: string; checksum: string; applied_steps_count: number; finished: boolean }>(
      'SELECT migration_name, checksum, applied_steps_count, finished_at IS NOT NULL AS finished FROM _prisma_migrations ORDER BY migration_name',
    );
    await client.end();
    // Known answers: Prisma Migrate records sha256 of the migration.sql bytes (`sha256sum` printed these).
    expect(rows.slice(0, 2)).toEqual([
      { migration_name: '20261121123555_init', checksum: INIT_SHA256, applied_steps_count: 1, finished: true },
      { migration_name: '20261121124920_rate_limits', checksum: RATE_LIMITS_SHA256, applied_steps_count: 1, finished: true },
    ]);
    expect(rows).toHaveLength(migrations.length);
    expect(checksumOf(await readFile('prisma/migrations/20261121123555_init/migration.sql', 'utf8'))).toBe(INIT_SHA256);
  });

  it('roll a failing migration back whole and record nothing', async () => {
    const url = await freshDatabase();
    const { mkdtemp, mkdir, writeFile } = await import('node:fs/promises');
    const dir = await mkdtemp('/tmp/vt-migrations-');
    await mkdir(`${dir}/20000101000000_broken`);
    await writeFile(`${dir}/20000101000000_broken/migration.sql`, 'CREATE TABLE "half_done" (id int);\nSELECT * FROM "no_such_table";');
    await expect(applyMigrations(url, dir)).rejects.toThrow(/20000101000000_broken failed and was rolled back/);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const tables = await client.query("SELECT to_regclass('public.half_done') AS t");
    const history = await client.query('SELECT count(*)::int AS n FROM _prisma_migrations');
    await client.end();
    expect(tables.rows[0].t).toBeNull();
    expect(history.rows[0].n).toBe(0);
  });
});
