import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { client, serveAppForThisFile } from '../../setup/app-server';

const app = serveAppForThisFile();

const OLD = 'Sturdy-Oak-2026!';
const NEW = 'Brand-New-Maple-77';
const INVALID = 'This reset link is invalid or has expired. Please request a new one.';

async function mailsTo(email: string): Promise<{ text: string; subject: string }[]> {
  const files = (await readdir(app.mailDir)).filter((f) => f.endsWith('.json'));
  const mails = await Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(app.mailDir, f), 'utf8'))));
  return mails.filter((m) => m.to === email);
}

async function resetLink(email: string): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const [mail] = await mailsTo(email);
    if (mail) return new URL(mail.text.match(/https?:\/\/\S+\/reset-password\/\S+/)![0]).pathname;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no reset mail');
}

describe('password reset', () => {
  it('mails a single-use link, stores only its hash, ends every session, and swaps the password', async () => {
    const email = `reset-${Date.now()}@example.test`;
    const first = client(app.url);
    await first.post('/api/register', { email, password: OLD });
    const second = client(app.url);
    await second.post('/api/login', { email, password: OLD });

    const asked = await client(app.url).post('/api/forgot-password', { email });
    expect(asked.status).toBe(200);
    const link = await resetLink(email);
    const token = link.split('/').pop()!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const stored = await db.passwordResetToken.findFirstOrThrow({ where: { user: { email } } });
    expect(stored.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    const minutes = (stored.expiresAt.getTime() - stored.createdAt.getTime()) / 60_000;
    expect(Math.round(minutes)).toBe(60);

    const reset = await client(app.url).post(`/api/reset-password/${token}`, { password: NEW });
    expect(reset.status).toBe(200);
    expect(reset.json).toEqual({ message: 'Password has been reset successfully!' });

    for (const browser of [first, second]) {
      expect((await browser.get('/api/user')).status).toBe(401);
    }
    expect((await client(app.url).post('/api/login', { email, password: OLD })).status).toBe(401);
    expect((await client(app.url).post('/api/login', { email, password: NEW })).status).toBe(200);

    const reused = await client(app.url).post(`/api/reset-password/${token}`, { password: 'Another-Pass-99' });
    expect(reused.status).toBe(400);
    expect(reused.json).toEqual({ message: INVALID });

    const log = app.output();
    for (const secret of [OLD, NEW, token, stored.tokenHash]) expect(log).not.toContain(secret);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const email = `ghost-${Date.now()}@example.test`;
    const res = await client(app.url).post('/api/forgot-password', { email });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'If an account exists for that e-mail, a password reset link is on its way.' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(email)).toEqual([]);
  });

  it('refuses an expired link', async () => {
    const email = `late-${Date.now()}@example.test`;
    await client(app.url).post('/api/register', { email, password: OLD });
    await client(app.url).post('/api/forgot-password', { email });
    const token = (await resetLink(email)).split('/').pop()!;
    await db.passwordResetToken.updateMany({ where: { user: { email } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await client(app.url).post(`/api/reset-password/${token}`, { password: NEW });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: INVALID });
    expect((await client(app.url).post('/api/login', { email, password: OLD })).status).toBe(200);
  });
});
