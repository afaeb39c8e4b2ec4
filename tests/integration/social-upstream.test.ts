import { createHash } from 'node:crypto';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiError } from '@/lib/errors';
import type * as AppleModule from '@/lib/auth/apple';
import type * as GoogleModule from '@/lib/auth/google';
import type { FakeApple } from '../fakes/apple-peer';
import type { FakeGoogle } from '../fakes/google-peer';
import { APPLE_CLIENT_ID, startSocialPeers, stopSocialPeers } from '../fakes/social-peers';
import type { Outage } from '../fakes/http-peer';
import { budget } from '../setup/machine-speed.js';

// Jest's own default is 5 s, as long as the verifier's timeout; `testTimeout` is global-only, so it is set per test here.
const SLOW_TEST_MS = budget(15_000);

// When the provider is down, slow or broken, sign-in fails with 502, not with 401: the token was never judged.

let googlePeer: FakeGoogle;
let applePeer: FakeApple;
let google: typeof GoogleModule;
let apple: typeof AppleModule;

beforeAll(async () => {
  ({ googlePeer, applePeer, google, apple } = await startSocialPeers());
});

afterAll(() => stopSocialPeers({ googlePeer, applePeer }));

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => new Error('expected the sign-in to fail'),
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw error;
  return error;
}

describe('Google unavailable', () => {
  const issue = () => googlePeer.issueToken({ sub: 'g-200', email: 'alex@example.com' });

  it.each<{ outage: Outage; on: string }>([
    { outage: 'server-error', on: '/oauth2/v3/tokeninfo' },
    { outage: 'server-error', on: '/oauth2/v3/userinfo' },
    { outage: 'reset', on: 'every path' },
    { outage: 'garbage', on: '/oauth2/v3/userinfo' },
  ])('answers 502 when Google fails with $outage on $on', async ({ outage, on }) => {
    googlePeer.failWith(outage, on.startsWith('/') ? on : undefined);
    const error = await rejection(google.verifyGoogleAccessToken(issue()));
    googlePeer.failWith(null);
    expect({ status: error.status, message: error.message }).toEqual({ status: 502, message: 'Google login failed' });
  });

  it('gives up after 5 seconds, without the token in the error', async () => {
    const token = issue();
    googlePeer.failWith('hang');
    const started = Date.now();
    const error = await rejection(google.verifyGoogleAccessToken(token));
    const elapsed = Date.now() - started;
    googlePeer.failWith(null);
    expect({ status: error.status, message: error.message }).toEqual({ status: 502, message: 'Google login failed' });
    expect(elapsed).toBeGreaterThanOrEqual(4_900);
    expect(elapsed).toBeLessThan(8_000);
    expect(inspect(error, { depth: 5 })).not.toContain(token);
  }, SLOW_TEST_MS);

  it('signs in again once Google is back', async () => {
    await expect(google.verifyGoogleAccessToken(issue())).resolves.toMatchObject({ subject: 'g-200', email: 'alex@example.com' });
  });
});

// jose caches Apple's keys once fetched, so every outage here comes before the first successful fetch.
describe('Apple key set unavailable', () => {
  const RAW_NONCE = 'upstream-test-nonce';
  const sign = () => applePeer.signIdToken({ sub: 'a-200', email: 'sam@example.com', aud: APPLE_CLIENT_ID, nonce: createHash('sha256').update(RAW_NONCE).digest('hex') });

  it.each<Outage>(['server-error', 'reset', 'garbage', 'hang'])('answers 502 when the key set fails with %s', async (outage) => {
    const token = await sign();
    applePeer.failWith(outage);
    const error = await rejection(apple.verifyAppleIdToken(token, RAW_NONCE));
    applePeer.failWith(null);
    expect({ status: error.status, message: error.message }).toEqual({ status: 502, message: 'Apple login failed' });
  }, SLOW_TEST_MS);

  it('signs in again once the key set is back, then keeps it cached through an outage', async () => {
    await expect(apple.verifyAppleIdToken(await sign(), RAW_NONCE)).resolves.toMatchObject({ subject: 'a-200', email: 'sam@example.com' });
    const fetches = applePeer.requests.length;
    applePeer.failWith('server-error');
    await expect(apple.verifyAppleIdToken(await sign(), RAW_NONCE)).resolves.toMatchObject({ subject: 'a-200' });
    applePeer.failWith(null);
    expect(applePeer.requests.length).toBe(fetches);
  });
});
