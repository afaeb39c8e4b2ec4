import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { waitFor } from '../../support/wait-for';
import { E2E_MAIL_DIR } from './database';

export type StoredMail = { to: string; subject: string; text: string; createdAt: string };

/** The newest mail the e2e server wrote for `to`, waiting for it to arrive (up to 10 s on a good day). */
export function newestMailTo(to: string): Promise<StoredMail> {
  const dir = path.resolve(E2E_MAIL_DIR);
  const newest = async () => {
    const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.json')).sort().reverse();
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as StoredMail;
      if (mail.to === to) return mail;
    }
    return null;
  };
  return waitFor(newest, `a mail to ${to} in ${dir}`, { intervalMs: 200 });
}
