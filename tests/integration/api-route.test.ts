import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PrismaPg } from '@prisma/adapter-pg';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { GET as health } from '@/app/api/health/route';
import { DATABASE_BUSY, route } from '@/lib/api/route';
import { db } from '@/lib/db';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { createMember } from '../support/members';
import { sessionKey } from '@/lib/auth/sessions';

afterAll(() => db.$disconnect());

const echo = route({ auth: 'user', body: z.object({ name: z.string().min(1, 'Name is required.') }) }, ({ user, body }) =>
  NextResponse.json({ userId: user.id, name: body.name }),
);

let cookie = '';
let userId = '';
beforeAll(async () => {
  const user = await createMember();
  userId = user.id;
  const token = randomBytes(32).toString('hex');
  await db.session.create({ data: { tokenHash: sessionKey(token), userId, expires: new Date(Date.now() + 3_600_000) } });
  cookie = `next-auth.session-token=${token}`;
});

function post(body: string | undefined, headers: Record<string, string> = {}) {
  return new Request('http://localhost/api/echo', { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
}

describe('GET /api/health', () => {
  it('reports the database as ok from a real query', async () => {
    const response = await health(new Request('http://localhost/api/health'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', db: 'ok' });
  });
});

describe('route()', () => {
  it('refuses a request without a session', async () => {
    const response = await echo(post('{"name":"x"}'));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Not authenticated', code: 'unauthorized' });
  });

  it('refuses a forged, an expired and a deleted session', async () => {
    expect((await echo(post('{"name":"x"}', { cookie: 'next-auth.session-token=forged' }))).status).toBe(401);
    const token = randomBytes(32).toString('hex');
    await db.session.create({ data: { tokenHash: sessionKey(token), userId, expires: new Date(Date.now() - 1000) } });
    expect((await echo(post('{"name":"x"}', { cookie: `next-auth.session-token=${token}` }))).status).toBe(401);
    const live = randomBytes(32).toString('hex');
    await db.session.create({ data: { tokenHash: sessionKey(live), userId, expires: new Date(Date.now() + 60_000) } });
    expect((await echo(post('{"name":"x"}', { cookie: `next-auth.session-token=${live}` }))).status).toBe(200);
    await db.session.delete({ where: { tokenHash: sessionKey(live) } });
    expect((await echo(post('{"name":"x"}', { cookie: `next-auth.session-token=${live}` }))).status).toBe(401);
  });

  it('passes the signed-in user and the parsed body to the handler', async () => {
    const response = await echo(post('{"name":"Alex"}', { cookie }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ userId, name: 'Alex' });
  });

  it.each([
    ['malformed JSON', '{"name":', 400, 'Request body must be valid JSON.'],
    ['an empty body', '', 400, 'Request body must be JSON.'],
    ['a missing field', '{}', 422, 'Invalid input: expected string, received undefined'],
    ['a wrong type', '{"name":42}', 422, 'Invalid input: expected string, received number'],
    ['a blank value', '{"name":""}', 422, 'Name is required.'],
    ['a 1 MB body', JSON.stringify({ name: 'x'.repeat(1024 * 1024) }), 413, 'Request body is too large.'],
  ])('answers %s with a 4xx and a JSON message', async (_case, body, status, message) => {
    const response = await echo(post(body, { cookie }));
    expect(response.status).toBe(status);
    expect((await response.json()).message).toBe(message);
  });
});

describe('a database too busy to take the request', () => {
  // A client of its own with one connection, held by a long transaction, so that the next ones find none.
  const busy = new PrismaClient({
    adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL!, max: 1, connectionTimeoutMillis: 300 }),
    transactionOptions: { maxWait: 300 },
  });
  afterAll(() => busy.$disconnect());

  it.each([
    ['a transaction that cannot start (P2028)', () => busy.$transaction(async (tx) => tx.user.count())],
    ['a query that gets no connection', () => busy.user.count()],
  ])('answers %s with a 503, a Retry-After and a JSON message', async (_case, query) => {
    const counting = route({ auth: 'user' }, async () => NextResponse.json({ users: await query() }));
    let release = () => {};
    let held = () => {};
    const holdingNow = new Promise<void>((resolve) => (held = resolve));
    const holding = busy.$transaction(async (tx) => {
      await tx.user.count();
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    try {
      await holdingNow;
      const response = await counting(new Request('http://localhost/api/count', { headers: { cookie } }));
      expect([response.status, response.headers.get('retry-after'), await response.json()]).toEqual([503, '2', { message: DATABASE_BUSY, code: 'service_unavailable' }]);
    } finally {
      release();
      await holding;
    }
    // Once the connection is free again, the same call answers.
    const response = await route({ auth: 'user' }, async () => NextResponse.json({ users: await query() }))(new Request('http://localhost/api/count', { headers: { cookie } }));
    expect(response.status).toBe(200);
  });
});
