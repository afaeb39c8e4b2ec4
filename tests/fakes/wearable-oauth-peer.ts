import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, startPeer, type PeerControls } from './http-peer';

// A local stand-in for a wearable provider's OAuth server, as each one's developer documentation
// describes it: a consent page (Allow or Deny, then back to the redirect URI with a code or
// error=access_denied, and the state), and a form-encoded token endpoint for the code (its redirect URI
// and any PKCE verifier checked) and for refreshes: access tokens that expire, refresh tokens that
// rotate (the old one stops working), a refusal for an unknown, used or revoked one, and the client's
// id and secret checked on every call.
//
// - whoop: GET /oauth/oauth2/auth, POST /oauth/oauth2/token; errors as RFC 6749 (400 invalid_grant).
// - oura: GET /oauth/authorize, POST /oauth/token; the same.
// - withings: GET /oauth2_user/authorize2, POST /v2/oauth2 with action=requesttoken; always HTTP 200,
//   `{status: 0, body: {...tokens, userid}}` on success and another `status` (503: invalid params) on a refusal.

export type OAuthProviderKind = 'whoop' | 'oura' | 'withings';

const PATHS: Record<OAuthProviderKind, { authorize: string; token: string }> = {
  whoop: { authorize: '/oauth/oauth2/auth', token: '/oauth/oauth2/token' },
  oura: { authorize: '/oauth/authorize', token: '/oauth/token' },
  withings: { authorize: '/oauth2_user/authorize2', token: '/v2/oauth2' },
};
const EXPIRES_IN: Record<OAuthProviderKind, number> = { whoop: 3600, oura: 86_400, withings: 10_800 };

export type FakeOAuthProvider = PeerControls & {
  baseUrl: string;
  /** Refresh-token grants received (successful or not). */
  refreshCalls: number;
  /** A connected user's tokens, as a finished authorization would leave them. */
  issue(): { accessToken: string; refreshToken: string; expiresIn: number };
  /** Makes a refresh token unusable, as a user revoking access at Whoop would. */
  revoke(refreshToken: string): void;
  /** Whether an access token is one this fake issued and still honours. */
  honours(accessToken: string): boolean;
  /** Answer token calls this many milliseconds late (to widen a race). */
  setTokenDelay(ms: number): void;
  /** The query of each consent page shown (client_id, redirect_uri, scope, state, code_challenge…). */
  consents: URLSearchParams[];
  /** Authorization codes exchanged. */
  codeExchanges: number;
};

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export type FakeWhoop = FakeOAuthProvider;

export function startFakeWhoop(options: { clientId: string; clientSecret: string; port?: number }): Promise<FakeOAuthProvider> {
  return startFakeOAuthProvider('whoop', options);
}

export async function startFakeOAuthProvider(kind: OAuthProviderKind, { clientId, clientSecret, port }: { clientId: string; clientSecret: string; port?: number }): Promise<FakeOAuthProvider> {
  const refreshTokens = new Set<string>();
  const accessTokens = new Set<string>();
  let tokenDelay = 0;
  const state = { refreshCalls: 0, codeExchanges: 0 };
  const consents: URLSearchParams[] = [];
  const codes = new Map<string, { redirectUri: string; challenge: string | null }>();
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  function consent(url: URL, response: ServerResponse): void {
    const query = url.searchParams;
    consents.push(query);
    const redirect = query.get('redirect_uri') ?? '';
    if (query.get('client_id') !== clientId || !redirect) return sendJson(response, 400, { error: 'invalid_request' });
    const code = `${kind}-code-${randomBytes(8).toString('hex')}`;
    codes.set(code, { redirectUri: redirect, challenge: query.get('code_challenge') });
    const back = (params: Record<string, string>) => {
      const target = new URL(redirect);
      for (const [key, value] of Object.entries({ ...params, state: query.get('state') ?? '' })) target.searchParams.set(key, value);
      return target.toString();
    };
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>${kind} (fake): allow access</title></head><body><main><h1>Allow Vitality to read your ${kind} data?</h1>` +
        `<p><a href="${escape(back({ code }))}">Allow</a> <a href="${escape(back({ error: 'access_denied', error_description: 'The user denied access' }))}">Deny</a></p></main></body></html>`,
    );
  }

  const issue = () => {
    const accessToken = `${kind}-access-${randomBytes(12).toString('hex')}`;
    const refreshToken = `${kind}-refresh-${randomBytes(12).toString('hex')}`;
    accessTokens.add(accessToken);
    refreshTokens.add(refreshToken);
    return { accessToken, refreshToken, expiresIn: EXPIRES_IN[kind] };
  };

  /** The provider's answer shapes: RFC 6749 JSON, or Withings' `{status, body}` (always HTTP 200). */
  const granted = (response: ServerResponse, next: ReturnType<typeof issue>) =>
    kind === 'withings'
      ? sendJson(response, 200, { status: 0, body: { userid: 363, access_token: next.accessToken, refresh_token: next.refreshToken, expires_in: next.expiresIn, scope: 'user.info,user.metrics,user.activity', token_type: 'Bearer' } })
      : sendJson(response, 200, { access_token: next.accessToken, refresh_token: next.refreshToken, expires_in: next.expiresIn, scope: 'offline read:recovery read:cycles read:sleep', token_type: 'bearer' });
  const refused = (response: ServerResponse, error: string, status = 400) =>
    kind === 'withings' ? sendJson(response, 200, { status: 503, body: {}, error: `Invalid Params: ${error}` }) : sendJson(response, status, { error });

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = await readForm(request);
    if (tokenDelay) await new Promise((resolve) => setTimeout(resolve, tokenDelay));
    if (kind === 'withings' && form.get('action') !== 'requesttoken') return refused(response, 'action');
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return refused(response, 'invalid_client', 401);
    if (form.get('grant_type') === 'authorization_code') {
      const found = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier');
      const challengeOk = !found?.challenge || (verifier !== null && createHash('sha256').update(verifier).digest('base64url') === found.challenge);
      if (!found || found.redirectUri !== form.get('redirect_uri') || !challengeOk) return refused(response, 'invalid_grant');
      state.codeExchanges += 1;
      return granted(response, issue());
    }
    if (form.get('grant_type') !== 'refresh_token') return refused(response, 'unsupported_grant_type');
    state.refreshCalls += 1;
    if (!refreshTokens.delete(form.get('refresh_token') ?? '')) return refused(response, 'invalid_grant');
    granted(response, issue());
  }

  const peer = await startPeer(
    (request, url, response) => {
      if (request.method === 'GET' && url.pathname === PATHS[kind].authorize) return consent(url, response);
      if (request.method === 'POST' && url.pathname === PATHS[kind].token) {
        token(request, response).catch((error: unknown) => sendJson(response, 500, { error: String(error) }));
        return;
      }
      sendJson(response, 404, { error: 'not_found' });
    },
    { port },
  );

  return {
    ...peer,
    get refreshCalls() {
      return state.refreshCalls;
    },
    get codeExchanges() {
      return state.codeExchanges;
    },
    consents,
    issue,
    revoke: (refreshToken) => void refreshTokens.delete(refreshToken),
    honours: (accessToken) => accessTokens.has(accessToken),
    setTokenDelay: (ms) => void (tokenDelay = ms),
  };
}
