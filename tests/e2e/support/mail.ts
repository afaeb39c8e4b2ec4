import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { budget } from '../../setup/machine-speed.js';
import { E2E_MAIL_DIR } from './database';

export type StoredMail = { to: string; subject: string; text: string; createdAt: string };

/** The newest mail the e2e server wrote for `to`, waiting for it to arrive (up to 10 s on a good day). */
export async function newestMailTo(to: string): Promise<StoredMail> {
  const dir = path.resolve(E2E_MAIL_DIR);
  for (const deadline = Date.now() + budget(10_000); Date.now() < deadline; ) {
    const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.json')).sort().reverse();
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as StoredMail;
      if (mail.to === to) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} in ${dir}`);
}
