import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { E2E_MAIL_DIR } from './database';

export type StoredMail = { to: string; subject: string; text: string; createdAt: string };

/** The newest mail the e2e server wrote for `to`, waiting up to ~5 s for it to arrive. */
export async function newestMailTo(to: string): Promise<StoredMail> {
  const dir = path.resolve(E2E_MAIL_DIR);
  for (let attempt = 0; attempt < 25; attempt++) {
    const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.json')).sort().reverse();
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as StoredMail;
      if (mail.to === to) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} in ${dir}`);
}
