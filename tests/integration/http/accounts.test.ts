import { describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { client, serveAppForThisFile } from '../../setup/app-server';
import { sessionKey } from '@/lib/auth/sessions';

const app = serveAppForThisFile();

const PASSWORD = 'Sturdy-Oak-2026!';
let n = 0;
const uniqueEmail = () => `user${++n}-${Date.now()}@example.test`;

describe('POST /api/register', () => {
  it('creates the user from the onboarding shape, signs them in with an httpOnly SameSite=Lax cookie, and returns no secret', async () => {
    const email = uniqueEmail();
    const browser = client(app.url);
    const res = await browser.post('/api/register', { firstName: 'Sam', lastName: 'Hale', email: email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.json.user).toMatchObject({ email, first_name: 'Sam' });
    expect(res.text).not.toContain(PASSWORD);
    expect(res.text).not.toContain('argon2');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('next-auth.session-token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).toMatch(/Path=\//);

    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user).toMatchObject({ firstName: 'Sam', lastName: 'Hale' });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it('accepts the older {email, password} shape', async () => {
    const res = await client(app.url).post('/api/register', { email: uniqueEmail(), password: PASSWORD });
    expect(res.status).toBe(201);
  });

  it("answers 'User already exists' for a taken address, in any case", async () => {
    const email = uniqueEmail();
    await client(app.url).post('/api/register', { email, password: PASSWORD });
    const res = await client(app.url).post('/api/register', { email: ` ${email.toUpperCase()} `, password: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: 'User already exists', code: 'conflict' });
  });

  it.each([
    ['a very common password', 'iloveyou', 'This is a frequently used password. Add more words that are less common.'],
    ['a short password', 'Ab1!', 'Password must be at least 8 characters.'],
    ['a 129-character password', 'x'.repeat(129), 'Password must be at most 128 characters.'],
  ])('refuses %s', async (_case, password, message) => {
    const email = uniqueEmail();
    const res = await client(app.url).post('/api/register', { email, password });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe(message);
    expect(await db.user.count({ where: { email } })).toBe(0);
  });
});

describe('POST /api/login and /api/logout', () => {
  it('refuses a wrong password and an unknown address alike', async () => {
    const email = uniqueEmail();
    await client(app.url).post('/api/register', { email, password: PASSWORD });
    const wrong = await client(app.url).post('/api/login', { email, password: 'Not-the-password-1' });
    const unknown = await client(app.url).post('/api/login', { email: uniqueEmail(), password: PASSWORD });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ message: 'Incorrect e-mail or password.', code: 'unauthorized' });
    expect(unknown.json).toEqual(wrong.json);
  });

  it('gives a new session id at login and ends the one the browser came with', async () => {
    const email = uniqueEmail();
    const browser = client(app.url);
    await browser.post('/api/register', { email, password: PASSWORD });
    const before = browser.jar.get('next-auth.session-token')!;
    const res = await browser.post('/api/login', { email, password: PASSWORD });
    expect(res.status).toBe(200);
    const after = browser.jar.get('next-auth.session-token')!;
    expect(after).not.toBe(before);
    expect(await db.session.count({ where: { tokenHash: sessionKey(before) } })).toBe(0);
    expect(await db.session.count({ where: { tokenHash: sessionKey(after) } })).toBe(1);
  });

  it('creates the session next-auth reads, and a copied cookie stops working after logout', async () => {
    const email = uniqueEmail();
    const browser = client(app.url);
    await browser.post('/api/register', { email, password: PASSWORD });
    await browser.post('/api/login', { email, password: PASSWORD });
    const copied = `next-auth.session-token=${browser.jar.get('next-auth.session-token')}`;

    const session = await browser.get('/api/auth/session');
    expect((session.json.user as { email: string }).email).toBe(email);
    expect((await client(app.url).get('/api/user', { cookie: copied })).status).toBe(200);

    const out = await browser.post('/api/logout');
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/next-auth\.session-token=;.*Max-Age=0/i);

    const replay = await client(app.url).get('/api/user', { cookie: copied });
    expect(replay.status).toBe(401);
    const page = await client(app.url).get('/main_dashboard', { cookie: copied });
    expect(page.status).toBe(307);
    expect(page.headers.get('location')).toMatch(/\/login$/);
    expect((await client(app.url).get('/api/auth/session', { cookie: copied })).json).toEqual({});
  });

  it('answers logout without a session with 200, so /login can always call it', async () => {
    expect((await client(app.url).post('/api/logout')).status).toBe(200);
  });
});

it('never writes a password or a password hash to the server log', async () => {
  const hashes = (await db.user.findMany({ select: { passwordHash: true } })).map((u) => u.passwordHash).filter(Boolean) as string[];
  expect(hashes.length).toBeGreaterThan(0);
  const log = app.output();
  expect(log).not.toContain(PASSWORD);
  for (const hash of hashes) expect(log).not.toContain(hash);
});
