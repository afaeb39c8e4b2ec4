import 'server-only';
import { env } from '@/lib/env';
import type { Wearable } from './providers';

// The three providers' OAuth 2 token endpoints, from their public documentation. Every base URL is
// configurable so that tests can point the app at local fakes.
//
// - Whoop: POST {WHOOP_BASE_URL}/oauth/oauth2/token, form-encoded; access tokens last 3600 s and refresh
//   tokens rotate (the `offline` scope is needed for one).
// - Oura: POST {OURA_API_BASE_URL}/oauth/token, form-encoded.
// - Withings: POST {WITHINGS_API_BASE_URL}/v2/oauth2 with action=requesttoken, for exchange and refresh
//   alike; the answer is HTTP 200 with `status` 0 and the tokens in `body`, or another `status` on failure.
//   Refresh tokens rotate and the old one dies.

export type TokenSet = { accessToken: string; refreshToken: string | null; expiresAt: Date | null; scopes: string[]; externalUserId: string | null };

/** The provider will never accept this grant again (revoked, expired, reused): the user must reconnect. */
export class PermanentGrantFailure extends Error {
  constructor(readonly provider: Wearable) {
    super(`${provider} refused the grant`);
    this.name = 'PermanentGrantFailure';
  }
}

/** Worth trying again later: a network error, a 5xx, a 429. */
export class TransientGrantFailure extends Error {
  constructor(
    readonly provider: Wearable,
    readonly kind: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${provider} token call failed: ${kind}`);
    this.name = 'TransientGrantFailure';
  }
}

const trimmed = (url: string) => url.replace(/\/+$/, '');

export const providerUrls = (wearable: Wearable) =>
  ({
    whoop: { authorize: `${trimmed(env.WHOOP_BASE_URL)}/oauth/oauth2/auth`, token: `${trimmed(env.WHOOP_BASE_URL)}/oauth/oauth2/token` },
    oura: { authorize: `${trimmed(env.OURA_AUTH_BASE_URL)}/oauth/authorize`, token: `${trimmed(env.OURA_API_BASE_URL)}/oauth/token` },
    withings: { authorize: `${trimmed(env.WITHINGS_AUTH_BASE_URL)}/oauth2_user/authorize2`, token: `${trimmed(env.WITHINGS_API_BASE_URL)}/v2/oauth2` },
  })[wearable];

function credentials(wearable: Wearable): { id: string; secret: string } {
  const pair = { whoop: [env.WHOOP_CLIENT_ID, env.WHOOP_CLIENT_SECRET], oura: [env.OURA_CLIENT_ID, env.OURA_CLIENT_SECRET], withings: [env.WITHINGS_CLIENT_ID, env.WITHINGS_CLIENT_SECRET] }[wearable];
  if (!pair[0] || !pair[1]) throw new TransientGrantFailure(wearable, 'not configured');
  return { id: pair[0], secret: pair[1] };
}

const TOKEN_TIMEOUT_MS = 10_000;

type StandardAnswer = { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown; scope?: unknown; user_id?: unknown; userid?: unknown; error?: unknown };

function tokenSet(answer: StandardAnswer, now: Date): TokenSet | null {
  if (typeof answer.access_token !== 'string' || !answer.access_token) return null;
  const expiresIn = typeof answer.expires_in === 'number' && Number.isFinite(answer.expires_in) ? answer.expires_in : null;
  const external = answer.userid ?? answer.user_id;
  return {
    accessToken: answer.access_token,
    refreshToken: typeof answer.refresh_token === 'string' && answer.refresh_token ? answer.refresh_token : null,
    expiresAt: expiresIn === null ? null : new Date(now.getTime() + expiresIn * 1000),
    scopes: typeof answer.scope === 'string' ? answer.scope.split(/[\s,]+/).filter(Boolean) : [],
    externalUserId: typeof external === 'string' || typeof external === 'number' ? String(external) : null,
  };
}

function retryAfter(response: Response): number | null {
  const value = Number(response.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** One token call: the grant's fields, form-encoded, with the app's client credentials. */
async function grant(wearable: Wearable, fields: Record<string, string>, now: Date): Promise<TokenSet> {
  const { id, secret } = credentials(wearable);
  const form = new URLSearchParams({ ...fields, client_id: id, client_secret: secret, ...(wearable === 'withings' ? { action: 'requesttoken' } : {}) });
  let response: Response;
  try {
    response = await fetch(providerUrls(wearable).token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
  } catch (error) {
    throw new TransientGrantFailure(wearable, error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network error');
  }
  if (response.status === 429 || response.status >= 500) throw new TransientGrantFailure(wearable, `HTTP ${response.status}`, retryAfter(response));
  const answer = (await response.json().catch(() => null)) as (StandardAnswer & { status?: unknown; body?: StandardAnswer }) | null;
  if (wearable === 'withings') {
    // HTTP 200 either way: `status` 0 is success; anything else is a refusal of this grant.
    if (answer?.status === 0 && answer.body) {
      const set = tokenSet(answer.body, now);
      if (set) return set;
    }
    // 601 is Withings' rate limit and 5xx its own troubles (503 excepted: invalid parameters); the rest refuse the grant.
    const status = typeof answer?.status === 'number' ? answer.status : null;
    if (status === 601 || (status !== null && status >= 500 && status < 600 && status !== 503)) throw new TransientGrantFailure(wearable, `status ${status}`);
    throw new PermanentGrantFailure(wearable);
  }
  if (!response.ok) {
    // RFC 6749 §5.2: invalid_grant and the client errors will not get better by waiting.
    throw new PermanentGrantFailure(wearable);
  }
  const set = answer ? tokenSet(answer, now) : null;
  if (!set) throw new TransientGrantFailure(wearable, 'no token in the answer');
  return set;
}

export function refreshGrant(wearable: Wearable, refreshToken: string, now = new Date()): Promise<TokenSet> {
  return grant(wearable, { grant_type: 'refresh_token', refresh_token: refreshToken }, now);
}

export function codeGrant(wearable: Wearable, code: string, redirectUri: string, codeVerifier: string | null, now = new Date()): Promise<TokenSet> {
  return grant(wearable, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...(codeVerifier ? { code_verifier: codeVerifier } : {}) }, now);
}
