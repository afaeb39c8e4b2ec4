// Wearable tokens at rest and their refresh, against this file's own PostgreSQL database and a local
// fake of Whoop's token endpoint: rotation saved with the access token, two concurrent refreshes making
// one provider call, a revoked refresh token giving needs_reauth, and only ciphertext in the table.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { startFakeOAuthProvider, startFakeWhoop, type FakeOAuthProvider, type FakeWhoop } from '../fakes/wearable-oauth-peer';
import { memberWithWearable } from '../support/members';

const CLIENT = { clientId: 'whoop-client', clientSecret: 'whoop-secret' };
let whoop: FakeWhoop;
let withings: FakeOAuthProvider;
const WITHINGS = { clientId: 'withings-client', clientSecret: 'withings-secret' };

type Lib = {
  db: typeof import('@/lib/db').db;
  tokens: typeof import('@/lib/wearables/tokens');
  cipher: typeof import('@/lib/security/token-cipher');
};
let lib: Lib;

beforeAll(async () => {
  whoop = await startFakeWhoop(CLIENT);
  withings = await startFakeOAuthProvider('withings', WITHINGS);
  // The app reads its environment once, on first import: set it first.
  Object.assign(process.env, {
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    WHOOP_CLIENT_ID: CLIENT.clientId,
    WHOOP_CLIENT_SECRET: CLIENT.clientSecret,
    WHOOP_BASE_URL: whoop.baseUrl,
    WITHINGS_CLIENT_ID: WITHINGS.clientId,
    WITHINGS_CLIENT_SECRET: WITHINGS.clientSecret,
    WITHINGS_API_BASE_URL: withings.baseUrl,
  });
  lib = { db: (await import('@/lib/db')).db, tokens: await import('@/lib/wearables/tokens'), cipher: await import('@/lib/security/token-cipher') };
});

afterAll(async () => {
  await lib?.db.$disconnect();
  await whoop?.stop();
  await withings?.stop();
});

/** A user with a Whoop connection holding freshly issued tokens, its access token `expiresInMs` from now. */
async function connected(expiresInMs: number) {
  const issued = whoop.issue();
  const connection = await memberWithWearable('WHOOP', { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresAt: new Date(Date.now() + expiresInMs), scopes: ['offline'] });
  return { connection, issued };
}

async function rawRow(id: string): Promise<Record<string, unknown>> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query('SELECT * FROM wearable_connections WHERE id = $1', [id]);
  await client.end();
  return rows[0] as Record<string, unknown>;
}

describe('wearable tokens', () => {
  it('are used as they are while fresh, with no provider call', async () => {
    const { connection, issued } = await connected(60 * 60_000);
    const before = whoop.refreshCalls;
    expect(await lib.tokens.accessToken(connection.id)).toBe(issued.accessToken);
    expect(whoop.refreshCalls).toBe(before);
  });

  it('refresh near expiry, saving the rotated refresh token with the new access token, and only ciphertext is stored', async () => {
    const { connection, issued } = await connected(60_000); // inside the 5-minute margin
    const token = await lib.tokens.accessToken(connection.id);
    expect(token).not.toBe(issued.accessToken);
    expect(whoop.honours(token)).toBe(true);

    const row = await rawRow(connection.id);
    // The stored columns are ciphertext: no token, old or new, appears in any column of the row.
    const dump = JSON.stringify(row);
    expect(dump).not.toContain('whoop-access-');
    expect(dump).not.toContain('whoop-refresh-');
    expect(String(row.accessTokenEncrypted)).toMatch(/^v1\./);
    expect((row.expiresAt as Date).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);

    // The rotation: the old refresh token is dead at the provider, and the saved one is the new one.
    const saved = lib.cipher.openToken(String(row.refreshTokenEncrypted), `${connection.userId}:WHOOP:refresh`);
    expect(saved).not.toBe(issued.refreshToken);
    await lib.db.wearableConnection.update({ where: { id: connection.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const again = await lib.tokens.accessToken(connection.id);
    expect(whoop.honours(again)).toBe(true);
  });

  it('make one provider call for two concurrent refreshes, and both callers get the new token', async () => {
    const { connection } = await connected(-1000);
    const before = whoop.refreshCalls;
    whoop.setTokenDelay(300);
    try {
      const [first, second] = await Promise.all([lib.tokens.accessToken(connection.id), lib.tokens.accessToken(connection.id)]);
      expect(first).toBe(second);
      expect(whoop.refreshCalls - before).toBe(1);
    } finally {
      whoop.setTokenDelay(0);
    }
  });

  it('mark the connection needs_reauth when the provider refuses the refresh token, and call it no more', async () => {
    const { connection, issued } = await connected(-1000);
    whoop.revoke(issued.refreshToken);
    await expect(lib.tokens.accessToken(connection.id)).rejects.toBeInstanceOf(lib.tokens.NeedsReauth);
    expect((await lib.db.wearableConnection.findUniqueOrThrow({ where: { id: connection.id } })).status).toBe('NEEDS_REAUTH');
    const before = whoop.refreshCalls;
    await expect(lib.tokens.accessToken(connection.id)).rejects.toBeInstanceOf(lib.tokens.NeedsReauth);
    expect(whoop.refreshCalls).toBe(before);
  });

  it('cannot be opened under another row’s context, or once changed', async () => {
    const { connection, issued } = await connected(60 * 60_000);
    const row = await rawRow(connection.id);
    const sealed = String(row.accessTokenEncrypted);
    expect(lib.cipher.openToken(sealed, `${connection.userId}:WHOOP:access`)).toBe(issued.accessToken);
    expect(() => lib.cipher.openToken(sealed, `someone-else:WHOOP:access`)).toThrow();
    expect(() => lib.cipher.openToken(sealed, `${connection.userId}:WHOOP:refresh`)).toThrow();
    const [v, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    // One bit of the ciphertext changed (in the bytes: a base64 text's last character may carry only padding bits).
    const bytes = Buffer.from(body, 'base64url');
    bytes[0] = bytes[0]! ^ 1;
    const flipped = bytes.toString('base64url');
    expect(() => lib.cipher.openToken([v, iv, tag, flipped].join('.'), `${connection.userId}:WHOOP:access`)).toThrow();
  });
});

describe('Withings tokens', () => {
  it('refresh through action=requesttoken with rotation, and a refusal (HTTP 200 with another status) gives needs_reauth', async () => {
    const issued = withings.issue();
    const connection = await memberWithWearable('WITHINGS', { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresAt: new Date(Date.now() - 1000) });
    const token = await lib.tokens.accessToken(connection.id);
    expect(withings.honours(token)).toBe(true);
    expect(token).not.toBe(issued.accessToken);

    // The old refresh token died with the rotation: a connection still holding it is refused for good.
    const stale = await lib.db.wearableConnection.update({
      where: { id: connection.id },
      data: { ...lib.tokens.sealedColumns(connection.userId, 'WITHINGS', { accessToken: 'expired', refreshToken: issued.refreshToken, expiresAt: new Date(Date.now() - 1000), scopes: [], externalUserId: '363' }) },
    });
    await expect(lib.tokens.accessToken(stale.id)).rejects.toBeInstanceOf(lib.tokens.NeedsReauth);
    expect((await lib.db.wearableConnection.findUniqueOrThrow({ where: { id: stale.id } })).status).toBe('NEEDS_REAUTH');
  });
});
