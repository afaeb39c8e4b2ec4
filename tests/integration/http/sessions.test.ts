import { describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { client, serveAppForThisFile } from '../../setup/app-server';
import { sessionKey } from '@/lib/auth/sessions';

const app = serveAppForThisFile();

const PASSWORD = 'Sturdy-Oak-2026!';
const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_AGE_MS = 30 * DAY_MS;
let n = 0;

/** A browser signed in through the real /api/register, and its session row. */
async function signedIn() {
  const email = `session${++n}-${Date.now()}@example.test`;
  const browser = client(app.url, `203.0.113.${40 + n}`);
  expect((await browser.post('/api/register', { email, password: PASSWORD })).status).toBe(201);
  const token = browser.jar.get('next-auth.session-token')!;
  return { browser, email, token };
}

/** Makes the session look as if its expiry was set `ageMs` ago (the clock cannot be moved in another process). */
async function ageSession(token: string, ageMs: number): Promise<Date> {
  const expires = new Date(Date.now() + MAX_AGE_MS - ageMs);
  await db.session.update({ where: { tokenHash: sessionKey(token) }, data: { expires } });
  return expires;
}

const rowExpiry = async (token: string) => (await db.session.findUniqueOrThrow({ where: { tokenHash: sessionKey(token) } })).expires;

function cookieExpiry(setCookies: string[]): Date | undefined {
  const cookie = setCookies.find((c) => c.startsWith('next-auth.session-token='));
  const match = cookie?.match(/Expires=([^;]+)/i);
  return match ? new Date(match[1]!) : undefined;
}

describe('rolling sessions', () => {
  it('gives a session used more than a day after its expiry was set a new 30 days, in the row and the cookie (route handler)', async () => {
    const { browser, token } = await signedIn();
    const old = await ageSession(token, DAY_MS + 60 * 60 * 1000);
    const before = Date.now();

    const res = await browser.get('/api/get-user-info');
    expect(res.status).toBe(200);

    const renewed = await rowExpiry(token);
    expect(renewed.getTime()).toBeGreaterThanOrEqual(before + MAX_AGE_MS - 1000);
    expect(renewed.getTime()).toBeGreaterThan(old.getTime());
    const cookie = cookieExpiry(res.headers.getSetCookie());
    expect(cookie).toBeDefined();
    // Cookie dates have one-second precision.
    expect(Math.abs(cookie!.getTime() - renewed.getTime())).toBeLessThan(2000);
  });

  it('leaves a session used within a day of its last renewal alone, and sends no cookie', async () => {
    const { browser, token } = await signedIn();
    const recent = await ageSession(token, 60 * 60 * 1000);

    const res = await browser.get('/api/get-user-info');
    expect(res.status).toBe(200);
    expect((await rowExpiry(token)).getTime()).toBe(recent.getTime());
    expect(res.headers.getSetCookie().filter((c) => c.startsWith('next-auth.session-token='))).toEqual([]);
  });

  it('rolls the session when a page uses it, and the page response carries the longer cookie', async () => {
    const { browser, token } = await signedIn();
    await ageSession(token, 2 * DAY_MS);
    // The browser's note of when the cookie was last sent ages with it.
    browser.jar.set('vt-session-rolled', String(Math.floor((Date.now() - 2 * DAY_MS) / 1000)));
    const before = Date.now();

    const res = await browser.get('/');
    expect(res.status).toBe(200);

    const renewed = await rowExpiry(token);
    expect(renewed.getTime()).toBeGreaterThanOrEqual(before + MAX_AGE_MS - 1000);
    expect(cookieExpiry(res.headers.getSetCookie())!.getTime()).toBeGreaterThanOrEqual(before + MAX_AGE_MS - 1000);
  });

  it('sends no session cookie from pages within a day of the last one, so a page answer cannot revive a signed-out cookie', async () => {
    const { browser, token } = await signedIn();
    // Signed out elsewhere while a page request was in flight: that page's answer must not set the cookie again.
    await db.session.delete({ where: { tokenHash: sessionKey(token) } });
    const res = await browser.get('/login');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().filter((c) => c.startsWith('next-auth.session-token='))).toEqual([]);
  });

  it('refuses an expired session, whatever its cookie says', async () => {
    const { browser, token } = await signedIn();
    await db.session.update({ where: { tokenHash: sessionKey(token) }, data: { expires: new Date(Date.now() - 1000) } });
    const res = await browser.get('/api/get-user-info');
    expect(res.status).toBe(401);
  });
});

describe('GET /api/auth/session (next-auth)', () => {
  it('reads the session row that /api/register wrote, with its expiry', async () => {
    const { browser, email, token } = await signedIn();
    const res = await browser.get('/api/auth/session');
    expect(res.status).toBe(200);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(res.json).toMatchObject({ user: { email, id: user.id }, expires: (await rowExpiry(token)).toISOString() });
  });

  it('rolls the same row when it is due', async () => {
    const { browser, token } = await signedIn();
    await ageSession(token, 3 * DAY_MS);
    const before = Date.now();
    const res = await browser.get('/api/auth/session');
    expect(res.status).toBe(200);
    expect((await rowExpiry(token)).getTime()).toBeGreaterThanOrEqual(before + MAX_AGE_MS - 1000);
  });

  it('sees a signed-out session as none', async () => {
    const { browser, token } = await signedIn();
    expect((await browser.post('/api/logout', {})).status).toBe(200);
    expect(await db.session.count({ where: { tokenHash: sessionKey(token) } })).toBe(0);
    const res = await client(app.url).get('/api/auth/session', { cookie: `next-auth.session-token=${token}` });
    expect(res.json).toEqual({});
  });
});
