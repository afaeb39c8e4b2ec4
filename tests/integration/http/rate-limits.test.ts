import { describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { client, serveAppForThisFile } from '../../setup/app-server';

const app = serveAppForThisFile();

const PASSWORD = 'Sturdy-Oak-2026!';

function expectLimited(res: { status: number; headers: Headers; json: Record<string, unknown> }, windowSeconds: number, action: string) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(windowSeconds - 30);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(res.json.message).toMatch(new RegExp(`^Too many ${action} attempts\\. Please try again in \\d+ minutes\\.$`));
}

describe('rate limits', () => {
  it('login: 10 per 15 minutes per e-mail, from any address, even with the right password after', async () => {
    const email = `limited-${Date.now()}@example.test`;
    await client(app.url, '198.51.100.1').post('/api/register', { email, password: PASSWORD });
    for (let i = 0; i < 10; i += 1) {
      expect((await client(app.url, `198.51.100.${10 + i}`).post('/api/login', { email, password: 'Wrong-password-1' })).status).toBe(401);
    }
    expectLimited(await client(app.url, '198.51.100.50').post('/api/login', { email, password: PASSWORD }), 900, 'login');
  });

  // Only failures count, so a member who signs in often is never locked out.
  it('login: successful sign-ins do not count, per account or per address; failures after them still do', async () => {
    const email = `regular-${Date.now()}@example.test`;
    await client(app.url, '198.51.100.60').post('/api/register', { email, password: PASSWORD });
    // Twelve new browsers on one office address, each signing in once, then thirty more sign-ins: over both limits if counted.
    for (let i = 0; i < 42; i += 1) {
      expect((await client(app.url, '198.51.100.61').post('/api/login', { email, password: PASSWORD })).status).toBe(200);
    }
    expect((await client(app.url, '198.51.100.62').post('/api/login', { email, password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 10; i += 1) {
      expect((await client(app.url, `198.51.100.${70 + i}`).post('/api/login', { email, password: 'Wrong-password-1' })).status).toBe(401);
    }
    expectLimited(await client(app.url, '198.51.100.90').post('/api/login', { email, password: PASSWORD }), 900, 'login');
  });

  it('login: 30 per 15 minutes per IP address, whatever the e-mail', async () => {
    const browser = client(app.url, '192.0.2.77');
    for (let i = 0; i < 30; i += 1) {
      expect((await browser.post('/api/login', { email: `nobody${i}@example.test`, password: PASSWORD })).status).toBe(401);
    }
    expectLimited(await browser.post('/api/login', { email: 'nobody-else@example.test', password: PASSWORD }), 900, 'login');
    // Another address is not affected.
    expect((await client(app.url, '192.0.2.78').post('/api/login', { email: 'nobody0@example.test', password: PASSWORD })).status).toBe(401);
  });

  it('register: 10 per hour per IP address', async () => {
    const browser = client(app.url, '192.0.2.90');
    for (let i = 0; i < 10; i += 1) {
      expect((await browser.post('/api/register', { email: `reg${i}-${Date.now()}@example.test`, password: PASSWORD })).status).toBe(201);
    }
    const res = await browser.post('/api/register', { email: `reg-over-${Date.now()}@example.test`, password: PASSWORD });
    expectLimited(res, 3600, 'sign-up');
    expect(await db.user.count({ where: { email: { startsWith: 'reg-over-' } } })).toBe(0);
  });

  it('forgot-password: 5 per hour per e-mail', async () => {
    const email = `forgetful-${Date.now()}@example.test`;
    for (let i = 0; i < 5; i += 1) {
      expect((await client(app.url, `203.0.113.${i + 1}`).post('/api/forgot-password', { email })).status).toBe(200);
    }
    expectLimited(await client(app.url, '203.0.113.99').post('/api/forgot-password', { email }), 3600, 'password reset');
  });

  it('stores hashed identifiers only', async () => {
    const keys = await db.rateLimit.findMany({ select: { key: true } });
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) expect(key).toMatch(/^[a-z:]+:[0-9a-f]{64}$/);
  });
});
