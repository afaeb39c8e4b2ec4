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
  /**
   * Whoop only: the member's history served by GET /developer/v2/{activity/sleep,recovery,cycle}: one
   * night, recovery and cycle for each of the `days` days ending `lastDay`, generated from the day
   * (so a test can work every figure out), in pages of at most 25 with `next_token`.
   */
  setHistory(history: { days: number; lastDay: string; offset?: string }): void;
  /** Answer every `every`-th data request 429 with Retry-After (0 turns it off). */
  setRateLimit(every: number, retryAfterSeconds?: number): void;
  /** Data requests received (with their status), for checking paging and 429s. */
  dataRequests: { path: string; status: number }[];
};

/** The figures the fake Whoop reports for a day index (0 = the first day of the history). */
export function whoopFiguresFor(index: number) {
  return {
    lightMin: 200 + (index % 7) * 5,
    deepMin: 90,
    remMin: 100 + (index % 3) * 10,
    performance: 70 + (index % 20),
    recovery: 40 + (index % 50),
    restingHeartRate: 50 + (index % 6),
    hrv: 40 + (index % 30),
    kilojoule: 9_000 + index * 10,
  };
}

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
  let history: { days: number; lastDay: string; offset: string } = { days: 0, lastDay: '2026-01-01', offset: '+00:00' };
  let rateLimit = { every: 0, retryAfter: 1, count: 0 };
  const dataRequests: { path: string; status: number }[] = [];
  const PAGE_MAX = 25;

  /** Day `index` of the history as Whoop records: a night ending that morning, its recovery, the day's cycle. */
  function recordsFor(index: number) {
    const day = new Date(Date.parse(`${history.lastDay}T00:00:00Z`) - (history.days - 1 - index) * 86_400_000).toISOString().slice(0, 10);
    const f = whoopFiguresFor(index);
    const sleepId = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
    return {
      day,
      sleep: {
        id: sleepId, cycle_id: index + 1, user_id: 363, created_at: `${day}T07:30:00.000Z`, updated_at: `${day}T07:30:00.000Z`,
        start: `${day}T00:00:00.000Z`, end: `${day}T07:00:00.000Z`, timezone_offset: history.offset, nap: false, score_state: 'SCORED',
        score: {
          stage_summary: { total_in_bed_time_milli: 28_800_000, total_awake_time_milli: 1_800_000, total_no_data_time_milli: 0, total_light_sleep_time_milli: f.lightMin * 60_000, total_slow_wave_sleep_time_milli: f.deepMin * 60_000, total_rem_sleep_time_milli: f.remMin * 60_000, sleep_cycle_count: 4, disturbance_count: 10 },
          respiratory_rate: 15, sleep_performance_percentage: f.performance, sleep_consistency_percentage: 80, sleep_efficiency_percentage: 90,
        },
      },
      recovery: { cycle_id: index + 1, sleep_id: sleepId, user_id: 363, created_at: `${day}T07:35:00.000Z`, updated_at: `${day}T07:35:00.000Z`, score_state: 'SCORED', score: { user_calibrating: false, recovery_score: f.recovery, resting_heart_rate: f.restingHeartRate, hrv_rmssd_milli: f.hrv, spo2_percentage: 96, skin_temp_celsius: 33.5 } },
      cycle: { id: index + 1, user_id: 363, created_at: `${day}T07:00:00.000Z`, updated_at: `${day}T07:00:00.000Z`, start: `${day}T07:00:00.000Z`, end: null, timezone_offset: history.offset, score_state: 'SCORED', score: { strain: 10, kilojoule: f.kilojoule, average_heart_rate: 70, max_heart_rate: 150 } },
    };
  }

  function data(request: IncomingMessage, url: URL, response: ServerResponse): void {
    const kindOf = { '/developer/v2/activity/sleep': 'sleep', '/developer/v2/recovery': 'recovery', '/developer/v2/cycle': 'cycle' } as const;
    const collection = kindOf[url.pathname as keyof typeof kindOf];
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      dataRequests.push({ path: url.pathname, status });
      sendJson(response, status, body, headers);
    };
    if (!bearer || !accessTokens.has(bearer)) return answer(401, { error: 'unauthorized' });
    rateLimit.count += 1;
    if (rateLimit.every && rateLimit.count % rateLimit.every === 0) return answer(429, { error: 'too_many_requests' }, { 'retry-after': String(rateLimit.retryAfter) });
    const limit = Math.min(Number(url.searchParams.get('limit') ?? PAGE_MAX) || PAGE_MAX, PAGE_MAX);
    const start = Date.parse(url.searchParams.get('start') ?? '1970-01-01T00:00:00Z');
    const end = Date.parse(url.searchParams.get('end') ?? '2999-01-01T00:00:00Z');
    // Newest first, as Whoop pages; the token is the index to continue from.
    const all = Array.from({ length: history.days }, (_, i) => recordsFor(history.days - 1 - i)).filter((r) => {
      const at = Date.parse(r.sleep.start);
      return at >= start && at < end;
    });
    const from = Number(url.searchParams.get('nextToken') ?? 0) || 0;
    const page = all.slice(from, from + limit).map((r) => r[collection]);
    answer(200, { records: page, next_token: from + limit < all.length ? String(from + limit) : null });
  }
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
      if (kind === 'whoop' && request.method === 'GET' && url.pathname.startsWith('/developer/v2/')) return data(request, url, response);
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
    dataRequests,
    setHistory: (next) => void (history = { offset: '+00:00', ...next }),
    setRateLimit: (every, retryAfterSeconds = 1) => void (rateLimit = { every, retryAfter: retryAfterSeconds, count: 0 }),
    issue,
    revoke: (refreshToken) => void refreshTokens.delete(refreshToken),
    honours: (accessToken) => accessTokens.has(accessToken),
    setTokenDelay: (ms) => void (tokenDelay = ms),
  };
}
