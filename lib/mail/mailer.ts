import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { env } from '@/lib/env';

/** `headers`: extra headers such as List-Unsubscribe. */
export type Mail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> };
export type StoredMail = Mail & { id: string; from: string; createdAt: string };

const transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : null;

/** Sends by SMTP when SMTP_URL is set; otherwise writes the message under MAIL_DIR for /dev/mail. */
export async function sendMail(mail: Mail): Promise<void> {
  if (transport) {
    await transport.sendMail({ from: env.MAIL_FROM, ...mail });
    return;
  }
  const createdAt = new Date().toISOString();
  const id = `${createdAt.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
  const stored: StoredMail = { id, from: env.MAIL_FROM, createdAt, ...mail };
  await mkdir(env.MAIL_DIR, { recursive: true });
  // Whole or not at all: written under a name no reader lists, then renamed (a rename within a folder is
  // atomic), so /dev/mail or anyone reading the folder never meets a half-written message.
  const file = path.join(env.MAIL_DIR, `${id}.json`);
  await writeFile(`${file}.partial`, JSON.stringify(stored, null, 2), { mode: 0o600 });
  await rename(`${file}.partial`, file);
}
