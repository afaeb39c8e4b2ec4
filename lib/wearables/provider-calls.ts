import 'server-only';
import type { WearableKey } from './catalogue';

// The calls about a member's account at a provider (whose a token is, revoking the app's access), as
// every adapter makes them: a short timeout, and the two ways they fail.

const TIMEOUT_MS = 8_000;

/** The provider refused the token (it is not one it issued, or it was revoked or has expired). */
export class TokenRejected extends Error {
  constructor(readonly provider: WearableKey) {
    super(`${provider} refused the token`);
    this.name = 'TokenRejected';
  }
}

/** The provider could not be asked (a network error, a timeout, a 5xx): try again later. */
export class ProviderUnavailable extends Error {
  constructor(readonly provider: WearableKey) {
    super(`${provider} could not be reached`);
    this.name = 'ProviderUnavailable';
  }
}

export async function accountCall(provider: WearableKey, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new ProviderUnavailable(provider);
  }
}

/** An answer's JSON object; a 401 or 403 is a refused token, anything else that is not one is an unavailable provider. */
export async function accountJson(provider: WearableKey, response: Response): Promise<Record<string, unknown>> {
  if (response.status === 401 || response.status === 403) throw new TokenRejected(provider);
  if (!response.ok) throw new ProviderUnavailable(provider);
  const body = (await response.json().catch(() => null)) as unknown;
  if (!body || typeof body !== 'object') throw new ProviderUnavailable(provider);
  return body as Record<string, unknown>;
}

/** GET `url` with the member's bearer token: the member id in the answer's `field` (null where it names none). */
export async function identityFrom(provider: WearableKey, url: string, accessToken: string, field: string): Promise<string | null> {
  const body = await accountJson(provider, await accountCall(provider, url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } }));
  return idText(body[field]);
}

export const idText = (value: unknown): string | null => (typeof value === 'string' && value ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null);

/** A revocation whose answer is only its status: done when it is 2xx, or 401 (the token was already dead). */
export async function revocationCall(provider: WearableKey, url: string, init: RequestInit): Promise<void> {
  const response = await accountCall(provider, url, init);
  await response.body?.cancel();
  if (!response.ok && response.status !== 401) throw new ProviderUnavailable(provider);
}
