import { describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { client, serveAppForThisFile } from '../../setup/app-server';

const app = serveAppForThisFile();

const CALLS: [string, Record<string, unknown>][] = [
  ['/api/login', { email: 1, password: ['x'] }],
  ['/api/register', { email: 'a@b.test', password: 12345678, firstName: {} }],
  ['/api/forgot-password', { email: true }],
  ['/api/reset-password/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', { password: 99 }],
  ['/authorize/google', { token: 42 }],
  ['/authorize/apple', { id_token: null }],
];
const CASES: [string, (wrongTypes: Record<string, unknown>) => string][] = [
  ['malformed JSON', () => '{"email": "x@y.test", '],
  ['an empty object (missing fields)', () => '{}'],
  ['wrong types', (wrongTypes) => JSON.stringify(wrongTypes)],
  ['an array', () => '[]'],
  ['a 1 MB body', () => JSON.stringify({ email: `${'a'.repeat(1024 * 1024)}@example.test`, password: 'x' })],
];

describe.each(CALLS)('POST %s', (path, wrongTypes) => {
  it.each(CASES)('answers %s with a 4xx and a JSON message', async (_case, body) => {
    const res = await client(app.url, '198.18.0.1').post(path, body(wrongTypes), { 'content-type': 'application/json' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.json.message).toBe('string');
    expect(res.text).not.toMatch(/at \w+ \(|node_modules|prisma/i);
  });
});

describe("next-auth's routes", () => {
  it.each([
    ['/api/auth/signin', '{"email": '],
    ['/api/auth/callback/credentials', 'x=1'],
    ['/api/auth/session', JSON.stringify({ pad: 'a'.repeat(1024 * 1024) })],
  ])('refuse POST %s with a JSON 405, whatever the body', async (path, body) => {
    const res = await client(app.url).post(path, body, { 'content-type': 'application/json' });
    expect(res.status).toBe(405);
    expect(res.json.message).toBe('Sign in with POST /api/login and sign out with POST /api/logout.');
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('answer an unknown action with a JSON 404, and a garbled cookie with an empty session', async () => {
    const unknown = await client(app.url).get('/api/auth/nonsense');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ message: 'Not found.', code: 'not_found' });
    const session = await client(app.url).get('/api/auth/session', { cookie: 'next-auth.session-token=%E0%A4%A' });
    expect(session.status).toBe(200);
    expect(session.json).toEqual({});
  });
});

it('leaves no half-written rows behind', async () => {
  expect(await db.user.count()).toBe(0);
  expect(await db.session.count()).toBe(0);
});
