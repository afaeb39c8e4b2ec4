import pg from 'pg';

/** A comparable description of a database's public schema: tables, columns, enums, indexes, constraints. */
export type SchemaDescription = { columns: string[]; enums: string[]; indexes: string[]; constraints: string[] };

export async function describeSchema(url: string): Promise<SchemaDescription> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const lines = async (sql: string) => (await client.query<{ line: string }>(sql)).rows.map((r) => r.line);
  try {
    return {
      columns: await lines(`
        SELECT concat_ws(' ', table_name, column_name, udt_name, is_nullable, coalesce(column_default, '-'), coalesce(character_maximum_length::text, '-')) AS line
        FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
        ORDER BY table_name, column_name`),
      enums: await lines(`
        SELECT t.typname || ': ' || string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder) AS line
        FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = 'public' GROUP BY t.typname ORDER BY t.typname`),
      indexes: await lines(`
        SELECT indexdef AS line FROM pg_indexes
        WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY indexname`),
      constraints: await lines(`
        SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(c.oid) AS line
        FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE n.nspname = 'public' AND conrelid::regclass::text <> '_prisma_migrations'
        ORDER BY conrelid::regclass::text, conname`),
    };
  } finally {
    await client.end();
  }
}
