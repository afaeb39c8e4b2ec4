// The throwaway databases the benchmarks make on the PostgreSQL server (BENCH_ADMIN_DATABASE_URL).
import pg from 'pg';

export const ADMIN_URL = process.env.BENCH_ADMIN_DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';

/** An error's last line (Prisma's messages echo the whole query; its last line is the cause). */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).trim().split('\n').at(-1) ?? '';

/** A connection URL with its password hidden, for messages. */
export function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  admin.on('error', () => {}); // a dropped admin connection surfaces as a failed query instead
  try {
    await admin.connect();
  } catch (error) {
    await admin.end().catch(() => {});
    throw new Error(`${redacted(ADMIN_URL)} is unreachable (${messageOf(error) || 'connection refused'}); set BENCH_ADMIN_DATABASE_URL`);
  }
  try {
    return await work(admin);
  } finally {
    await admin.end().catch(() => {});
  }
}

/** Drops and recreates database `name` (empty); answers its URL and the server's major version. */
export async function recreateDatabase(name: string): Promise<{ url: string; major: number }> {
  const major = await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ server_version_num: string }>('SHOW server_version_num');
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    return Math.floor(Number(rows[0]?.server_version_num ?? 0) / 10_000);
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), major };
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
