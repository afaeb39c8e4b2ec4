// At the HTTP level, against the production build on PostgreSQL: every change of how a member signs
// in ends what the old ways opened (a sign-in waiting for its second step, every other session, every
// remembered browser), "Sign out everywhere else" forgets the remembered browsers too, Settings lists and
// forgets them, and the sessions table keeps no session's cookie value. Each case reads the database after.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { authenticatorApp } from '../../support/authenticator-app';
import { waitFor } from '../../support/wait-for';
import { client, serveAppForThisFile } from '../../setup/app-server';

const app = serveAppForThisFile(() => ({ TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64') }));
const PASSWORD = 'Sturdy-Oak-2026!';
const NEW_PASSWORD = 'Brand-New-Maple-77';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
let n = 0;
let ip = 40;
const nextIp = () => `198.51.100.${++ip}`;
type Browser = ReturnType<typeof client>;

/** A member with the authenticator app on, signed in on `browser`, and a laptop remembered (it skips the code). */
async function memberWithSecondStep() {
  const email = `changes${++n}-${Date.now()}@example.test`;
  const browser = client(app.url, nextIp());
  expect((await browser.post('/api/register', { email, password: PASSWORD })).status).toBe(201);
  const { id } = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
  const setup = await browser.post('/api/security/totp/setup');
  const phone = authenticatorApp(String(setup.json.secret));
  const enabled = await browser.post('/api/security/totp/enable', { code: await phone.next() });
  expect(enabled.status).toBe(200);
  const laptop = client(app.url, nextIp());
  expect((await laptop.post('/api/login', { email, password: PASSWORD }, { 'user-agent': FIREFOX })).json.second_step).toBe(true);
  expect((await laptop.post('/api/login/second-step', { method: 'totp', code: await phone.next(), remember: true }, { 'user-agent': FIREFOX })).status).toBe(200);
  return { email, id, browser, phone, laptop, codes: enabled.json.recovery_codes as string[] };
}

/** Someone who knows the password gets as far as the second step, in a browser of their own. */
async function pendingSignIn(email: string, password = PASSWORD): Promise<Browser> {
  const thief = client(app.url, nextIp());
  expect((await thief.post('/api/login', { email, password })).json.second_step).toBe(true);
  return thief;
}

async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  const files = (await readdir(app.mailDir)).filter((f) => f.endsWith('.json'));
  const mails = await Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(app.mailDir, f), 'utf8')) as { to: string; subject: string; text: string }));
  return mails.filter((m) => m.to === email);
}

/** The member's rows that a change must end: sign-ins waiting for their second step, sessions, remembered browsers. */
const leftOver = async (userId: string) => ({
  pending: await db.pendingSignIn.count({ where: { userId } }),
  sessions: await db.session.count({ where: { userId } }),
  remembered: await db.rememberedBrowser.count({ where: { userId } }),
});

type Member = Awaited<ReturnType<typeof memberWithSecondStep>>;
const CHANGES: [string, (member: Member) => Promise<void>, { sessions: number }][] = [
  [
    'a password reset by e-mail',
    async ({ email }) => {
      await client(app.url, nextIp()).post('/api/forgot-password', { email });
      const reset = async () => (await mailsTo(email)).find((m) => m.subject === 'Reset your Vitality password');
      const mail = await waitFor(reset, 'the reset mail', { intervalMs: 100 });
      const link = new URL(mail.text.match(/https?:\/\/\S+\/reset-password\/\S+/)![0]).pathname;
      expect((await client(app.url, nextIp()).post(`/api/${link.slice(1)}`, { password: NEW_PASSWORD })).status).toBe(200);
    },
    // A reset signs out every browser, the member's own too.
    { sessions: 0 },
  ],
  ['a new password in Settings', async ({ browser }) => expect((await browser.post('/api/set-user-info', { password: NEW_PASSWORD, current_password: PASSWORD })).status).toBe(200), { sessions: 1 }],
  ['a new e-mail address', async ({ browser }) => expect((await browser.post('/api/set-user-info', { email: `moved${++n}-${Date.now()}@example.test`, current_password: PASSWORD })).status).toBe(200), { sessions: 1 }],
  ['new recovery codes', async ({ browser }) => expect((await browser.post('/api/security/recovery-codes')).status).toBe(200), { sessions: 1 }],
  ['the second step turned off', async ({ browser }) => expect((await browser.del('/api/security/totp')).status).toBe(200), { sessions: 1 }],
  [
    'a passkey removed',
    async ({ id, browser }) => {
      const passkey = await db.passkey.create({ data: { userId: id, credentialId: `cred-${id}`, publicKey: Buffer.from('key'), deviceType: 'singleDevice', name: 'Old phone' } });
      expect((await browser.del(`/api/passkeys/${passkey.id}`)).status).toBe(200);
    },
    { sessions: 1 },
  ],
];

describe('a change of how the member signs in', () => {
  it.each(CHANGES)('after %s, a sign-in waiting for its second step cannot finish, and every other browser and remembered browser is signed out', async (_change, change, { sessions }) => {
    const member = await memberWithSecondStep();
    const thief = await pendingSignIn(member.email);
    expect(await leftOver(member.id)).toEqual({ pending: 1, sessions: 2, remembered: 1 });

    await change(member);

    // The thief's code is right, and still opens nothing: the sign-in it would finish is gone.
    const finish = await thief.post('/api/login/second-step', { method: 'totp', code: await member.phone.next() });
    expect(finish).toMatchObject({ status: 401, json: { code: 'second_step_expired' } });
    const recovery = await thief.post('/api/login/second-step', { method: 'recovery', code: member.codes[0] });
    expect(recovery.status).toBe(401);
    expect((await thief.get('/api/user')).status).toBe(401);
    // The remembered laptop is signed out, and no longer skips the code.
    expect((await member.laptop.get('/api/user')).status).toBe(401);
    expect(await leftOver(member.id)).toEqual({ pending: 0, sessions, remembered: 0 });
  });
});

describe('Sign out everywhere else', () => {
  it('also forgets the remembered browsers and ends the sign-ins waiting for their second step', async () => {
    const { email, id, browser, laptop, phone } = await memberWithSecondStep();
    const thief = await pendingSignIn(email);
    expect((await browser.post('/api/security/sessions/sign-out-others')).json).toMatchObject({ ended: 1 });
    expect(await leftOver(id)).toEqual({ pending: 0, sessions: 1, remembered: 0 });
    expect((await thief.post('/api/login/second-step', { method: 'totp', code: await phone.next() })).status).toBe(401);
    // The lost laptop, with its saved password and its remember cookie, is asked for the code again.
    expect((await laptop.post('/api/login', { email, password: PASSWORD }, { 'user-agent': FIREFOX })).json).toMatchObject({ second_step: true });
  });
});

describe('Settings → Remembered browsers', () => {
  it('lists each remembered browser with when it was remembered and last used, and forgets one, or all', async () => {
    const { email, id, browser, phone, laptop } = await memberWithSecondStep();
    await laptop.post('/api/logout');
    // The laptop signs in again past the code: that is its last use.
    expect((await laptop.post('/api/login', { email, password: PASSWORD }, { 'user-agent': FIREFOX })).json.second_step).toBeUndefined();
    const second = client(app.url, nextIp());
    await second.post('/api/login', { email, password: PASSWORD });
    expect((await second.post('/api/login/second-step', { method: 'totp', code: await phone.next(), remember: true })).status).toBe(200);

    const listed = await browser.get('/api/security/remembered-browsers');
    expect(listed.status).toBe(200);
    const browsers = listed.json.browsers as { id: string; browser: string; remembered: string; lastUsed: string | null }[];
    expect(browsers).toHaveLength(2);
    const firefox = browsers.find((b) => b.browser === 'Firefox on Windows')!;
    expect(firefox.lastUsed).not.toBeNull();
    expect(Date.parse(firefox.lastUsed!)).toBeGreaterThanOrEqual(Date.parse(firefox.remembered));
    expect(listed.text).not.toMatch(/tokenHash|token_hash/);

    // Another member cannot forget this member's browser; the member can.
    const stranger = client(app.url, nextIp());
    await stranger.post('/api/register', { email: `stranger${++n}-${Date.now()}@example.test`, password: PASSWORD });
    expect((await stranger.del(`/api/security/remembered-browsers/${firefox.id}`)).status).toBe(404);
    expect((await browser.del(`/api/security/remembered-browsers/${firefox.id}`)).json.message).toBe('That browser is forgotten: it will ask for your code again.');
    expect(await db.rememberedBrowser.count({ where: { userId: id } })).toBe(1);
    await laptop.post('/api/logout');
    expect((await laptop.post('/api/login', { email, password: PASSWORD }, { 'user-agent': FIREFOX })).json.second_step).toBe(true);

    expect((await browser.del('/api/security/remembered-browsers')).json).toMatchObject({ forgotten: 1 });
    expect(await db.rememberedBrowser.count({ where: { userId: id } })).toBe(0);
    const kinds = (await db.securityEvent.findMany({ where: { userId: id }, select: { kind: true } })).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['remembered_browser_forgotten', 'remembered_browsers_forgotten']));
  });
});

describe('the sessions table', () => {
  it('keeps the SHA-256 of a session cookie, never the cookie, so a copy of the table signs nobody in', async () => {
    const email = `hashed${++n}-${Date.now()}@example.test`;
    const browser = client(app.url, nextIp());
    expect((await browser.post('/api/register', { email, password: PASSWORD })).status).toBe(201);
    const cookie = browser.jar.get('next-auth.session-token')!;
    expect(cookie).toMatch(/^[0-9a-f]{64}$/);
    const rows = await db.session.findMany({ where: { user: { email } }, select: { tokenHash: true } });
    expect(rows).toEqual([{ tokenHash: createHash('sha256').update(cookie).digest('hex') }]);
    expect(await db.$queryRaw<unknown[]>`SELECT 1 FROM sessions WHERE "tokenHash" = ${cookie}`).toEqual([]);
    // What the table holds, sent as the cookie, is no session.
    const leaked = client(app.url, nextIp());
    leaked.jar.set('next-auth.session-token', rows[0]!.tokenHash);
    expect((await leaked.get('/api/user')).status).toBe(401);
    expect((await browser.get('/api/user')).status).toBe(200);
  });
});
