import 'server-only';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { env } from '@/lib/env';
import type { StoredMail } from './mailer';

/** The messages written to MAIL_DIR when no SMTP server is configured, newest first. */
export async function listOutbox(limit = 50): Promise<StoredMail[]> {
  const files = (await readdir(env.MAIL_DIR).catch(() => [])).filter((f) => f.endsWith('.json')).sort().reverse().slice(0, limit);
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(env.MAIL_DIR, f), 'utf8')) as StoredMail));
}
