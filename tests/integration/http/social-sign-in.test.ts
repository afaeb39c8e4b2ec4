import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { startFakeApple } from '../../fakes/apple-peer';
import { startFakeGoogle } from '../../fakes/google-peer';
import { client, registerUser, STARTS_A_SERVER_MS, startAppServer, type AppServer } from '../../setup/app-server';

const GOOGLE_CLIENT_ID = 'vitality-web.apps.googleusercontent.com';
const APPLE_CLIENT_ID = 'app.vitality.web';
let app: AppServer;
let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let apple: Awaited<ReturnType<typeof startFakeApple>>;

beforeAll(async () => {
  google = await startFakeGoogle({ clientId: GOOGLE_CLIENT_ID });
  apple = await startFakeApple();
  app = await startAppServer({ GOOGLE_CLIENT_ID, GOOGLE_API_BASE_URL: google.baseUrl, APPLE_CLIENT_ID, APPLE_JWKS_URL: apple.jwksUrl });
}, STARTS_A_SERVER_MS);
afterAll(async () => {
  await app.stop();
  await google.stop();
  await apple.stop();
  await db.$disconnect();
});

const uniq = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

describe('the sign-in screens with both providers configured', () => {
  it.each([
    ['/login', 'or login with'],
    ['/onboarding_3', 'or sign up with e-mail'],
  ])('%s shows both buttons above the divider "%s" and the e-mail form', async (path, divider) => {
    const page = await client(app.url).get(path);
    expect(page.status).toBe(200);
    const at = (text: string) => page.text.indexOf(text);
    for (const text of ['Continue with Google', 'Continue with Apple', divider, 'type="password"']) expect(at(text)).toBeGreaterThan(0);
    expect(at('Continue with Google')).toBeLessThan(at(divider));
    expect(at('Continue with Apple')).toBeLessThan(at(divider));
    expect(at(divider)).toBeLessThan(at('type="password"'));
  });
});

describe('POST /authorize/google', () => {
  it('signs in with a valid token, creating the user once and linking the Google account', async () => {
    const email = `g-${uniq()}@example.test`;
    const token = google.issueToken({ sub: `g-sub-${email}`, email, givenName: 'Gus', familyName: 'Reed' });
    const browser = client(app.url);
    const res = await browser.post('/authorize/google', { token });
    expect(res.status).toBe(200);
    expect(browser.jar.get('next-auth.session-token')).toMatch(/^[0-9a-f]{64}$/);
    expect((await browser.get('/api/user')).status).toBe(200);

    const again = await client(app.url).post('/authorize/google', { token: google.issueToken({ sub: `g-sub-${email}`, email }) });
    expect(again.status).toBe(200);
    const users = await db.user.findMany({ where: { email }, include: { accounts: true } });
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ firstName: 'Gus', lastName: 'Reed', passwordHash: null });
    expect(users[0]!.accounts.map((a) => a.provider)).toEqual(['google']);
    expect(JSON.stringify(users[0]!.accounts)).not.toContain(token);
  });

  // A Google account with the same verified e-mail used to be linked at its first sign-in,
  // and signed in past the account's password and second step.
  it('never links Google to an existing account by its e-mail: the member links it from Settings, and then it signs in', async () => {
    // Onboarded through the real calls, so that Settings opens.
    const { browser: member, email, userId: id } = await registerUser(app, { onboarded: true });
    const token = google.issueToken({ sub: `sub-${email}`, email });
    const stranger = client(app.url);
    const res = await stranger.post('/authorize/google', { token });
    expect(res).toMatchObject({ status: 409, json: { code: 'link_from_settings', message: 'You already have a Vitality account with this e-mail. Log in the way you usually do, then link Google in Settings.' } });
    expect(stranger.jar.get('next-auth.session-token')).toBeUndefined();
    expect(await db.account.count({ where: { userId: id } })).toBe(0);
    expect(await db.session.count({ where: { userId: id } })).toBe(1);

    // Settings offers the link, beside Apple's.
    const settings = await member.get('/settings');
    expect(settings.status).toBe(200);
    for (const text of ['Google and Apple', 'Link Google', 'Link Apple', 'Not linked']) expect(settings.text).toContain(text);
    // Signed in the usual way (just now: fresh for step-up), the member links it, and it signs in.
    expect((await member.post('/authorize/google/link', { token }, { origin: app.url })).json.message).toBe('Google is linked: you can sign in with it.');
    expect((await member.get('/settings')).text).toContain('Unlink Google');
    expect(await db.account.findMany({ where: { userId: id }, select: { provider: true, providerAccountId: true } })).toEqual([{ provider: 'google', providerAccountId: `sub-${email}` }]);
    expect((await client(app.url).post('/authorize/google', { token: google.issueToken({ sub: `sub-${email}`, email }) })).status).toBe(200);
    // The same Google account cannot be linked to a second account.
    const other = client(app.url);
    await other.post('/api/register', { email: `other-${uniq()}@example.test`, password: 'Sturdy-Oak-2026!' });
    expect((await other.post('/authorize/google/link', { token }, { origin: app.url })).status).toBe(409);

    // Unlinked, it no longer signs in; the member keeps the password.
    expect((await member.del('/api/security/linked-accounts/google', { origin: app.url })).json.message).toBe('Google is unlinked.');
    expect((await client(app.url).post('/authorize/google', { token: google.issueToken({ sub: `sub-${email}`, email }) })).status).toBe(409);
    const kinds = (await db.securityEvent.findMany({ where: { userId: id }, select: { kind: true } })).map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['social_linked', 'social_unlinked']));
  });

  it('unlinks nothing that is the member’s only way to sign in', async () => {
    const email = `only-${uniq()}@example.test`;
    const browser = client(app.url);
    expect((await browser.post('/authorize/google', { token: google.issueToken({ sub: `only-${email}`, email }) })).status).toBe(200);
    const refused = await browser.del('/api/security/linked-accounts/google', { origin: app.url });
    expect(refused).toMatchObject({ status: 409, json: { message: 'Google is your only way to sign in. Add a passkey or set a password first, then unlink it.' } });
    expect(await db.account.count({ where: { user: { email } } })).toBe(1);
  });

  it.each([
    ['a forged token', () => 'ya29.not-a-token-google-issued'],
    ['an expired token', () => google.issueToken({ sub: 'x', email: `exp-${uniq()}@example.test`, expiresIn: 0 })],
    ['a token for another app', () => google.issueToken({ sub: 'y', email: `aud-${uniq()}@example.test`, aud: 'someone-else.apps.googleusercontent.com' })],
  ])('refuses %s with 401 and creates nothing', async (_case, token) => {
    const before = await db.user.count();
    const browser = client(app.url);
    const res = await browser.post('/authorize/google', { token: token() });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Google login failed', code: 'unauthorized' });
    expect(browser.jar.size).toBe(0);
    expect(await db.user.count()).toBe(before);
  });
});

type Browser = ReturnType<typeof client>;

/** What the sign-in button does before opening Apple's popup: a fresh nonce, whose hash goes to Apple. */
async function appleNonce(browser: Browser): Promise<string> {
  const res = await browser.post('/authorize/apple/nonce');
  expect(res.status).toBe(200);
  return res.json.nonce as string;
}

/** A browser holding a fresh nonce cookie, and a token Apple signed over that nonce's hash. */
async function appleSignInAttempt(claims: { sub?: string; email?: string } = {}) {
  const browser = client(app.url);
  const nonce = await appleNonce(browser);
  const email = claims.email ?? `n-${uniq()}@privaterelay.appleid.com`;
  const id_token = await apple.signIdToken({ sub: claims.sub ?? `apple-${email}`, email, aud: APPLE_CLIENT_ID, nonce });
  return { browser, nonce, email, id_token };
}

const sessionCookieOf = (browser: Browser) => browser.jar.get('next-auth.session-token');

describe('POST /authorize/apple/nonce', () => {
  it('answers the SHA-256 hex of a random nonce kept in a short-lived httpOnly cookie for the sign-in call only', async () => {
    const browser = client(app.url);
    const res = await browser.post('/authorize/apple/nonce');
    expect(res.status).toBe(200);
    expect(res.json.nonce).toMatch(/^[0-9a-f]{64}$/);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vt-apple-nonce='))!;
    expect(cookie).toMatch(/; Path=\/authorize\/apple(;|$)/);
    expect(cookie).toMatch(/; Max-Age=600(;|$)/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/i);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/i);
    const raw = browser.jar.get('vt-apple-nonce')!;
    expect(createHash('sha256').update(raw).digest('hex')).toBe(res.json.nonce);
    expect(res.headers.get('cache-control')).toContain('no-store');
    // Each call a new one.
    expect(await appleNonce(browser)).not.toBe(res.json.nonce);
  });
});

describe('POST /authorize/apple', () => {
  it('signs in with a valid id_token carrying this browser’s nonce, taking the name Apple gave the browser', async () => {
    const { browser, email, id_token } = await appleSignInAttempt();
    const res = await browser.post('/authorize/apple', { id_token, user: { name: { firstName: 'Ada', lastName: 'Stone' } } });
    expect(res.status).toBe(200);
    expect(browser.jar.has('vt-apple-nonce')).toBe(false);
    expect((await browser.get('/api/user')).status).toBe(200);
    expect(await db.user.findUnique({ where: { email }, select: { firstName: true } })).toEqual({ firstName: 'Ada' });
  });

  it.each([
    ['a token signed by another key', async (nonce: string) => {
      const { generateKeyPair } = await import('jose');
      const { privateKey } = await generateKeyPair('RS256');
      return apple.signIdToken({ sub: 'f', email: `f-${uniq()}@example.test`, aud: APPLE_CLIENT_ID, key: privateKey, nonce });
    }],
    ['an expired token', (nonce: string) => apple.signIdToken({ sub: 'e', email: `e-${uniq()}@example.test`, aud: APPLE_CLIENT_ID, expiresInSeconds: -120, nonce })],
    ['a token for another app', (nonce: string) => apple.signIdToken({ sub: 'w', email: `w-${uniq()}@example.test`, aud: 'com.other.app', nonce })],
    ['a token without a nonce', () => apple.signIdToken({ sub: 'nn', email: `nn-${uniq()}@example.test`, aud: APPLE_CLIENT_ID })],
    ['a token with another nonce', () => apple.signIdToken({ sub: 'wn', email: `wn-${uniq()}@example.test`, aud: APPLE_CLIENT_ID, nonce: createHash('sha256').update('guessed').digest('hex') })],
    ['a token carrying the raw nonce instead of its hash', async (_nonce: string, raw: string) => apple.signIdToken({ sub: 'rn', email: `rn-${uniq()}@example.test`, aud: APPLE_CLIENT_ID, nonce: raw })],
  ])('refuses %s with 401, signs nothing in and spends the nonce', async (_case, token) => {
    const before = await db.user.count();
    const browser = client(app.url);
    const nonce = await appleNonce(browser);
    const res = await browser.post('/authorize/apple', { id_token: await token(nonce, browser.jar.get('vt-apple-nonce')!) });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Apple login failed', code: 'unauthorized' });
    expect(sessionCookieOf(browser)).toBeUndefined();
    expect(browser.jar.has('vt-apple-nonce')).toBe(false);
    expect(await db.user.count()).toBe(before);
  });

  it('refuses a captured token replayed by another browser, with or without its own fresh nonce', async () => {
    const { email, id_token } = await appleSignInAttempt();
    const attacker = client(app.url, '203.0.113.99');
    expect((await attacker.post('/authorize/apple', { id_token })).status).toBe(401);
    await appleNonce(attacker);
    const replayed = await attacker.post('/authorize/apple', { id_token });
    expect(replayed.status).toBe(401);
    expect(replayed.json).toEqual({ message: 'Apple login failed', code: 'unauthorized' });
    expect(sessionCookieOf(attacker)).toBeUndefined();
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it('refuses a second use of the same nonce, even by the browser that signed in with it', async () => {
    const { browser, email, id_token } = await appleSignInAttempt();
    const raw = browser.jar.get('vt-apple-nonce')!;
    expect((await browser.post('/authorize/apple', { id_token })).status).toBe(200);
    const sessions = await db.session.count({ where: { user: { email } } });

    const again = await client(app.url).post('/authorize/apple', { id_token });
    expect(again.status).toBe(401);
    // The same browser again: the cookie was cleared at the first use.
    expect((await browser.post('/authorize/apple', { id_token })).status).toBe(401);
    expect(raw).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await db.session.count({ where: { user: { email } } })).toBe(sessions);
  });

  it('answers bad bodies with a 4xx JSON message', async () => {
    expect((await client(app.url).post('/authorize/apple', '{"id_token":', { 'content-type': 'application/json' })).status).toBe(400);
    expect((await client(app.url).post('/authorize/apple', { id_token: 5 })).json).toEqual({ message: 'Apple login failed', code: 'unprocessable_entity', errors: expect.any(Array) });
  });
});

it('answers 404 with a message when a provider is not configured', async () => {
  const bare = await startAppServer();
  try {
    for (const [path, body] of [['/authorize/google', { token: 't' }], ['/authorize/apple', { id_token: 't' }], ['/authorize/apple/nonce', undefined]] as const) {
      const res = await client(bare.url).post(path, body);
      expect(res.status).toBe(404);
      expect(res.json.message).toMatch(/^Signing in with (Google|Apple) isn’t offered by Vitality\. Log in with your e-mail and password instead\.$/);
    }
  } finally {
    await bare.stop();
  }
}, STARTS_A_SERVER_MS);
