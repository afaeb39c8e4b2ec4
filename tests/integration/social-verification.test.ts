import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateKeyPair } from 'jose';
import { ApiError } from '@/lib/errors';
import type * as AppleModule from '@/lib/auth/apple';
import type * as GoogleModule from '@/lib/auth/google';
import type { FakeApple } from '../fakes/apple-peer';
import type { FakeGoogle } from '../fakes/google-peer';
import { APPLE_CLIENT_ID, startSocialPeers, stopSocialPeers } from '../fakes/social-peers';


let googlePeer: FakeGoogle;
let applePeer: FakeApple;
let google: typeof GoogleModule;
let apple: typeof AppleModule;

beforeAll(async () => {
  ({ googlePeer, applePeer, google, apple } = await startSocialPeers());
});

afterAll(() => stopSocialPeers({ googlePeer, applePeer }));

/** The ApiError a verification was refused with, as { status, message }. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => new Error('expected the token to be refused'),
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw error;
  return { status: error.status, message: error.message };
}

const GOOGLE_REFUSED = { status: 401, message: 'Google login failed' };
const APPLE_REFUSED = { status: 401, message: 'Apple login failed' };

describe('verifyGoogleAccessToken', () => {
  it('is configured', () => {
    expect(google.googleConfigured()).toBe(true);
  });

  it('returns the profile for a valid token, with the email normalised', async () => {
    const token = googlePeer.issueToken({ sub: 'g-100', email: '  Alex.Doe@Example.COM ', givenName: 'Alex', familyName: 'Doe' });
    await expect(google.verifyGoogleAccessToken(token)).resolves.toEqual({
      provider: 'google',
      subject: 'g-100',
      email: 'alex.doe@example.com',
      emailVerified: true,
      firstName: 'Alex',
      lastName: 'Doe',
    });
    expect(googlePeer.requests.slice(-2)).toEqual(['GET /oauth2/v3/tokeninfo', 'GET /oauth2/v3/userinfo']);
  });

  it('gives null names when Google has none', async () => {
    const token = googlePeer.issueToken({ sub: 'g-101', email: 'noname@example.com' });
    const profile = await google.verifyGoogleAccessToken(token);
    expect([profile.firstName, profile.lastName]).toEqual([null, null]);
  });

  it('refuses a token Google never issued', async () => {
    expect(await refusal(google.verifyGoogleAccessToken('ya29.forged-token-value'))).toEqual(GOOGLE_REFUSED);
  });

  it('refuses a malformed token without asking Google', async () => {
    const before = googlePeer.requests.length;
    expect(await refusal(google.verifyGoogleAccessToken(''))).toEqual(GOOGLE_REFUSED);
    expect(await refusal(google.verifyGoogleAccessToken('ya29.a b&access_token=x'))).toEqual(GOOGLE_REFUSED);
    expect(googlePeer.requests.length).toBe(before);
  });

  it('refuses an expired token', async () => {
    const token = googlePeer.issueToken({ sub: 'g-102', email: 'late@example.com', expiresIn: 0 });
    expect(await refusal(google.verifyGoogleAccessToken(token))).toEqual(GOOGLE_REFUSED);
  });

  it('refuses a token in its last second, which Google reports as expires_in 0', async () => {
    const token = googlePeer.issueToken({ sub: 'g-106', email: 'edge@example.com', expiresIn: 0.9 });
    expect(await refusal(google.verifyGoogleAccessToken(token))).toEqual(GOOGLE_REFUSED);
  });

  it('refuses a real Google token that was issued to another app', async () => {
    const token = googlePeer.issueToken({ sub: 'g-103', email: 'victim@example.com', aud: 'other-app.apps.googleusercontent.com' });
    expect(await refusal(google.verifyGoogleAccessToken(token))).toEqual(GOOGLE_REFUSED);
  });

  it('refuses an unverified email', async () => {
    const token = googlePeer.issueToken({ sub: 'g-104', email: 'unverified@example.com', emailVerified: false });
    expect(await refusal(google.verifyGoogleAccessToken(token))).toEqual(GOOGLE_REFUSED);
  });

  it('refuses when userinfo names another user than tokeninfo', async () => {
    const token = googlePeer.issueToken({ sub: 'g-107', email: 'mixup@example.com', userInfoSub: 'g-999' });
    expect(await refusal(google.verifyGoogleAccessToken(token))).toEqual(GOOGLE_REFUSED);
  });

  it('refuses a token granted without the email scope', async () => {
    const token = googlePeer.issueToken({ sub: 'g-105', email: 'scope@example.com', scope: 'openid https://www.googleapis.com/auth/userinfo.profile' });
    expect(await refusal(google.verifyGoogleAccessToken(token))).toEqual(GOOGLE_REFUSED);
  });
});

describe('verifyAppleIdToken', () => {
  // The browser's cookie holds RAW; Apple signs its SHA-256 hex into the token.
  const RAW = 'k3Jx0mVq8bN2pW7sT4yZ1cF6hL9dR5gA0eU3iO8uY2w';
  const HASHED = createHash('sha256').update(RAW).digest('hex');
  const valid = { sub: '001234.apple.5678', email: 'Relay@PrivateRelay.AppleID.com', aud: APPLE_CLIENT_ID, nonce: HASHED };

  it('is configured', () => {
    expect(apple.appleConfigured()).toBe(true);
  });

  it('returns the profile for a valid token, with the names the client passed on', async () => {
    const token = await applePeer.signIdToken(valid);
    await expect(apple.verifyAppleIdToken(token, RAW, { firstName: ' Sam ', lastName: 'Lee' })).resolves.toEqual({
      provider: 'apple',
      subject: '001234.apple.5678',
      email: 'relay@privaterelay.appleid.com',
      emailVerified: true,
      firstName: 'Sam',
      lastName: 'Lee',
    });
  });

  it("accepts email_verified as the string 'true', with null names when none are passed", async () => {
    const token = await applePeer.signIdToken({ ...valid, emailVerified: 'true' });
    const profile = await apple.verifyAppleIdToken(token, RAW);
    expect([profile.emailVerified, profile.firstName, profile.lastName]).toEqual([true, null, null]);
  });

  it("refuses a token signed by another key under Apple's kid", async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await applePeer.signIdToken({ ...valid, key: privateKey });
    expect(await refusal(apple.verifyAppleIdToken(token, RAW))).toEqual(APPLE_REFUSED);
  });

  it('refuses a token signed by another key under an unknown kid', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const token = await applePeer.signIdToken({ ...valid, key: privateKey, kid: 'attacker-key' });
    expect(await refusal(apple.verifyAppleIdToken(token, RAW))).toEqual(APPLE_REFUSED);
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const [header, payload, signature] = (await applePeer.signIdToken(valid)).split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const tampered = Buffer.from(JSON.stringify({ ...claims, email: 'ceo@example.com' })).toString('base64url');
    expect(await refusal(apple.verifyAppleIdToken(`${header}.${tampered}.${signature}`, RAW))).toEqual(APPLE_REFUSED);
  });

  it("refuses an unsigned token (alg 'none')", async () => {
    const [, payload] = (await applePeer.signIdToken(valid)).split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', kid: applePeer.kid })).toString('base64url');
    expect(await refusal(apple.verifyAppleIdToken(`${header}.${payload}.`, RAW))).toEqual(APPLE_REFUSED);
  });

  it('refuses an expired token', async () => {
    const token = await applePeer.signIdToken({ ...valid, expiresInSeconds: -60 });
    expect(await refusal(apple.verifyAppleIdToken(token, RAW))).toEqual(APPLE_REFUSED);
  });

  it('refuses a token for another audience', async () => {
    const token = await applePeer.signIdToken({ ...valid, aud: 'com.someone.else' });
    expect(await refusal(apple.verifyAppleIdToken(token, RAW))).toEqual(APPLE_REFUSED);
  });

  it('refuses a token from another issuer', async () => {
    const token = await applePeer.signIdToken({ ...valid, iss: 'https://evil.example.com' });
    expect(await refusal(apple.verifyAppleIdToken(token, RAW))).toEqual(APPLE_REFUSED);
  });

  it('refuses an unverified or missing email', async () => {
    const unverified = await applePeer.signIdToken({ ...valid, emailVerified: 'false' });
    expect(await refusal(apple.verifyAppleIdToken(unverified, RAW))).toEqual(APPLE_REFUSED);
    const noEmail = await applePeer.signIdToken({ sub: valid.sub, aud: APPLE_CLIENT_ID, emailVerified: true });
    expect(await refusal(apple.verifyAppleIdToken(noEmail, RAW))).toEqual(APPLE_REFUSED);
  });

  it('refuses a token without a nonce, with another nonce, or with no nonce cookie to check it against', async () => {
    const withoutNonce = { sub: valid.sub, email: valid.email, aud: valid.aud };
    expect(await refusal(apple.verifyAppleIdToken(await applePeer.signIdToken(withoutNonce), RAW))).toEqual(APPLE_REFUSED);
    const otherNonce = createHash('sha256').update('another browser').digest('hex');
    expect(await refusal(apple.verifyAppleIdToken(await applePeer.signIdToken({ ...valid, nonce: otherNonce }), RAW))).toEqual(APPLE_REFUSED);
    // The raw value itself in the token is no proof: Apple gets only the hash.
    expect(await refusal(apple.verifyAppleIdToken(await applePeer.signIdToken({ ...valid, nonce: RAW }), RAW))).toEqual(APPLE_REFUSED);
    expect(await refusal(apple.verifyAppleIdToken(await applePeer.signIdToken(valid), null))).toEqual(APPLE_REFUSED);
  });

  it('refuses something that is not a JWT', async () => {
    expect(await refusal(apple.verifyAppleIdToken('not-a-jwt', RAW))).toEqual(APPLE_REFUSED);
  });
});
