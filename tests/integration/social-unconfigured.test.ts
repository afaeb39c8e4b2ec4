import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiError } from '@/lib/errors';
import type * as AppleModule from '@/lib/auth/apple';
import type * as GoogleModule from '@/lib/auth/google';
import { startFakeApple, type FakeApple } from '../fakes/apple-peer';
import { startFakeGoogle, type FakeGoogle } from '../fakes/google-peer';

// Without a client id the integration is off: a clear 404, and the provider is never contacted.
let googlePeer: FakeGoogle;
let applePeer: FakeApple;
let google: typeof GoogleModule;
let apple: typeof AppleModule;

beforeAll(async () => {
  googlePeer = await startFakeGoogle({ clientId: 'unused.apps.googleusercontent.com' });
  applePeer = await startFakeApple();
  delete process.env.GOOGLE_CLIENT_ID;
  // A blank value, as `APPLE_CLIENT_ID=` in a .env file gives, counts as unset too.
  process.env.APPLE_CLIENT_ID = '';
  process.env.GOOGLE_API_BASE_URL = googlePeer.baseUrl;
  process.env.APPLE_JWKS_URL = applePeer.jwksUrl;
  google = await import('@/lib/auth/google');
  apple = await import('@/lib/auth/apple');
});

afterAll(async () => {
  await Promise.all([googlePeer.stop(), applePeer.stop()]);
});

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => new Error('expected sign-in to be refused'),
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw error;
  return { status: error.status, message: error.message };
}

describe('social sign-in without client ids', () => {
  it('reports Google as not configured and refuses with 404 without calling Google', async () => {
    expect(google.googleConfigured()).toBe(false);
    const token = googlePeer.issueToken({ sub: 'g-300', email: 'alex@example.com' });
    expect(await refusal(google.verifyGoogleAccessToken(token))).toEqual({ status: 404, message: 'Signing in with Google isn’t offered by Vitality. Log in with your e-mail and password instead.' });
    expect(googlePeer.requests).toEqual([]);
  });

  it('reports Apple as not configured and refuses with 404 without fetching keys', async () => {
    expect(apple.appleConfigured()).toBe(false);
    const token = await applePeer.signIdToken({ sub: 'a-300', email: 'sam@example.com', aud: 'com.vitality.web' });
    expect(await refusal(apple.verifyAppleIdToken(token, 'any-nonce'))).toEqual({ status: 404, message: 'Signing in with Apple isn’t offered by Vitality. Log in with your e-mail and password instead.' });
    expect(applePeer.requests).toEqual([]);
  });
});
