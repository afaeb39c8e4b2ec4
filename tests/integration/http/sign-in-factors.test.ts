// Sign-in security at the HTTP level: the authenticator-app second step (set-up, sign-in, remembered browser,
// replay), recovery codes, step-up on what matters, signed-in browsers, the security log and the
// new-browser e-mail, through the real routes of a production build on PostgreSQL.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { authenticatorApp } from '../../support/authenticator-app';
import { client, serveAppForThisFile } from '../../setup/app-server';
import { waitFor } from '../../support/wait-for';

const app = serveAppForThisFile(() => ({ TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }));
const PASSWORD = 'Sturdy-Oak-2026!';
let n = 0;
let ip = 10;
const nextIp = () => `198.51.100.${++ip}`;

async function member() {
  const email = `factors${++n}-${Date.now()}@example.test`;
  const browser = client(app.url, nextIp());
  expect((await browser.post('/api/register', { email, password: PASSWORD })).status).toBe(201);
  const { id } = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
  return { email, id, browser };
}

/** Turns the authenticator app on through Settings' calls; answers the app and the ten recovery codes. */
async function withAuthenticator(browser: ReturnType<typeof client>) {
  const setup = await browser.post('/api/security/totp/setup');
  expect(setup.status).toBe(200);
  expect(setup.json.otpauth_url).toMatch(/^otpauth:\/\/totp\/Vitality:.+\?.*secret=/);
  expect(String(setup.json.qr_svg)).toMatch(/^<svg/);
  const phone = authenticatorApp(String(setup.json.secret));
  const enabled = await browser.post('/api/security/totp/enable', { code: await phone.next() });
  expect(enabled.status).toBe(200);
  const codes = enabled.json.recovery_codes as string[];
  return { phone, codes };
}

/** Ages the browser's proof of a factor past step-up's 10 minutes, as if it had been signed in for a while. */
async function ageProof(userId: string) {
  await db.session.updateMany({ where: { userId }, data: { verifiedAt: new Date(Date.now() - 11 * 60_000) } });
}

async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  const files = (await readdir(app.mailDir)).filter((f) => f.endsWith('.json'));
  const mails = await Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(app.mailDir, f), 'utf8'))));
  return mails.filter((m) => m.to === email);
}

async function kinds(userId: string): Promise<string[]> {
  return (await db.securityEvent.findMany({ where: { userId }, orderBy: { createdAt: 'asc' }, select: { kind: true } })).map((e) => e.kind);
}

describe('the authenticator app', () => {
  it('turns on with a code, keeps the secret sealed and ten recovery codes hashed, and then asks for a code after the password', async () => {
    const { email, id, browser } = await member();
    const { phone, codes } = await withAuthenticator(browser);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const factor = await db.totpFactor.findUniqueOrThrow({ where: { userId: id } });
    expect(factor.confirmedAt).not.toBeNull();
    expect(factor.secret).toMatch(/^v1\./);
    const stored = await db.recoveryCode.findMany({ where: { userId: id } });
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(row.codeHash).toMatch(/^\$argon2id\$/);

    const other = client(app.url, nextIp());
    const login = await other.post('/api/login', { email, password: PASSWORD });
    expect(login).toMatchObject({ status: 200, json: { second_step: true } });
    // No session yet: the password alone opens nothing.
    expect((await other.get('/api/user')).status).toBe(401);
    const wrong = await other.post('/api/login/second-step', { method: 'totp', code: phone.wrong() });
    expect(wrong).toMatchObject({ status: 401, json: { message: 'That code didn’t work. Check your authenticator app and try again.' } });
    const code = await phone.next();
    expect((await other.post('/api/login/second-step', { method: 'totp', code })).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(200);

    // The same code again, from a third browser, is a replay.
    const third = client(app.url, nextIp());
    expect((await third.post('/api/login', { email, password: PASSWORD })).json.second_step).toBe(true);
    expect((await third.post('/api/login/second-step', { method: 'totp', code })).status).toBe(401);
    expect(await kinds(id)).toEqual(expect.arrayContaining(['totp_enabled', 'sign_in', 'second_step_failed']));
  });

  it('lets a recovery code in once, and counts what is left', async () => {
    const { email, id, browser } = await member();
    const { codes } = await withAuthenticator(browser);
    const lost = client(app.url, nextIp());
    await lost.post('/api/login', { email, password: PASSWORD });
    // Typed in lower case with spaces: still the code.
    const typed = codes[3]!.toLowerCase().replace(/-/g, ' ');
    expect((await lost.post('/api/login/second-step', { method: 'recovery', code: typed })).status).toBe(200);
    expect(await db.recoveryCode.count({ where: { userId: id, usedAt: null } })).toBe(9);
    const again = client(app.url, nextIp());
    await again.post('/api/login', { email, password: PASSWORD });
    expect((await again.post('/api/login/second-step', { method: 'recovery', code: codes[3] })).json.message).toBe('That recovery code didn’t work. Each code works once.');
    expect((await lost.get('/api/security/totp')).json).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('gives a pending sign-in five codes, then sends the member back to the password', async () => {
    const { email, browser } = await member();
    const { phone } = await withAuthenticator(browser);
    const guesser = client(app.url, nextIp());
    await guesser.post('/api/login', { email, password: PASSWORD });
    for (let i = 0; i < 5; i += 1) expect((await guesser.post('/api/login/second-step', { method: 'totp', code: phone.wrong() })).status).toBe(401);
    const sixth = await guesser.post('/api/login/second-step', { method: 'totp', code: await phone.next() });
    expect(sixth).toMatchObject({ status: 401, json: { code: 'second_step_expired', message: 'Your sign-in has expired. Please enter your password again.' } });
    // Without the password first there is nothing to answer.
    expect((await client(app.url, nextIp()).post('/api/login/second-step', { method: 'totp', code: '123456' })).json.code).toBe('second_step_expired');
  });

  it('skips the step for 30 days on a remembered browser, until the second step is turned off and on again', async () => {
    const { email, id, browser } = await member();
    const { phone } = await withAuthenticator(browser);
    const laptop = client(app.url, nextIp());
    await laptop.post('/api/login', { email, password: PASSWORD });
    expect((await laptop.post('/api/login/second-step', { method: 'totp', code: await phone.next(), remember: true })).status).toBe(200);
    const remembered = await db.rememberedBrowser.findFirstOrThrow({ where: { userId: id } });
    expect(remembered.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    await laptop.post('/api/logout');
    const back = await laptop.post('/api/login', { email, password: PASSWORD });
    expect(back.status).toBe(200);
    expect(back.json.second_step).toBeUndefined();
    expect((await laptop.get('/api/user')).status).toBe(200);
    // Turning it off forgets every remembered browser.
    expect((await browser.del('/api/security/totp')).status).toBe(200);
    expect(await db.rememberedBrowser.count({ where: { userId: id } })).toBe(0);
    expect(await db.recoveryCode.count({ where: { userId: id } })).toBe(0);
  });
});

describe('step-up', () => {
  it('asks again for a factor ten minutes after the last one, for every guarded call, and a code from the app opens them', async () => {
    const { id, browser } = await member();
    const { phone } = await withAuthenticator(browser);
    await ageProof(id);
    const guarded: [string, () => Promise<{ status: number; json: Record<string, unknown> }>][] = [
      ['export', () => browser.get('/api/export-data')],
      ['share link', () => browser.post('/api/doctor-summary/shares', {})],
      ['device token', () => browser.post('/api/device-tokens', { name: 'iPhone' })],
      ['new password', () => browser.post('/api/set-user-info', { password: 'brand-New-Walrus-91', current_password: PASSWORD })],
      ['new e-mail', () => browser.post('/api/set-user-info', { email: `moved-${Date.now()}@example.test`, current_password: PASSWORD })],
      ['second step off', () => browser.del('/api/security/totp')],
      ['new recovery codes', () => browser.post('/api/security/recovery-codes')],
      ['sign out elsewhere', () => browser.post('/api/security/sessions/sign-out-others')],
      ['new passkey', () => browser.post('/api/passkeys/registration-options')],
      ['delete account', () => browser.del('/api/delete-account')],
    ];
    for (const [what, call] of guarded) {
      const res = await call();
      expect({ what, status: res.status, code: res.json.code, message: res.json.message }).toEqual({ what, status: 403, code: 'step_up_required', message: 'Please confirm it’s you to continue.' });
    }
    expect(await db.user.count({ where: { id } })).toBe(1);
    expect(await db.deviceToken.count({ where: { userId: id } })).toBe(0);
    expect((await browser.get('/api/security/step-up')).json).toMatchObject({ fresh: false, methods: { totp: true, recovery: true, password: false } });
    // The password is no proof for a member who has a second factor.
    expect((await browser.post('/api/security/step-up', { method: 'password', password: PASSWORD })).status).toBe(422);
    expect((await browser.post('/api/security/step-up', { method: 'totp', code: phone.wrong() })).status).toBe(401);
    expect((await browser.post('/api/security/step-up', { method: 'totp', code: await phone.next() })).status).toBe(200);
    expect((await browser.post('/api/device-tokens', { name: 'iPhone' })).status).toBe(201);
    expect(await kinds(id)).toEqual(expect.arrayContaining(['device_token_created', 'step_up_failed']));
  });

  it('takes the password from a member with no second factor, and only in their own session', async () => {
    const { id, browser } = await member();
    await ageProof(id);
    expect((await browser.get('/api/export-data')).status).toBe(403);
    expect((await browser.get('/api/security/step-up')).json).toMatchObject({ fresh: false, methods: { password: true, totp: false, passkey: false } });
    expect((await browser.post('/api/security/step-up', { method: 'password', password: 'not-my-password-1' })).json.message).toBe('That password is incorrect.');
    expect((await browser.post('/api/security/step-up', { method: 'password', password: PASSWORD })).status).toBe(200);
    const zip = await browser.get('/api/export-data');
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(await kinds(id)).toEqual(expect.arrayContaining(['data_downloaded']));
  });
});

describe('signed-in browsers and the security log', () => {
  it('lists each session with its browser, signs one out, then all the others, and logs it all', async () => {
    const { email, id, browser } = await member();
    const firefox = client(app.url, nextIp());
    const chrome = client(app.url, nextIp());
    const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    expect((await firefox.post('/api/login', { email, password: PASSWORD }, { 'user-agent': FIREFOX })).status).toBe(200);
    expect((await chrome.post('/api/login', { email, password: PASSWORD }, { 'user-agent': CHROME })).status).toBe(200);
    const listed = (await browser.get('/api/security/sessions')).json.sessions as { id: string; browser: string; current: boolean }[];
    expect(listed).toHaveLength(3);
    expect(listed[0]!.current).toBe(true);
    expect(listed.map((s) => s.browser)).toEqual(expect.arrayContaining(['Firefox on Windows', 'Chrome on Mac']));
    const fox = listed.find((s) => s.browser === 'Firefox on Windows')!;
    // Nobody else's session can be named.
    const stranger = await member();
    expect((await stranger.browser.del(`/api/security/sessions/${fox.id}`)).status).toBe(404);
    expect((await browser.del(`/api/security/sessions/${fox.id}`)).status).toBe(200);
    expect((await firefox.get('/api/user')).status).toBe(401);
    expect((await browser.del(`/api/security/sessions/${listed[0]!.id}`)).status).toBe(409);
    expect((await browser.post('/api/security/sessions/sign-out-others')).json).toMatchObject({ ended: 1 });
    expect((await chrome.get('/api/user')).status).toBe(401);
    expect((await browser.get('/api/user')).status).toBe(200);

    const wrong = client(app.url, nextIp());
    expect((await wrong.post('/api/login', { email, password: 'not-my-password-1' }, { 'user-agent': FIREFOX })).status).toBe(401);
    const events = (await browser.get('/api/security/events')).json.events as { kind: string; text: string; detail: string | null; browser: string | null }[];
    expect(events[0]).toMatchObject({ kind: 'sign_in_failed', text: 'Failed sign-in', browser: 'Firefox on Windows' });
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['sign_in', 'session_ended', 'other_sessions_ended']));
    expect(events.find((e) => e.kind === 'sign_in' && e.browser === 'Chrome on Mac')?.detail).toBe('with password');
    // Nothing secret is in the log: no password, no code.
    expect(JSON.stringify(events)).not.toContain(PASSWORD);
    expect(await db.securityEvent.count({ where: { userId: stranger.id, kind: 'session_ended' } })).toBe(0);
    void id;
  });

  it('mails the member when a browser that never signed in to the account does, and not when it signs in again', async () => {
    const { email } = await member();
    const phone = client(app.url, nextIp());
    await phone.post('/api/login', { email, password: PASSWORD }, { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1' });
    const newSignIns = async () => (await mailsTo(email)).filter((m) => m.subject === 'New sign-in to your Vitality account');
    const mails = await waitFor(async () => {
      const found = await newSignIns();
      return found.length > 0 && found;
    }, 'the new-browser mail', { intervalMs: 100 });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Safari on iPhone, with password');
    expect(mails[0]!.text).toContain('/settings');
    await phone.post('/api/logout');
    await phone.post('/api/login', { email, password: PASSWORD });
    // A mail the second sign-in would have sent starts before its answer; one asked for after it, once it has
    // arrived, says the earlier one would have been written too.
    await phone.post('/api/forgot-password', { email });
    await waitFor(async () => (await mailsTo(email)).some((m) => m.subject === 'Reset your Vitality password'), 'the reset mail sent after the second sign-in', { intervalMs: 100 });
    expect(await newSignIns()).toHaveLength(1);
  });
});

describe('changes to how the member signs in are e-mailed', () => {
  async function changeMails(email: string, count: number) {
    const changes = async () => (await mailsTo(email)).filter((m) => m.subject === 'Your Vitality sign-in was changed');
    const found = await waitFor(async () => {
      const mails = await changes();
      return mails.length >= count && mails;
    }, `${count} change mails`, { intervalMs: 100 });
    return found.map((m) => m.text);
  }

  it('tells the member of the second step turned on, a new password, and tells the old address of a new e-mail', async () => {
    const { email, browser } = await member();
    await withAuthenticator(browser);
    expect((await changeMails(email, 1)).join('\n')).toContain('authenticator app turned on');
    expect((await browser.post('/api/set-user-info', { password: 'brand-New-Walrus-91', current_password: PASSWORD })).status).toBe(200);
    expect((await changeMails(email, 2)).join('\n')).toContain('password changed');
    const moved = `moved-${Date.now()}@example.test`;
    expect((await browser.post('/api/set-user-info', { email: moved, current_password: 'brand-New-Walrus-91' })).status).toBe(200);
    const toOld = await changeMails(email, 3);
    expect(toOld.join('\n')).toContain('e-mail address changed');
    // No code, key or password is in any of them.
    expect(toOld.join('\n')).not.toMatch(/brand-New-Walrus-91|Sturdy-Oak/);
  });
});

describe('passkey calls without a browser', () => {
  it('refuses passkeys on a server reached by IP address, in words, and rejects a forged answer', async () => {
    const { browser } = await member();
    // This server's APP_URL is http://127.0.0.1:…: browsers refuse an IP as a passkey's domain.
    expect((await browser.get('/api/passkeys')).json).toEqual({ available: false, passkeys: [] });
    const options = await client(app.url, nextIp()).post('/api/passkeys/sign-in-options');
    expect(options).toMatchObject({ status: 409, json: { code: 'passkeys_unavailable', message: 'Passkeys can’t be used to sign in to Vitality. Sign in with your password instead.' } });
    const forged = await client(app.url, nextIp()).post('/api/passkeys/sign-in', { response: { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} } });
    expect(forged.status).toBe(409);
  });
});
