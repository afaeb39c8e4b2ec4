import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { ownerFileOf } from '@/scripts/lib/embedded-postgres';

export const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/vt_e2e';
/** Where the e2e server writes its e-mails (no SMTP in tests). */
export const E2E_MAIL_DIR = '.data/e2e-mail';
/** What the e2e servers print, one file per server (support/server.ts, and the embedded one's `npm start`). */
export const E2E_LOG_DIR = '.data/e2e-logs';
export const EMBEDDED_DB_PORT = process.env.E2E_EMBEDDED_DB_PORT ?? '54410';
export const EMBEDDED_E2E_DATA_DIR = '.data/e2e-embedded/pglite';

/**
 * The embedded e2e server's database address. EMBEDDED_DB_PORT is only its preferred port: when that one
 * is taken (it lies in the kernel's ephemeral range, so any outgoing connection may hold it) PGlite
 * serves on a port the OS picks, and the owner file it publishes says which.
 */
export async function embeddedE2EUrl(): Promise<string> {
  const owner = JSON.parse(await readFile(ownerFileOf(path.resolve(EMBEDDED_E2E_DATA_DIR)), 'utf8')) as { port: number | null };
  if (!owner.port) throw new Error('The embedded e2e server has not published its database port.');
  return `postgresql://postgres:postgres@127.0.0.1:${owner.port}/postgres?sslmode=disable`;
}

export async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = [], url = E2E_DATABASE_URL): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
