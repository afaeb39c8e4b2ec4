import 'server-only';
import type { WearableKey } from './catalogue';

// One data request of a sync, with the member's token and the provider's rate limit waited out.

export type RequestCounter = { requests: number };

/** A data call that failed in a way a later retry of the whole job may fix (an outage, a 5xx, too many 429s). */
export class ProviderSyncError extends Error {
  constructor(
    readonly provider: WearableKey,
    readonly kind: string,
  ) {
    super(`${provider} sync failed: ${kind}`);
    this.name = 'ProviderSyncError';
  }
}

/** Longest single wait for a rate limit, and how many waits one request may take before the job gives up (and the queue retries it later). */
export const MAX_WAIT_S = 60;
export const MAX_RETRIES = 5;
const REQUEST_TIMEOUT_MS = 20_000;

const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date), at least 1 and at most MAX_WAIT_S. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number {
  if (!header) return 1;
  const seconds = Number(header);
  const value = Number.isFinite(seconds) ? seconds : (Date.parse(header) - now) / 1000;
  return Math.min(Math.max(Number.isFinite(value) ? Math.ceil(value) : 1, 1), MAX_WAIT_S);
}

/**
 * One data request, as JSON, with the member's bearer token. HTTP 429 waits for its Retry-After and
 * asks again (at most MAX_RETRIES times); `rateLimitedBody` lets a provider that signals its limit in
 * the body (Withings' status 601) be waited out the same way. Any other non-2xx throws ProviderSyncError.
 */
export async function providerJson(
  provider: WearableKey,
  url: URL,
  {
    token,
    counter,
    form,
    rateLimitedBody,
  }: {
    token: () => Promise<string>;
    counter: RequestCounter;
    /** Sent as a form-encoded POST (Withings); a GET otherwise. */
    form?: URLSearchParams;
    /** Seconds to wait when this body means "too many requests", null otherwise. */
    rateLimitedBody?: (body: unknown) => number | null;
  },
): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    counter.requests += 1;
    let response: Response;
    try {
      response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${await token()}`, accept: 'application/json', ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: form,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderSyncError(provider, error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network error');
    }
    if (response.status === 429) {
      await response.body?.cancel();
      if (attempt >= MAX_RETRIES) throw new ProviderSyncError(provider, 'rate limited');
      await wait(retryAfterSeconds(response.headers.get('retry-after')));
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProviderSyncError(provider, `HTTP ${response.status} on ${url.pathname}`);
    }
    const body: unknown = await response.json().catch(() => {
      throw new ProviderSyncError(provider, `unreadable answer on ${url.pathname}`);
    });
    const limited = rateLimitedBody?.(body) ?? null;
    if (limited !== null) {
      if (attempt >= MAX_RETRIES) throw new ProviderSyncError(provider, 'rate limited');
      await wait(Math.min(Math.max(limited, 1), MAX_WAIT_S));
      continue;
    }
    return body;
  }
}
