// Wearable webhooks, polling and provider account calls against local fakes of Whoop, Oura and
// Withings and this file's own PostgreSQL database: signatures checked before anything is believed,
// a bad one refused with 401 and no job, a replay adding no rows, Oura's handshake and subscriptions
// (renewed before they expire), Withings' HEAD probe and per-member subscriptions, a submitted token
// checked with the provider before it is stored, and disconnecting revoking access at the provider
// (Withings' grant by a signed request: a nonce, then action=revoke, both HMAC-signed with the secret).
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startFakeOAuthProvider, type FakeOAuthProvider } from '../fakes/wearable-oauth-peer';
import { createMember, memberWithWearable } from '../support/members';

const WHOOP = { clientId: 'whoop-hooks-client', clientSecret: 'whoop-hooks-secret' };
const OURA = { clientId: 'oura-hooks-client', clientSecret: 'oura-hooks-secret' };
const WITHINGS = { clientId: 'withings-hooks-client', clientSecret: 'withings-hooks-secret' };
let whoop: FakeOAuthProvider;
let oura: FakeOAuthProvider;
let withings: FakeOAuthProvider;
/** The app's webhook routes on a local port, so the fakes' handshakes and probes reach them. */
let callbacks: Server;
let callbackBase: string;

type Lib = {
  db: typeof import('@/lib/db').db;
  tokens: typeof import('@/lib/wearables/tokens');
  routes: typeof import('@/lib/api/wearable-routes');
  subscriptions: typeof import('@/lib/wearables/oura/webhook') & typeof import('@/lib/wearables/withings/webhook');
  job: typeof import('@/lib/wearables/sync-job');
  connect: typeof import('@/lib/wearables/oauth-flow');
  connections: typeof import('@/lib/wearables/disconnect');
  send: typeof import('@/lib/jobs/send');
  webhooks: typeof import('@/lib/wearables/webhooks') & typeof import('@/lib/wearables/oura/webhook');
  account: typeof import('@/lib/wearables/disconnect') & typeof import('@/lib/wearables/provider-calls') & typeof import('@/lib/wearables/withings/webhook');
};
let lib: Lib;

beforeAll(async () => {
  [whoop, oura, withings] = await Promise.all([startFakeOAuthProvider('whoop', WHOOP), startFakeOAuthProvider('oura', OURA), startFakeOAuthProvider('withings', WITHINGS)]);
  Object.assign(process.env, {
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    WHOOP_CLIENT_ID: WHOOP.clientId, WHOOP_CLIENT_SECRET: WHOOP.clientSecret, WHOOP_BASE_URL: whoop.baseUrl,
    OURA_CLIENT_ID: OURA.clientId, OURA_CLIENT_SECRET: OURA.clientSecret, OURA_API_BASE_URL: oura.baseUrl, OURA_AUTH_BASE_URL: oura.baseUrl,
    WITHINGS_CLIENT_ID: WITHINGS.clientId, WITHINGS_CLIENT_SECRET: WITHINGS.clientSecret, WITHINGS_API_BASE_URL: withings.baseUrl, WITHINGS_AUTH_BASE_URL: withings.baseUrl,
  });
  lib = {
    db: (await import('@/lib/db')).db,
    tokens: await import('@/lib/wearables/tokens'),
    routes: await import('@/lib/api/wearable-routes'),
    subscriptions: { ...(await import('@/lib/wearables/oura/webhook')), ...(await import('@/lib/wearables/withings/webhook')) },
    job: await import('@/lib/wearables/sync-job'),
    connect: await import('@/lib/wearables/oauth-flow'),
    connections: await import('@/lib/wearables/disconnect'),
    send: await import('@/lib/jobs/send'),
    webhooks: { ...(await import('@/lib/wearables/webhooks')), ...(await import('@/lib/wearables/oura/webhook')) },
    account: { ...(await import('@/lib/wearables/disconnect')), ...(await import('@/lib/wearables/provider-calls')), ...(await import('@/lib/wearables/withings/webhook')) },
  };
  // Node's server in front of the route handlers, as Next would put them.
  callbacks = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = `${callbackBase}${request.url}`;
      const body = ['GET', 'HEAD'].includes(request.method!) ? undefined : Buffer.concat(chunks);
      const incoming = new Request(url, { method: request.method, headers: request.headers as Record<string, string>, body });
      const path = new URL(url).pathname;
      const handler =
        path === '/api/webhooks/oura' ? (request.method === 'GET' ? lib.routes.ouraHandshake : lib.routes.webhookReceiver('oura'))
        : path === '/api/webhooks/withings' ? (request.method === 'POST' ? lib.routes.webhookReceiver('withings') : lib.routes.withingsProbe)
        : lib.routes.webhookReceiver('whoop');
      void handler(incoming).then(async (answer) => {
        response.writeHead(answer.status, Object.fromEntries(answer.headers));
        response.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => callbacks.listen(0, '127.0.0.1', resolve));
  callbackBase = `http://127.0.0.1:${(callbacks.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await lib?.send.stopSender();
  await lib?.db.$disconnect();
  await new Promise((resolve) => callbacks?.close(resolve));
  await Promise.all([whoop?.stop(), oura?.stop(), withings?.stop()]);
});

const PROVIDER = { whoop: 'WHOOP', oura: 'OURA', withings: 'WITHINGS' } as const;

async function connected(kind: 'whoop' | 'oura' | 'withings', fake: FakeOAuthProvider) {
  const issued = fake.issue();
  const external = kind === 'oura' ? `oura-member-${issued.member}` : issued.member;
  const row = await memberWithWearable(PROVIDER[kind], { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresAt: new Date(Date.now() + 3_600_000), externalUserId: external });
  return { ...row, issued };
}

async function jobsFor(connectionId: string): Promise<number> {
  // The queue's tables appear with the first job sent.
  const [exists] = await lib.db.$queryRaw<{ table: string | null }[]>`SELECT to_regclass('pgboss.job')::text AS table`;
  if (!exists?.table) return 0;
  const [row] = await lib.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'wearable-sync' AND data->>'connectionId' = ${connectionId}`;
  return row?.n ?? 0;
}

function whoopSigned(body: string, { secret = WHOOP.clientSecret, at = Date.now() } = {}): Request {
  const timestamp = String(at);
  const signature = createHmac('sha256', secret).update(timestamp + body).digest('base64');
  return new Request(`${callbackBase}/api/webhooks/whoop`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-whoop-signature': signature, 'x-whoop-signature-timestamp': timestamp }, body });
}

describe('Whoop webhooks', () => {
  it('queue a sync for the member a correctly signed notification names, and refuse a bad or stale signature with 401 and no job', async () => {
    const connection = await connected('whoop', whoop);
    const body = JSON.stringify({ user_id: Number(connection.externalUserId), id: randomBytes(8).toString('hex'), type: 'recovery.updated', trace_id: 'trace-1' });
    const receive = lib.routes.webhookReceiver('whoop');

    for (const forged of [whoopSigned(body, { secret: 'not-the-secret' }), whoopSigned(body, { at: Date.now() - 10 * 60_000 }), new Request(`${callbackBase}/api/webhooks/whoop`, { method: 'POST', body })]) {
      const refused = await receive(forged);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: 'The notification could not be verified.', code: 'unauthorized' });
    }
    // A signed body that was changed afterwards.
    const tampered = whoopSigned(body);
    const altered = new Request(tampered.url, { method: 'POST', headers: tampered.headers, body: body.replace('recovery', 'workout') });
    expect((await receive(altered)).status).toBe(401);
    expect(await jobsFor(connection.id)).toBe(0);

    const accepted = await receive(whoopSigned(body));
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ received: true, queued: 1 });
    expect(await jobsFor(connection.id)).toBe(1);
    expect((await lib.db.wearableConnection.findUniqueOrThrow({ where: { id: connection.id } })).lastWebhookAt).not.toBeNull();
  });

  it('a replayed notification adds no rows: one waiting sync, and re-syncing the same days writes each once', async () => {
    whoop.setHistory({ days: 10, lastDay: new Date().toISOString().slice(0, 10) });
    const connection = await connected('whoop', whoop);
    const body = JSON.stringify({ user_id: Number(connection.externalUserId), id: 'sleep-1', type: 'sleep.updated', trace_id: 'trace-2' });
    const receive = lib.routes.webhookReceiver('whoop');
    for (let i = 0; i < 3; i++) expect((await receive(whoopSigned(body))).status).toBe(200);
    expect(await jobsFor(connection.id)).toBe(1);

    await lib.job.runWearableSync({ connectionId: connection.id, reason: 'webhook' });
    const count = () => lib.db.dailyMetric.count({ where: { userId: connection.userId, source: 'WHOOP' } });
    expect(await count()).toBe(10);
    expect((await receive(whoopSigned(body))).status).toBe(200);
    await lib.job.runWearableSync({ connectionId: connection.id, reason: 'webhook' });
    expect(await count()).toBe(10);
  });

  it('a notification for a member nobody here connected queues nothing', async () => {
    const answer = await lib.routes.webhookReceiver('whoop')(whoopSigned(JSON.stringify({ user_id: 99_999_999, id: 'x', type: 'recovery.updated' })));
    expect(await answer.json()).toEqual({ received: true, queued: 0 });
  });
});

describe('Oura webhooks', () => {
  it('answers the subscription handshake only for its own verification token', async () => {
    const token = lib.webhooks.ouraVerificationToken()!;
    const good = await lib.routes.ouraHandshake(new Request(`${callbackBase}/api/webhooks/oura?verification_token=${token}&challenge=abc123`));
    expect([good.status, await good.json()]).toEqual([200, { challenge: 'abc123' }]);
    const bad = await lib.routes.ouraHandshake(new Request(`${callbackBase}/api/webhooks/oura?verification_token=guess&challenge=abc123`));
    expect(bad.status).toBe(401);
  });

  it('queues a sync for an event the fake Oura signs, and refuses a forged or unsigned one', async () => {
    const connection = await connected('oura', oura);
    const url = `${callbackBase}/api/webhooks/oura`;
    expect((await oura.sendWebhook(url, connection.externalUserId!, { secret: 'wrong' })).status).toBe(401);
    expect((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user_id: connection.externalUserId }) })).status).toBe(401);
    expect(await jobsFor(connection.id)).toBe(0);
    const accepted = await oura.sendWebhook(url, connection.externalUserId!);
    expect(await accepted.json()).toEqual({ received: true, queued: 1 });
  });

  it('subscribes each data type once through the handshake, and renews a subscription before it expires', async () => {
    await lib.subscriptions.maintainOuraSubscriptions(callbackBase);
    const rows = await lib.db.webhookSubscription.findMany({ where: { provider: 'OURA' } });
    expect(rows).toHaveLength(lib.subscriptions.OURA_DATA_TYPES.length * lib.subscriptions.OURA_EVENT_TYPES.length);
    expect(oura.subscriptions.map((s) => s.callback_url)).toEqual(rows.map(() => `${callbackBase}/api/webhooks/oura`));
    expect(await lib.subscriptions.maintainOuraSubscriptions(callbackBase)).toBe(0);

    const first = rows[0]!;
    await lib.db.webhookSubscription.update({ where: { id: first.id }, data: { expiresAt: new Date(Date.now() + 86_400_000) } });
    expect(await lib.subscriptions.maintainOuraSubscriptions(callbackBase)).toBe(1);
    expect(oura.subscriptions.find((s) => s.id === first.externalId)?.renewals).toBe(1);
    expect(oura.subscriptions).toHaveLength(rows.length);
  });
});

describe('Withings notifications', () => {
  it('answer the HEAD probe at once, refuse a callback without the app’s token, and queue a sync for the member named', async () => {
    const head = await lib.routes.withingsProbe(new Request(`${callbackBase}/api/webhooks/withings`, { method: 'HEAD' }));
    expect(head.status).toBe(200);
    const connection = await connected('withings', withings);
    const form = new URLSearchParams({ userid: connection.externalUserId!, appli: '1', startdate: '1763700000', enddate: '1763703600' }).toString();
    const post = (url: string) => lib.routes.webhookReceiver('withings')(new Request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }));
    expect((await post(`${callbackBase}/api/webhooks/withings`)).status).toBe(401);
    expect((await post(`${callbackBase}/api/webhooks/withings?token=guess`)).status).toBe(401);
    expect(await jobsFor(connection.id)).toBe(0);
    const accepted = await withings.sendWebhook(lib.webhooks.webhookUrl('withings', callbackBase), connection.externalUserId!);
    expect([accepted.status, await accepted.json()]).toEqual([200, { received: true, queued: 1 }]);
  });

  it('subscribes each connected member once (Withings probes the callback first)', async () => {
    const connection = await connected('withings', withings);
    expect(await lib.subscriptions.subscribeWithingsMembers(callbackBase)).toBeGreaterThanOrEqual(1);
    expect(withings.subscriptions.filter((s) => s.member === connection.issued.member).map((s) => s.data_type).sort()).toEqual(['1', '16', '4', '44']);
    expect((await lib.db.wearableConnection.findUniqueOrThrow({ where: { id: connection.id } })).notifySubscribedAt).not.toBeNull();
    expect(await lib.subscriptions.subscribeWithingsMembers(callbackBase)).toBe(0);
  });
});

describe('the polling fallback', () => {
  it('picks the connections whose webhooks went quiet, and leaves recently synced or notified ones alone', async () => {
    const now = new Date();
    const hours = (n: number) => new Date(now.getTime() - n * 3_600_000);
    const quiet = await connected('whoop', whoop);
    const synced = await connected('whoop', whoop);
    const notified = await connected('whoop', whoop);
    const reauth = await connected('whoop', whoop);
    await lib.db.wearableConnection.update({ where: { id: quiet.id }, data: { lastSyncAt: hours(7), lastWebhookAt: hours(9) } });
    await lib.db.wearableConnection.update({ where: { id: synced.id }, data: { lastSyncAt: hours(1) } });
    await lib.db.wearableConnection.update({ where: { id: notified.id }, data: { lastSyncAt: hours(8), lastWebhookAt: hours(2) } });
    await lib.db.wearableConnection.update({ where: { id: reauth.id }, data: { status: 'NEEDS_REAUTH', lastSyncAt: hours(20) } });
    const picked = await lib.job.quietConnections(now);
    expect(picked).toContain(quiet.id);
    expect(picked).not.toContain(synced.id);
    expect(picked).not.toContain(notified.id);
    expect(picked).not.toContain(reauth.id);
  });
});

describe('tokens from API clients (POST /api/store_{provider}_token)', () => {
  it('stores a token only after the provider vouches for it, with the member it names; a refused one stores nothing', async () => {
    const user = await createMember();
    await expect(lib.connect.storeSubmittedToken(user.id, 'whoop', { access_token: 'whoop-access-made-up' })).rejects.toMatchObject({ status: 400, message: 'Error storing Whoop token' });
    expect(await lib.db.wearableConnection.count({ where: { userId: user.id } })).toBe(0);

    const issued = whoop.issue();
    await lib.connect.storeSubmittedToken(user.id, 'whoop', { access_token: issued.accessToken, refresh_token: issued.refreshToken, expires_in: 3600 });
    const row = await lib.db.wearableConnection.findFirstOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ provider: 'WHOOP', status: 'CONNECTED', externalUserId: issued.member, syncProgress: 0 });
    expect(JSON.stringify(row)).not.toContain(issued.accessToken);
    expect(JSON.stringify(row)).not.toContain(issued.refreshToken);
    expect(await lib.tokens.accessToken(row.id)).toBe(issued.accessToken);

    const withingsToken = withings.issue();
    await lib.connect.storeSubmittedToken(user.id, 'withings', { access_token: withingsToken.accessToken });
    await expect(lib.connect.storeSubmittedToken(user.id, 'withings', { access_token: 'withings-access-made-up' })).rejects.toMatchObject({ status: 400, message: 'Error storing Withings token' });
  });
});

describe('disconnecting', () => {
  it.each([
    ['whoop', () => whoop],
    ['oura', () => oura],
  ] as const)('%s: revokes the app’s access at the provider and deletes the sealed tokens', async (kind, fake) => {
    const connection = await connected(kind, fake());
    await lib.connections.disconnect(connection.userId, kind);
    expect(fake().revocations).toContain(connection.issued.member);
    expect(fake().honours(connection.issued.accessToken)).toBe(false);
    expect(await lib.db.wearableConnection.count({ where: { id: connection.id } })).toBe(0);
  });

  it('still disconnects when the provider cannot be reached', async () => {
    const connection = await connected('whoop', whoop);
    whoop.failWith('server-error');
    try {
      await lib.connections.disconnect(connection.userId, 'whoop');
    } finally {
      whoop.failWith(null);
    }
    expect(await lib.db.wearableConnection.count({ where: { id: connection.id } })).toBe(0);
  });

  it('withings: revokes the member’s grant with a signed request (a nonce, then action=revoke), unsubscribes the notifications and deletes the sealed tokens', async () => {
    const connection = await connected('withings', withings);
    await lib.subscriptions.subscribeWithingsMembers(callbackBase);
    expect(withings.subscriptions.filter((s) => s.member === connection.issued.member)).toHaveLength(4);
    const before = withings.requests.length;
    await lib.connections.disconnect(connection.userId, 'withings');
    const calls = withings.requests.slice(before);
    expect(calls.filter((call) => call === 'POST /notify')).toHaveLength(lib.account.WITHINGS_APPLIS.length);
    // The nonce first, then the revocation it signs; the notifications' revocations before both (they need the token).
    expect(calls.filter((call) => call !== 'POST /notify')).toEqual(['POST /v2/signature', 'POST /v2/oauth2']);
    expect(withings.revocations).toContain(connection.issued.member);
    expect(withings.honours(connection.issued.accessToken)).toBe(false);
    expect(withings.subscriptions.filter((s) => s.member === connection.issued.member)).toEqual([]);
    expect(await lib.db.wearableConnection.count({ where: { id: connection.id } })).toBe(0);
  });

  it('the fake Withings checks the signatures: a wrong secret, a nonce it never issued or one used already is refused, and nothing is revoked', async () => {
    const sign = (secret: string, values: string[]) => createHmac('sha256', secret).update(values.join(',')).digest('hex');
    const post = async (path: string, fields: Record<string, string>) =>
      (await (await fetch(`${withings.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) })).json()) as { status: number; body: { nonce?: string } };
    const getNonce = (secret = WITHINGS.clientSecret) => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      return post('/v2/signature', { action: 'getnonce', client_id: WITHINGS.clientId, timestamp, signature: sign(secret, ['getnonce', WITHINGS.clientId, timestamp]) });
    };
    const revoke = (nonce: string, userid: string, secret = WITHINGS.clientSecret) => post('/v2/oauth2', { action: 'revoke', client_id: WITHINGS.clientId, nonce, signature: sign(secret, ['revoke', WITHINGS.clientId, nonce]), userid });
    const first = withings.issue();
    const second = withings.issue();

    // getnonce signed with another secret: no nonce.
    const forgedNonce = await getNonce('not-the-secret');
    expect(forgedNonce.status).not.toBe(0);
    expect(forgedNonce.body.nonce).toBeUndefined();
    // A revocation signed with another secret, or over a nonce the fake never issued: refused.
    const nonce = (await getNonce()).body.nonce!;
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect((await revoke(nonce, first.member, 'not-the-secret')).status).not.toBe(0);
    expect((await revoke(randomBytes(16).toString('hex'), first.member)).status).not.toBe(0);
    expect(withings.honours(first.accessToken)).toBe(true);
    expect(withings.revocations).not.toContain(first.member);

    // Correctly signed over an issued nonce: done. The same nonce again, for another member: refused.
    const good = (await getNonce()).body.nonce!;
    expect(await revoke(good, first.member)).toMatchObject({ status: 0 });
    expect(withings.honours(first.accessToken)).toBe(false);
    expect((await revoke(good, second.member)).status).not.toBe(0);
    expect(withings.honours(second.accessToken)).toBe(true);
    expect(withings.revocations).not.toContain(second.member);
  });

  it('withings: a member Withings holds no grant for (a non-zero status) counts as revoked already', async () => {
    await expect(lib.account.revokeAtProvider('withings', 'withings-access-gone', undefined, '987654321')).rejects.toBeInstanceOf(lib.account.TokenRejected);
    // Disconnecting a member whose grant was revoked at Withings already: the tokens go all the same.
    const connection = await connected('withings', withings);
    await lib.account.revokeAtProvider('withings', connection.issued.accessToken, undefined, connection.issued.member);
    await expect(lib.account.revokeAtProvider('withings', connection.issued.accessToken, undefined, connection.issued.member)).rejects.toBeInstanceOf(lib.account.TokenRejected);
    await lib.connections.disconnect(connection.userId, 'withings');
    expect(await lib.db.wearableConnection.count({ where: { id: connection.id } })).toBe(0);
  });

  it.each(['server-error', 'reset'] as const)('withings: still disconnects when Withings cannot be reached (%s), and a revocation that fails is not taken as done', async (outage) => {
    const connection = await connected('withings', withings);
    withings.failWith(outage);
    try {
      await expect(lib.account.revokeAtProvider('withings', connection.issued.accessToken, undefined, connection.issued.member)).rejects.toBeInstanceOf(lib.account.ProviderUnavailable);
      await lib.connections.disconnect(connection.userId, 'withings');
    } finally {
      withings.failWith(null);
    }
    expect(await lib.db.wearableConnection.count({ where: { id: connection.id } })).toBe(0);
    expect(withings.revocations).not.toContain(connection.issued.member);
    // Only the revocation down (the nonce was issued): not done either.
    withings.failWith('server-error', '/v2/oauth2');
    try {
      await expect(lib.account.revokeAtProvider('withings', connection.issued.accessToken, undefined, connection.issued.member)).rejects.toBeInstanceOf(lib.account.ProviderUnavailable);
    } finally {
      withings.failWith(null);
    }
    expect(withings.honours(connection.issued.accessToken)).toBe(true);
  });
});
