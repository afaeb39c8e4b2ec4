// Creating and dropping the throwaway databases the integration tests run in.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export function uniqueName(prefix) {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

export async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createDatabase(name, template) {
  // Copies of one template can collide briefly; retry rather than fail the file.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
      return databaseUrl(name);
    } catch (error) {
      if (attempt >= 5 || !/being accessed by other users/.test(error.message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

export async function dropDatabase(name) {
  await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
