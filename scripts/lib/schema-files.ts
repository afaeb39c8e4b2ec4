import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const SCHEMA_PATH = path.resolve('prisma/schema.prisma');
/** The datamodel the newest migration brings the database to; Prisma Migrate ignores files here. */
export const SNAPSHOT_PATH = path.resolve('prisma/migrations/schema.snapshot.prisma');

export async function readDatamodel(file: string): Promise<{ path: string; content: string } | null> {
  const content = await readFile(file, 'utf8').catch(() => null);
  return content === null ? null : { path: 'schema.prisma', content };
}
