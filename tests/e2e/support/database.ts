import pg from 'pg';

export const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/vt_e2e';
/** Where the e2e server writes its e-mails (no SMTP in tests). */
export const E2E_MAIL_DIR = '.data/e2e-mail';
/** What the e2e servers print, one file per server (support/server.ts). */
export const E2E_LOG_DIR = '.data/e2e-logs';

export async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = [], url = E2E_DATABASE_URL): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
