import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, startPeer, type PeerControls } from './http-peer';

// What Google's token client gets for the scopes 'openid profile email'.
export const GOOGLE_DEFAULT_SCOPE = 'https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile openid';

export type GoogleTokenOptions = {
  sub: string;
  email: string;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  /** The OAuth client the token was issued to; defaults to the peer's clientId. */
  aud?: string;
  /** Seconds of validity left; zero or less makes the token expired. Defaults to 3599. */
  expiresIn?: number;
  scope?: string;
  /** A different `sub` from userinfo than from tokeninfo: an inconsistent answer the verifier must refuse. */
  userInfoSub?: string;
};

type Grant = Required<Pick<GoogleTokenOptions, 'sub' | 'email' | 'emailVerified' | 'aud' | 'scope'>> &
  Pick<GoogleTokenOptions, 'givenName' | 'familyName' | 'userInfoSub'> & { expiresAt: number };

export type FakeGoogle = PeerControls & { baseUrl: string; issueToken(options: GoogleTokenOptions): string };

/** Google's tokeninfo and userinfo endpoints, answering as Google does, for tokens issued in memory. */
export async function startFakeGoogle({ clientId }: { clientId: string }): Promise<FakeGoogle> {
  const grants = new Map<string, Grant>();

  const live = (token: string | null | undefined): Grant | undefined => {
    const grant = token ? grants.get(token) : undefined;
    return grant && grant.expiresAt > Date.now() ? grant : undefined;
  };

  function tokenInfo(url: URL, response: ServerResponse): void {
    const grant = live(url.searchParams.get('access_token'));
    // Google answers unknown and expired tokens alike.
    if (!grant) return sendJson(response, 400, { error: 'invalid_token', error_description: 'Invalid Value' });
    sendJson(response, 200, {
      azp: grant.aud,
      aud: grant.aud,
      sub: grant.sub,
      scope: grant.scope,
      exp: String(Math.floor(grant.expiresAt / 1000)),
      expires_in: String(Math.floor((grant.expiresAt - Date.now()) / 1000)),
      email: grant.email,
      email_verified: String(grant.emailVerified),
      access_type: 'online',
    });
  }

  function userInfo(request: IncomingMessage, response: ServerResponse): void {
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const grant = live(bearer);
    if (!grant) {
      return sendJson(response, 401, { error: 'invalid_request', error_description: 'Invalid Credentials' }, {
        'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
      });
    }
    const name = [grant.givenName, grant.familyName].filter(Boolean).join(' ');
    sendJson(response, 200, {
      sub: grant.userInfoSub ?? grant.sub,
      ...(name ? { name } : {}),
      ...(grant.givenName !== undefined ? { given_name: grant.givenName } : {}),
      ...(grant.familyName !== undefined ? { family_name: grant.familyName } : {}),
      email: grant.email,
      email_verified: grant.emailVerified,
    });
  }

  const peer = await startPeer((request, url, response) => {
    if (request.method !== 'GET') return sendJson(response, 405, { error: 'method_not_allowed' });
    if (url.pathname === '/oauth2/v3/tokeninfo') return tokenInfo(url, response);
    if (url.pathname === '/oauth2/v3/userinfo') return userInfo(request, response);
    sendJson(response, 404, { error: 'not_found' });
  });

  return {
    ...peer,
    issueToken(options) {
      const token = `ya29.fake-${randomBytes(24).toString('base64url')}`;
      grants.set(token, {
        sub: options.sub,
        email: options.email,
        emailVerified: options.emailVerified ?? true,
        givenName: options.givenName,
        familyName: options.familyName,
        aud: options.aud ?? clientId,
        scope: options.scope ?? GOOGLE_DEFAULT_SCOPE,
        userInfoSub: options.userInfoSub,
        expiresAt: Date.now() + (options.expiresIn ?? 3599) * 1000,
      });
      return token;
    },
  };
}
