import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { client, STARTS_A_SERVER_MS, startAppServer, type AppServer } from '../../setup/app-server';

// Whoop has an OAuth client on this server; Oura and Withings do not.
let app: AppServer;
let browser: ReturnType<typeof client>;

beforeAll(async () => {
  app = await startAppServer({ WHOOP_CLIENT_ID: 'whoop-client', WHOOP_CLIENT_SECRET: 'whoop-secret' });
  browser = client(app.url);
  const res = await browser.post('/api/register', { firstName: 'Wren', lastName: 'Strap', email: `wear-${Date.now()}@example.test`, password: 'Sturdy-Oak-2026!' });
  expect(res.status).toBe(201);
}, STARTS_A_SERVER_MS);
afterAll(async () => {
  await app.stop();
  await db.$disconnect();
});

const token = (source: string) => ({ source, access_token: 'provider-token', refresh_token: 'provider-refresh' });

describe('the wearable connect calls', () => {
  it.each(['whoop', 'oura', 'withings'])('%s: both calls refuse a request without a session', async (wearable) => {
    const stranger = client(app.url, '203.0.113.77');
    for (const res of [await stranger.get(`/api/get-${wearable}-authorization-url`), await stranger.post(`/api/store_${wearable}_token`, token(wearable))]) {
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ message: 'Not authenticated', code: 'unauthorized' });
    }
  });

  it.each([
    ['oura', 'Oura'],
    ['withings', 'Withings'],
  ])('%s without an OAuth client answers 503 with what the user can do', async (wearable, name) => {
    const message = `${name} can't be connected to Vitality. Export your history from the ${name} app and import the file on My devices instead.`;
    const url = await browser.get(`/api/get-${wearable}-authorization-url`);
    expect(url.status).toBe(503);
    expect(url.json).toEqual({ message, code: 'service_unavailable' });
    const stored = await browser.post(`/api/store_${wearable}_token`, token(wearable));
    expect(stored.status).toBe(503);
    expect(stored.json).toEqual({ message, code: 'service_unavailable' });
    expect(app.output()).toContain(`${wearable} cannot be connected: set ${wearable.toUpperCase()}_CLIENT_ID and ${wearable.toUpperCase()}_CLIENT_SECRET.`);
  });

  it('a configured Whoop cannot be connected without a key to seal its tokens: 503, and the log says why', async () => {
    // This server has Whoop's client but no TOKEN_ENCRYPTION_KEY (the connect flow itself: wearable-oauth.test.ts).
    const url = await browser.get('/api/get-whoop-authorization-url');
    expect(url.status).toBe(503);
    expect(url.json).toEqual({ message: "Whoop can't be connected to Vitality. Export your history from the Whoop app and import the file on My devices instead.", code: 'service_unavailable' });
    expect(app.output()).toContain('TOKEN_ENCRYPTION_KEY is not set');
    // A token submitted by an API client cannot be sealed either: refused the same way, before Whoop is asked.
    const stored = await browser.post('/api/store_whoop_token', token('whoop'));
    expect(stored.status).toBe(503);
    expect(stored.json).toEqual({ message: "Whoop can't be connected to Vitality. Export your history from the Whoop app and import the file on My devices instead.", code: 'service_unavailable' });
  });

  it('a token message from another source or without a token is refused with 422', async () => {
    const other = await browser.post('/api/store_whoop_token', token('oura'));
    expect(other.status).toBe(422);
    expect(other.json.message).toBe('This connection came from another device.');
    const blank = await browser.post('/api/store_oura_token', { source: 'oura', access_token: '  ' });
    expect(blank.status).toBe(422);
    expect(blank.json.message).toBe('The device did not send an access token.');
  });
});
