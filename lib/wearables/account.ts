import 'server-only';
import { env } from '@/lib/env';
import type { Wearable } from './providers';

// Calls about the member's account at the provider, from each one's documentation:
// - who the token belongs to (which also proves the token works): Whoop GET
//   /developer/v2/user/profile/basic (`user_id`), Oura GET /v2/usercollection/personal_info (`id`),
//   Withings POST /v2/user action=getdevice (status 0; the member id came with the token);
// - revoking the app's access on disconnect: Whoop DELETE /developer/v2/user/access, Oura GET
//   /oauth/revoke?access_token=…, Withings: its notifications are revoked (POST /notify action=revoke);
//   its token revocation needs a signed nonce exchange, not built here, and the tokens are deleted anyway.

const TIMEOUT_MS = 8_000;
const trimmed = (url: string) => url.replace(/\/+$/, '');

/** The provider refused the token (it is not one it issued, or it was revoked or has expired). */
export class TokenRejected extends Error {
  constructor(readonly provider: Wearable) {
    super(`${provider} refused the token`);
    this.name = 'TokenRejected';
  }
}

/** The provider could not be asked (a network error, a timeout, a 5xx): try again later. */
export class ProviderUnavailable extends Error {
  constructor(readonly provider: Wearable) {
    super(`${provider} could not be reached`);
    this.name = 'ProviderUnavailable';
  }
}

async function call(wearable: Wearable, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new ProviderUnavailable(wearable);
  }
}

async function jsonOf(wearable: Wearable, response: Response): Promise<Record<string, unknown>> {
  if (response.status === 401 || response.status === 403) throw new TokenRejected(wearable);
  if (!response.ok) throw new ProviderUnavailable(wearable);
  const body = (await response.json().catch(() => null)) as unknown;
  if (!body || typeof body !== 'object') throw new ProviderUnavailable(wearable);
  return body as Record<string, unknown>;
}

const idText = (value: unknown): string | null => (typeof value === 'string' && value ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null);

/**
 * Asks the provider whose the token is; answers the member's id there (null where the answer names
 * none). Throws TokenRejected for a token the provider does not honour, ProviderUnavailable otherwise.
 */
export async function providerIdentity(wearable: Wearable, accessToken: string): Promise<string | null> {
  const bearer = { authorization: `Bearer ${accessToken}`, accept: 'application/json' };
  if (wearable === 'whoop') {
    const body = await jsonOf(wearable, await call(wearable, `${trimmed(env.WHOOP_BASE_URL)}/developer/v2/user/profile/basic`, { headers: bearer }));
    return idText(body.user_id);
  }
  if (wearable === 'oura') {
    const body = await jsonOf(wearable, await call(wearable, `${trimmed(env.OURA_API_BASE_URL)}/v2/usercollection/personal_info`, { headers: bearer }));
    return idText(body.id);
  }
  const body = await jsonOf(
    wearable,
    await call(wearable, `${trimmed(env.WITHINGS_API_BASE_URL)}/v2/user`, { method: 'POST', headers: { ...bearer, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ action: 'getdevice' }) }),
  );
  // Withings answers HTTP 200 either way; 401 in the body is a refused token.
  if (body.status === 401) throw new TokenRejected(wearable);
  if (body.status !== 0) throw new ProviderUnavailable(wearable);
  return null;
}

/** Withings' notification categories (appli): 1 weight and body, 4 blood pressure and pulse, 16 activity, 44 sleep. */
export const WITHINGS_APPLIS = [1, 4, 16, 44] as const;

/** Revokes the app's access at the provider, as far as its API allows. Best effort: throws on failure, the caller logs. */
export async function revokeAtProvider(wearable: Wearable, accessToken: string, withingsCallbackUrl?: string): Promise<void> {
  if (wearable === 'whoop') {
    const response = await call(wearable, `${trimmed(env.WHOOP_BASE_URL)}/developer/v2/user/access`, { method: 'DELETE', headers: { authorization: `Bearer ${accessToken}` } });
    await response.body?.cancel();
    if (!response.ok && response.status !== 401) throw new ProviderUnavailable(wearable);
    return;
  }
  if (wearable === 'oura') {
    const url = new URL(`${trimmed(env.OURA_API_BASE_URL)}/oauth/revoke`);
    url.searchParams.set('access_token', accessToken);
    const response = await call(wearable, url.toString(), { method: 'GET' });
    await response.body?.cancel();
    if (!response.ok && response.status !== 401) throw new ProviderUnavailable(wearable);
    return;
  }
  if (!withingsCallbackUrl) return;
  for (const appli of WITHINGS_APPLIS) {
    const response = await call(wearable, `${trimmed(env.WITHINGS_API_BASE_URL)}/notify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'revoke', callbackurl: withingsCallbackUrl, appli: String(appli) }),
    });
    await response.body?.cancel();
  }
}
