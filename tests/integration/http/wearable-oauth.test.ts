// Connecting a wearable over HTTP against the production build and a local fake of Whoop's OAuth
// server: the consent URL with state and PKCE, the callback that exchanges the code on the server,
// and every way it must store nothing (a denied consent, another user's state, a replay).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { startFakeOAuthProvider, startFakeWhoop, type FakeOAuthProvider, type FakeWhoop } from '../../fakes/wearable-oauth-peer';
import { registerUser, serveAppForThisFile } from '../../setup/app-server';

const CLIENT = { clientId: 'whoop-client-http', clientSecret: 'whoop-secret-http' };
const OURA = { clientId: 'oura-client-http', clientSecret: 'oura-secret-http' };
const WITHINGS = { clientId: 'withings-client-http', clientSecret: 'withings-secret-http' };
let whoop: FakeWhoop;
let oura: FakeOAuthProvider;
let withings: FakeOAuthProvider;
beforeAll(async () => {
  whoop = await startFakeWhoop(CLIENT);
  oura = await startFakeOAuthProvider('oura', OURA);
  withings = await startFakeOAuthProvider('withings', WITHINGS);
});
afterAll(async () => {
  await Promise.all([whoop?.stop(), oura?.stop(), withings?.stop()]);
});
const app = serveAppForThisFile(() => ({
  WHOOP_CLIENT_ID: CLIENT.clientId,
  WHOOP_CLIENT_SECRET: CLIENT.clientSecret,
  WHOOP_BASE_URL: whoop.baseUrl,
  OURA_CLIENT_ID: OURA.clientId,
  OURA_CLIENT_SECRET: OURA.clientSecret,
  OURA_AUTH_BASE_URL: oura.baseUrl,
  OURA_API_BASE_URL: oura.baseUrl,
  WITHINGS_CLIENT_ID: WITHINGS.clientId,
  WITHINGS_CLIENT_SECRET: WITHINGS.clientSecret,
  WITHINGS_AUTH_BASE_URL: withings.baseUrl,
  WITHINGS_API_BASE_URL: withings.baseUrl,
  TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
}));

type Browser = Awaited<ReturnType<typeof registerUser>>['browser'];

/** GET the consent URL, then follow the fake's Allow (or Deny) link: the callback URL it leads to. */
async function consent(browser: Browser, choice: 'Allow' | 'Deny', provider = 'whoop'): Promise<{ authorize: URL; callback: URL }> {
  const answer = await browser.get(`/api/get-${provider}-authorization-url`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
  const authorize = new URL(answer.text);
  const page = await (await fetch(authorize)).text();
  const link = new RegExp(`<a href="([^"]+)">${choice}</a>`).exec(page)![1]!.replaceAll('&#38;', '&');
  return { authorize, callback: new URL(link) };
}

/** Opens the callback as the popup would (with the browser's cookies), on the app's own address. */
const land = (browser: Browser, callback: URL) => browser.get(`${callback.pathname}${callback.search}`);

describe('connecting Whoop', () => {
  it('sends the user to the consent page with client, redirect, scopes, state and a PKCE challenge', async () => {
    const { browser } = await registerUser(app);
    const { authorize } = await consent(browser, 'Allow');
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${whoop.baseUrl}/oauth/oauth2/auth`);
    const query = authorize.searchParams;
    expect(query.get('response_type')).toBe('code');
    expect(query.get('client_id')).toBe(CLIENT.clientId);
    expect(query.get('redirect_uri')).toBe(`${app.url}/authorize/wearables/whoop`);
    expect(query.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['offline', 'read:recovery', 'read:cycles', 'read:sleep', 'read:workout', 'read:profile', 'read:body_measurement']));
    expect(query.get('state')!.length).toBeGreaterThanOrEqual(40);
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('exchanges the code on the server, stores the tokens sealed, and tells the opener only that it connected', async () => {
    const { browser, userId } = await registerUser(app);
    const { callback } = await consent(browser, 'Allow');
    const before = whoop.codeExchanges;
    const page = await land(browser, callback);
    expect(page.status).toBe(200);
    expect(page.text).toContain('window.opener.postMessage({"source":"whoop","connected":true}');
    expect(page.text).toContain(JSON.stringify(new URL(app.url).origin));
    expect(page.text).not.toMatch(/whoop-(access|refresh)-/);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/);
    expect(whoop.codeExchanges - before).toBe(1);

    const row = await db.wearableConnection.findUniqueOrThrow({ where: { userId_provider: { userId, provider: 'WHOOP' } } });
    expect(row.status).toBe('CONNECTED');
    expect(JSON.stringify(row)).not.toMatch(/whoop-(access|refresh)-/);
    expect(row.accessTokenEncrypted).toMatch(/^v1\./);
    expect((await browser.get('/api/whoop_token_exists')).json).toMatchObject({ exists: true });
    // The backfill waits on the job queue for the job process (it never runs in the request).
    const [job] = await db.$queryRaw<{ data: unknown }[]>`SELECT data FROM pgboss.job WHERE name = 'wearable-sync' AND data->>'connectionId' = ${row.id}`;
    expect(job?.data).toEqual({ connectionId: row.id, reason: 'connect' });
    // The card shows the sync from the start, and the connection knows whose it is (Whoop's profile call).
    expect(row).toMatchObject({ syncProgress: 0 });
    expect(row.syncStartedAt).not.toBeNull();
    expect(row.externalUserId).toMatch(/^\d+$/);

    // The state is used up: landing again stores nothing new and fails.
    const replay = await land(browser, callback);
    expect([replay.status, replay.text.includes('Failed to integrate Whoop')]).toEqual([400, true]);
    expect(whoop.codeExchanges - before).toBe(1);
  });

  it('stores nothing when the user denies consent, and the popup says so', async () => {
    const { browser, userId } = await registerUser(app);
    const { callback } = await consent(browser, 'Deny');
    const page = await land(browser, callback);
    expect([page.status, page.text.includes('Failed to integrate Whoop')]).toEqual([400, true]);
    expect(await db.wearableConnection.count({ where: { userId } })).toBe(0);
  });

  it('stores nothing for a state another user started, or a forged one, or signed out', async () => {
    const first = await registerUser(app);
    const second = await registerUser(app);
    const { callback } = await consent(first.browser, 'Allow');
    const stolen = await land(second.browser, callback);
    expect([stolen.status, stolen.text.includes('Failed to integrate Whoop')]).toEqual([400, true]);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'made-up');
    expect((await land(first.browser, forged)).status).toBe(400);
    const { client } = await import('../../setup/app-server');
    const { callback: fresh } = await consent(first.browser, 'Allow');
    expect((await land(client(app.url), fresh)).status).toBe(400);
    expect(await db.wearableConnection.count({ where: { userId: { in: [first.userId, second.userId] } } })).toBe(0);
  });
});

describe('connecting Oura and Withings', () => {
  it.each([
    ['oura', 'Oura', '/oauth/authorize', ['personal', 'daily', 'heartrate', 'workout', 'session', 'spo2Daily'], ' '],
    ['withings', 'Withings', '/oauth2_user/authorize2', ['user.info', 'user.metrics', 'user.activity'], ','],
  ] as const)('%s: its consent page, its scopes without PKCE, and its token answer stored sealed', async (provider, name, path, scopes, separator) => {
    const { browser, userId } = await registerUser(app);
    const { authorize, callback } = await consent(browser, 'Allow', provider);
    expect(authorize.pathname).toBe(path);
    expect(authorize.searchParams.get('scope')?.split(separator)).toEqual(scopes);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${app.url}/authorize/wearables/${provider}`);
    expect(authorize.searchParams.has('code_challenge')).toBe(false);
    const page = await land(browser, callback);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`{"source":"${provider}","connected":true}`);
    const row = await db.wearableConnection.findFirstOrThrow({ where: { userId } });
    expect(row.provider).toBe(provider.toUpperCase());
    expect(row.accessTokenEncrypted).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(`${provider}-access-`);
    // Withings names its member in the token answer; Oura's is asked for (personal_info).
    expect(row.externalUserId).toMatch(provider === 'withings' ? /^\d+$/ : /^oura-member-\d+$/);

    const denied = await consent(browser, 'Deny', provider);
    const failed = await land(browser, denied.callback);
    expect([failed.status, failed.text.includes(`Failed to integrate ${name}`)]).toEqual([400, true]);
  });
});

describe('the wearable calls over HTTP', () => {
  const origin = () => ({ origin: app.url });

  it('POST /api/store_whoop_token (and /api/store_token) stores a token Whoop vouches for, refuses one it does not, and never echoes it', async () => {
    const { browser, userId } = await registerUser(app);
    const bogus = await browser.post('/api/store_whoop_token', { source: 'whoop', access_token: 'whoop-access-forged' }, origin());
    expect([bogus.status, bogus.json.message]).toEqual([400, 'Error storing Whoop token']);
    expect(await db.wearableConnection.count({ where: { userId } })).toBe(0);

    const wrongType = await browser.post('/api/store_whoop_token', { source: 'whoop', access_token: 42 }, origin());
    expect(wrongType.status).toBe(422);
    expect(typeof wrongType.json.message).toBe('string');

    const issued = whoop.issue();
    const stored = await browser.post('/api/store_token', { source: 'whoop', access_token: issued.accessToken, refresh_token: issued.refreshToken, expires_in: 3600 }, origin());
    expect([stored.status, stored.json]).toEqual([200, { stored: true, source: 'whoop' }]);
    expect(stored.text).not.toContain(issued.accessToken);
    const row = await db.wearableConnection.findFirstOrThrow({ where: { userId } });
    expect(row.externalUserId).toBe(issued.member);
    expect(JSON.stringify(row)).not.toContain(issued.accessToken);

    // The card's state: syncing, with progress; never a token.
    const devices = await browser.get('/api/wearable-devices');
    expect(devices.status).toBe(200);
    expect(devices.json.devices).toEqual(expect.arrayContaining([expect.objectContaining({ wearable: 'whoop', status: 'syncing', progress: 0 })]));
    expect(devices.text).not.toMatch(/whoop-(access|refresh)-/);

    // Sync now: queued (one waiting sync per connection), 202.
    const sync = await browser.post('/api/sync-wearable', { source: 'whoop' }, origin());
    expect(sync.status).toBe(202);
    const notConnected = await browser.post('/api/sync-wearable', { source: 'oura' }, origin());
    expect([notConnected.status, notConnected.json.message]).toEqual([404, 'Oura is not connected.']);
  });

  it('refuses the wearable calls without a session, also with the x-middleware-subrequest header', async () => {
    const { client } = await import('../../setup/app-server');
    const stranger = client(app.url);
    for (const [method, path, body] of [
      ['POST', '/api/store_whoop_token', { source: 'whoop', access_token: 'x' }],
      ['POST', '/api/sync-wearable', { source: 'whoop' }],
      ['GET', '/api/wearable-devices', undefined],
    ] as const) {
      const headers = { origin: app.url, 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' };
      const answer = method === 'GET' ? await stranger.get(path, headers) : await stranger.post(path, body, headers);
      expect([path, answer.status]).toEqual([path, 401]);
      expect(typeof answer.json.message).toBe('string');
    }
  });

  it('a Whoop webhook with a bad signature gets 401 and queues nothing; a good one is accepted', async () => {
    const { createHmac } = await import('node:crypto');
    const { browser, userId } = await registerUser(app);
    const issued = whoop.issue();
    expect((await browser.post('/api/store_whoop_token', { source: 'whoop', access_token: issued.accessToken }, origin())).status).toBe(200);
    const row = await db.wearableConnection.findFirstOrThrow({ where: { userId } });
    const jobs = async () => (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'wearable-sync' AND data->>'connectionId' = ${row.id} AND data->>'reason' = 'webhook'`)[0]!.n;
    const body = JSON.stringify({ user_id: Number(issued.member), id: 'rec-1', type: 'recovery.updated', trace_id: 't' });
    const timestamp = String(Date.now());
    const sign = (secret: string) => createHmac('sha256', secret).update(timestamp + body).digest('base64');
    const post = (signature: string) => fetch(`${app.url}/api/webhooks/whoop`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-whoop-signature': signature, 'x-whoop-signature-timestamp': timestamp }, body });

    const refused = await post(sign('someone-else'));
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'The notification could not be verified.', code: 'unauthorized' });
    expect(await jobs()).toBe(0);
    // The member's connection is still syncing from the store call; the webhook's sync waits behind it.
    await db.wearableConnection.update({ where: { id: row.id }, data: { syncStartedAt: null } });
    await db.$executeRaw`DELETE FROM pgboss.job WHERE name = 'wearable-sync' AND data->>'connectionId' = ${row.id}`;
    const accepted = await post(sign(CLIENT.clientSecret));
    expect([accepted.status, await accepted.json()]).toEqual([200, { received: true, queued: 1 }]);
    expect(await jobs()).toBe(1);
    // No token reached the server's log.
    expect(app.output()).not.toMatch(/whoop-(access|refresh)-/);
  });

  it('Oura’s handshake and Withings’ HEAD probe are answered', async () => {
    const bad = await fetch(`${app.url}/api/webhooks/oura?verification_token=guess&challenge=c1`);
    expect(bad.status).toBe(401);
    const head = await fetch(`${app.url}/api/webhooks/withings`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const unsigned = await fetch(`${app.url}/api/webhooks/withings`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'userid=1&appli=1' });
    expect(unsigned.status).toBe(401);
  });
});

describe('no token in the clear', () => {
  it('after every flow above, a dump of the database holds only ciphertext, and the server log holds no token', async () => {
    const { execFileSync } = await import('node:child_process');
    const dump = execFileSync('pg_dump', ['--data-only', '--no-owner', process.env.DATABASE_URL!], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    // The flows above stored Whoop, Oura and Withings connections (their sealed columns are in the dump).
    expect(dump).toMatch(/v1\./);
    expect(dump).not.toMatch(/(whoop|oura|withings)-(access|refresh)-[0-9a-f]{24}/);
    expect(app.output()).not.toMatch(/(whoop|oura|withings)-(access|refresh)-[0-9a-f]{24}/);
  });
});
