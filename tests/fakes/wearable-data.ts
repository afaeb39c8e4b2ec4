import type { IncomingMessage } from 'node:http';

// The shape each fake provider's data API plugs into the fake OAuth peer with (wearable-oauth-peer.ts).
// The peer checks the bearer token against the ones it issued, counts requests for the rate limit,
// and records each answer; the data module only says which requests are its own and what to answer,
// in its provider's own shapes (Withings answers HTTP 200 with a `status` in the body, for example).

/** The member's history a fake serves: `days` days ending `lastDay` (YYYY-MM-DD), in the member's UTC offset. */
export type FakeHistory = { days: number; lastDay: string; offset: string };

export type DataAnswer = { status: number; body: unknown; headers?: Record<string, string> };

export type FakeDataApi = {
  /** Whether this request is for the data API (the peer answers 404 to anything nobody claims). */
  claims(method: string, url: URL): boolean;
  /** The answer to a request the peer has authenticated and let through the rate limit. */
  serve(request: { url: URL; form: URLSearchParams; headers: IncomingMessage['headers'] }, history: FakeHistory): DataAnswer;
  /** The provider's answer to a missing, unknown or expired access token. */
  unauthorized(): DataAnswer;
  /** The provider's answer when the app asks too often. */
  rateLimited(retryAfterSeconds: number): DataAnswer;
};

/** The YYYY-MM-DD of day `index` of a history (0 = its first, oldest day). */
export function historyDay(history: FakeHistory, index: number): string {
  return new Date(Date.parse(`${history.lastDay}T00:00:00Z`) - (history.days - 1 - index) * 86_400_000).toISOString().slice(0, 10);
}
