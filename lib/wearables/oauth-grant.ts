import 'server-only';
import { env } from '@/lib/env';
import { noticeOnce } from '@/lib/operator-notice';
import type { ProviderBase, TokenSet } from './adapter';
import type { WearableKey } from './catalogue';

// One call to a provider's OAuth 2 token endpoint (its URL, extra fields and answer format come from
// its adapter's `oauth`): the code exchange and the refresh. Every base URL is configurable so that
// tests can point the app at local fakes.

/** The provider will never accept this grant again (revoked, expired, reused): the user must reconnect. */
export class PermanentGrantFailure extends Error {
  constructor(readonly provider: WearableKey) {
    super(`${provider} refused the grant`);
    this.name = 'PermanentGrantFailure';
  }
}

/** Worth trying again later: a network error, a 5xx, a 429. */
export class TransientGrantFailure extends Error {
  constructor(
    readonly provider: WearableKey,
    readonly kind: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`${provider} token call failed: ${kind}`);
    this.name = 'TransientGrantFailure';
  }
}

/** The OAuth client's id and secret, or null while either is unset. */
export function clientOf({ oauth }: ProviderBase): { id: string; secret: string } | null {
  const id = env[oauth.clientIdEnv];
  const secret = env[oauth.clientSecretEnv];
  return id && secret ? { id, secret } : null;
}

/** A wearable can be connected only once its OAuth client id and secret are set. */
export function wearableConfigured(base: ProviderBase): boolean {
  const configured = clientOf(base) !== null;
  if (!configured) noticeOnce(base.key, `${base.key} cannot be connected: set ${base.oauth.clientIdEnv} and ${base.oauth.clientSecretEnv}.`);
  return configured;
}

const TOKEN_TIMEOUT_MS = 10_000;

type StandardAnswer = { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown; scope?: unknown; user_id?: unknown; userid?: unknown };

/** The token set in an RFC 6749 answer (or the same fields inside a provider's envelope), or null when it holds no access token. */
export function tokenSetFrom(answer: unknown, now: Date): TokenSet | null {
  if (!answer || typeof answer !== 'object') return null;
  const fields = answer as StandardAnswer;
  if (typeof fields.access_token !== 'string' || !fields.access_token) return null;
  const expiresIn = typeof fields.expires_in === 'number' && Number.isFinite(fields.expires_in) ? fields.expires_in : null;
  const external = fields.userid ?? fields.user_id;
  return {
    accessToken: fields.access_token,
    refreshToken: typeof fields.refresh_token === 'string' && fields.refresh_token ? fields.refresh_token : null,
    expiresAt: expiresIn === null ? null : new Date(now.getTime() + expiresIn * 1000),
    scopes: typeof fields.scope === 'string' ? fields.scope.split(/[\s,]+/).filter(Boolean) : [],
    externalUserId: typeof external === 'string' || typeof external === 'number' ? String(external) : null,
  };
}

function retryAfter(response: Response): number | null {
  const value = Number(response.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** RFC 6749's answer: an error status refuses the grant for good (§5.2: invalid_grant and the client errors do not get better by waiting). */
function standardAnswer(key: WearableKey, answer: unknown, response: Response, now: Date): TokenSet {
  if (!response.ok) throw new PermanentGrantFailure(key);
  const set = tokenSetFrom(answer, now);
  if (!set) throw new TransientGrantFailure(key, 'no token in the answer');
  return set;
}

/** One token call: the grant's fields, form-encoded, with the app's client credentials. */
async function grant(base: ProviderBase, fields: Record<string, string>, now: Date): Promise<TokenSet> {
  const { key, oauth } = base;
  const client = clientOf(base);
  if (!client) throw new TransientGrantFailure(key, 'not configured');
  const form = new URLSearchParams({ ...fields, client_id: client.id, client_secret: client.secret, ...oauth.tokenFields });
  let response: Response;
  try {
    response = await fetch(oauth.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
  } catch (error) {
    throw new TransientGrantFailure(key, error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network error');
  }
  if (response.status === 429 || response.status >= 500) throw new TransientGrantFailure(key, `HTTP ${response.status}`, retryAfter(response));
  const answer: unknown = await response.json().catch(() => null);
  return oauth.readTokenAnswer ? oauth.readTokenAnswer(answer, response, now) : standardAnswer(key, answer, response, now);
}

export function refreshGrant(base: ProviderBase, refreshToken: string, now = new Date()): Promise<TokenSet> {
  return grant(base, { grant_type: 'refresh_token', refresh_token: refreshToken }, now);
}

export function codeGrant(base: ProviderBase, code: string, redirectUri: string, codeVerifier: string | null, now = new Date()): Promise<TokenSet> {
  return grant(base, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, ...(codeVerifier ? { code_verifier: codeVerifier } : {}) }, now);
}
