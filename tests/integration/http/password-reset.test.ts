import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { client, serveAppForThisFile } from '../../setup/app-server';
import { waitFor } from '../../support/wait-for';

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
  // A sign-in from a new browser mails the member too: the reset is the one with the link.
  const reset = async () => (await mailsTo(email)).find((m) => m.subject === 'Reset your Vitality password');
  const mail = await waitFor(reset, 'the reset mail', { intervalMs: 100 });
  return new URL(mail.text.match(/https?:\/\/\S+\/reset-password\/\S+/)![0]).pathname;
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
    expect(reused.json).toEqual({ message: INVALID, code: 'bad_request' });

    const log = app.output();
    for (const secret of [OLD, NEW, token, stored.tokenHash]) expect(log).not.toContain(secret);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const email = `ghost-${Date.now()}@example.test`;
    const witness = `witness-${Date.now()}@example.test`;
    await client(app.url).post('/api/register', { email: witness, password: OLD });
    const res = await client(app.url).post('/api/forgot-password', { email });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ message: 'If an account exists for that e-mail, a password reset link is on its way.' });
    // A known address asked after it: once its mail is there, the unknown one's would have been too.
    await client(app.url).post('/api/forgot-password', { email: witness });
    await resetLink(witness);
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
    expect(res.json).toEqual({ message: INVALID, code: 'bad_request' });
    expect((await client(app.url).post('/api/login', { email, password: OLD })).status).toBe(200);
  });

  // A link mailed before a change of password or e-mail must not outlive it.
  it.each<[string, (email: string) => { email?: string; password?: string; current_password: string }]>([
    ['a password change', () => ({ password: 'Changed-Cedar-2027', current_password: OLD })],
    ['an e-mail change', (email) => ({ email: `moved-${email}`, current_password: OLD })],
    ['a password and e-mail change', (email) => ({ email: `both-${email}`, password: 'Changed-Cedar-2027', current_password: OLD })],
  ])('voids every outstanding reset link after %s, and ends the other sessions', async (_change, bodyFor) => {
    const email = `void-${Math.random().toString(36).slice(2)}-${Date.now()}@example.test`;
    const owner = client(app.url);
    expect((await owner.post('/api/register', { email, password: OLD })).status).toBe(201);
    const { id } = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
    const elsewhere = client(app.url);
    expect((await elsewhere.post('/api/login', { email, password: OLD })).status).toBe(200);
    await client(app.url).post('/api/forgot-password', { email });
    const token = (await resetLink(email)).split('/').pop()!;

    const body = bodyFor(email);
    expect((await owner.post('/api/set-user-info', body)).status).toBe(200);
    expect(await db.passwordResetToken.count({ where: { userId: id, usedAt: null } })).toBe(0);

    const reset = await client(app.url).post(`/api/reset-password/${token}`, { password: 'Hijacked-Heron-2027' });
    expect(reset).toMatchObject({ status: 400, json: { message: INVALID } });
    expect((await client(app.url).post('/api/login', { email: body.email ?? email, password: 'Hijacked-Heron-2027' })).status).toBe(401);
    expect((await owner.get('/api/user')).status).toBe(200);
    expect((await elsewhere.get('/api/user')).status).toBe(401);
  });

  it('voids the other outstanding links when one of them completes a reset', async () => {
    const email = `two-links-${Date.now()}@example.test`;
    await client(app.url).post('/api/register', { email, password: OLD });
    await client(app.url).post('/api/forgot-password', { email });
    const first = (await resetLink(email)).split('/').pop()!;
    await db.passwordResetToken.updateMany({ where: { user: { email } }, data: { createdAt: new Date(Date.now() - 60_000) } });
    await client(app.url).post('/api/forgot-password', { email });
    const newer = async () => (await mailsTo(email)).map((m) => m.text.match(/\/reset-password\/([A-Za-z0-9_-]+)/)![1]!).find((t) => t !== first);
    const second = await waitFor(newer, 'the second reset mail', { intervalMs: 100 });
    expect((await client(app.url).post(`/api/reset-password/${second}`, { password: NEW })).status).toBe(200);
    expect(await client(app.url).post(`/api/reset-password/${first}`, { password: 'Another-Pass-99' })).toMatchObject({ status: 400, json: { message: INVALID } });
  });
});
