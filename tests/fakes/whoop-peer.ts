import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, startPeer, type PeerControls } from './http-peer';

// A local stand-in for Whoop's OAuth token endpoint (POST /oauth/oauth2/token, form-encoded), as its
// developer documentation describes it: access tokens for 3600 s, refresh tokens that rotate (the old
// one stops working), invalid_grant for an unknown, used or revoked refresh token, and the client's
// id and secret checked on every call.

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
  const state = { refreshCalls: 0 };

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
    if (form.get('grant_type') !== 'refresh_token') return sendJson(response, 400, { error: 'unsupported_grant_type' });
    state.refreshCalls += 1;
    const given = form.get('refresh_token') ?? '';
    if (!refreshTokens.delete(given)) return sendJson(response, 400, { error: 'invalid_grant', error_description: 'The refresh token is invalid.' });
    const next = issue();
    sendJson(response, 200, { access_token: next.accessToken, refresh_token: next.refreshToken, expires_in: next.expiresIn, scope: 'offline read:recovery read:cycles read:sleep', token_type: 'bearer' });
  }

  const peer = await startPeer(
    (request, url, response) => {
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
    issue,
    revoke: (refreshToken) => void refreshTokens.delete(refreshToken),
    honours: (accessToken) => accessTokens.has(accessToken),
    setTokenDelay: (ms) => void (tokenDelay = ms),
  };
}
