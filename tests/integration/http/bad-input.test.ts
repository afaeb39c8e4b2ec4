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

it('leaves no half-written rows behind', async () => {
  expect(await db.user.count()).toBe(0);
  expect(await db.session.count()).toBe(0);
});
