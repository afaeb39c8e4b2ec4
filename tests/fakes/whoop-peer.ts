import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, startPeer, type PeerControls } from './http-peer';

// A local stand-in for Whoop's OAuth server as its developer documentation describes it: a consent
// page at GET /oauth/oauth2/auth (Allow or Deny, then back to the redirect URI with a code or
// error=access_denied, and the state), and POST /oauth/oauth2/token (form-encoded) for the code (with
// its redirect URI and PKCE verifier checked) and for refreshes: access tokens for 3600 s, refresh
// tokens that rotate (the old one stops working), invalid_grant for an unknown, used or revoked one,
// and the client's id and secret checked on every call.

export type FakeWhoop = PeerControls & {
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

export async function startFakeWhoop({ clientId, clientSecret, port }: { clientId: string; clientSecret: string; port?: number }): Promise<FakeWhoop> {
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
    const code = `whoop-code-${randomBytes(8).toString('hex')}`;
    codes.set(code, { redirectUri: redirect, challenge: query.get('code_challenge') });
    const back = (params: Record<string, string>) => {
      const target = new URL(redirect);
      for (const [key, value] of Object.entries({ ...params, state: query.get('state') ?? '' })) target.searchParams.set(key, value);
      return target.toString();
    };
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>Whoop (fake): allow access</title></head><body><main><h1>Allow Vitality to read your Whoop data?</h1>` +
        `<p><a href="${escape(back({ code }))}">Allow</a> <a href="${escape(back({ error: 'access_denied', error_description: 'The user denied access' }))}">Deny</a></p></main></body></html>`,
    );
  }

  const issue = () => {
    const accessToken = `whoop-access-${randomBytes(12).toString('hex')}`;
    const refreshToken = `whoop-refresh-${randomBytes(12).toString('hex')}`;
    accessTokens.add(accessToken);
    refreshTokens.add(refreshToken);
    return { accessToken, refreshToken, expiresIn: 3600 };
  };

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = await readForm(request);
    if (tokenDelay) await new Promise((resolve) => setTimeout(resolve, tokenDelay));
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) return sendJson(response, 401, { error: 'invalid_client' });
    if (form.get('grant_type') === 'authorization_code') {
      const found = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier');
      const challengeOk = !found?.challenge || (verifier !== null && createHash('sha256').update(verifier).digest('base64url') === found.challenge);
      if (!found || found.redirectUri !== form.get('redirect_uri') || !challengeOk) return sendJson(response, 400, { error: 'invalid_grant' });
      state.codeExchanges += 1;
      const next = issue();
      return sendJson(response, 200, { access_token: next.accessToken, refresh_token: next.refreshToken, expires_in: next.expiresIn, scope: 'offline read:recovery read:cycles read:sleep', token_type: 'bearer' });
    }
    if (form.get('grant_type') !== 'refresh_token') return sendJson(response, 400, { error: 'unsupported_grant_type' });
    state.refreshCalls += 1;
    const given = form.get('refresh_token') ?? '';
    if (!refreshTokens.delete(given)) return sendJson(response, 400, { error: 'invalid_grant', error_description: 'The refresh token is invalid.' });
    const next = issue();
    sendJson(response, 200, { access_token: next.accessToken, refresh_token: next.refreshToken, expires_in: next.expiresIn, scope: 'offline read:recovery read:cycles read:sleep', token_type: 'bearer' });
  }

  const peer = await startPeer(
    (request, url, response) => {
      if (request.method === 'GET' && url.pathname === '/oauth/oauth2/auth') return consent(url, response);
      if (request.method === 'POST' && url.pathname === '/oauth/oauth2/token') {
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
