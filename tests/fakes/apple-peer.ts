import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { sendJson, startPeer, type PeerControls } from './http-peer';

export const APPLE_ISSUER = 'https://appleid.apple.com';

export type AppleTokenOptions = {
  sub: string;
  /** Omitted: the token carries no email claim. */
  email?: string;
  /** Apple has sent both forms; defaults to the boolean true when there is an email, else absent. */
  emailVerified?: boolean | 'true' | 'false';
  aud: string;
  iss?: string;
  /** Seconds until `exp`; negative makes the token already expired. Defaults to 600. */
  expiresInSeconds?: number;
  /** Sign with this key instead of the peer's (forgery tests); the header still names `kid`. */
  key?: CryptoKey;
  /** The header's key id; defaults to the peer's signing key. */
  kid?: string;
  /** The `nonce` claim, as Apple copies it from the authorisation request (the app sends a SHA-256 hex); omitted, none. */
  nonce?: string;
};

export type FakeApple = PeerControls & { jwksUrl: string; kid: string; signIdToken(options: AppleTokenOptions): Promise<string> };

async function publicJwk(publicKey: CryptoKey, kid: string) {
  return { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
}

/** Apple's key set endpoint, serving two RS256 keys as Apple does, and a signer of id_tokens with one of them. */
export async function startFakeApple(): Promise<FakeApple> {
  const kid = 'fake-apple-key-1';
  const signing = await generateKeyPair('RS256', { extractable: true });
  // A second published key, so the verifier has to pick the right one by kid.
  const other = await generateKeyPair('RS256', { extractable: true });
  const jwks = { keys: [await publicJwk(signing.publicKey, kid), await publicJwk(other.publicKey, 'fake-apple-key-2')] };

  const peer = await startPeer((request, url, response) => {
    if (request.method === 'GET' && url.pathname === '/auth/keys') return sendJson(response, 200, jwks);
    sendJson(response, 404, { error: 'not_found' });
  });

  return {
    ...peer,
    jwksUrl: `${peer.baseUrl}/auth/keys`,
    kid,
    signIdToken(options) {
      const now = Math.floor(Date.now() / 1000);
      const exp = now + (options.expiresInSeconds ?? 600);
      const iat = Math.min(now, exp - 600);
      // Apple leaves out both email claims when it shares no email; email_verified can be forced in alone.
      const emailVerified = options.emailVerified ?? (options.email !== undefined ? true : undefined);
      const claims = {
        ...(options.email !== undefined ? { email: options.email, is_private_email: false } : {}),
        ...(emailVerified !== undefined ? { email_verified: emailVerified } : {}),
        ...(options.nonce !== undefined ? { nonce: options.nonce } : {}),
        auth_time: iat,
        nonce_supported: true,
      };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? kid })
        .setIssuer(options.iss ?? APPLE_ISSUER)
        .setAudience(options.aud)
        .setSubject(options.sub)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(options.key ?? signing.privateKey);
    },
  };
}
