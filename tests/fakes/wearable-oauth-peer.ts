import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, startPeer, type PeerControls } from './http-peer';
import { ouraData } from './oura-data';
import type { FakeDataApi, FakeHistory } from './wearable-data';
import { whoopData } from './whoop-data';
import { withingsData } from './withings-data';

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
//   Revoking a member's grant is signed ("Sign your requests"): POST /v2/signature action=getnonce with
//   client_id, timestamp and signature = hex HMAC-SHA256(client secret, "getnonce,client_id,timestamp")
//   answers `body.nonce` (valid 30 minutes, once); POST /v2/oauth2 action=revoke with client_id, nonce,
//   userid and signature = hex HMAC-SHA256(client secret, "revoke,client_id,nonce") ends the member's
//   tokens and notification subscriptions. A bad signature answers status 342, a nonce not issued, used
//   or expired 503, a userid with no grant 247.

export type OAuthProviderKind = 'whoop' | 'oura' | 'withings';

export type FakeSubscription = { id: string; callback_url: string; event_type: string; data_type: string; expiration_time: string; renewals?: number; member?: string };

/** Paths of the account calls (identity, revocation, notification subscriptions). */
const isAccountPath = (path: string) =>
  path.startsWith('/developer/v2/user/') || path.startsWith('/v2/webhook/subscription') || ['/v2/usercollection/personal_info', '/oauth/revoke', '/v2/user', '/notify'].includes(path);

/** Each provider's data API, served beside its OAuth endpoints (the same host, as at the providers). */
const DATA_APIS: Partial<Record<OAuthProviderKind, FakeDataApi>> = { whoop: whoopData, oura: ouraData, withings: withingsData };

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
  /** A connected user's tokens, as a finished authorization would leave them (for a new member unless one is named). */
  issue(member?: string): { accessToken: string; refreshToken: string; expiresIn: number; member: string };
  /** The members whose access was revoked (Whoop's DELETE user/access, Oura's /oauth/revoke, Withings' signed /v2/oauth2 action=revoke). */
  revocations: string[];
  /** Notification subscriptions made: Oura's (app-wide) and Withings' (per member). */
  subscriptions: FakeSubscription[];
  /** The member a token was issued to. */
  memberOf(token: string): string | null;
  /** Makes a refresh token unusable, as a user revoking access at Whoop would. */
  revoke(refreshToken: string): void;
  /** Whether an access token is one this fake issued and still honours. */
  honours(accessToken: string): boolean;
  /** Answer token calls this many milliseconds late (to widen a race). */
  setTokenDelay(ms: number): void;
  /** Answer data calls this many milliseconds late (so a sync lasts long enough to be watched). */
  setDataDelay(ms: number): void;
  /**
   * Sends the provider's notification about `member` to the app's callback, as the provider does:
   * Whoop's and Oura's signed with the client secret (or `secret`, to forge one), Withings' as a form.
   */
  sendWebhook(callbackUrl: string, member: string, options?: { secret?: string; at?: number; type?: string }): Promise<Response>;
  /** The query of each consent page shown (client_id, redirect_uri, scope, state, code_challenge…). */
  consents: URLSearchParams[];
  /** Authorization codes exchanged. */
  codeExchanges: number;
  /**
   * The member's history served by the provider's data API (whoop-data.ts and its siblings): records
   * for each of the `days` days ending `lastDay`, generated from the day's index (so a test can work
   * every figure out), in the provider's pages.
   */
  setHistory(history: { days: number; lastDay: string; offset?: string }): void;
  /** Answer every `every`-th data request 429 with Retry-After (0 turns it off). */
  setRateLimit(every: number, retryAfterSeconds?: number): void;
  /** Data requests received (with their status), for checking paging and 429s. */
  dataRequests: { path: string; status: number }[];
};

export { whoopFiguresFor } from './whoop-data';

/** A provider's notification, in its own format and signature (see the app's adapters, lib/wearables/<provider>/, for the rules). */
function sendWebhook(kind: OAuthProviderKind, clientSecret: string, callbackUrl: string, member: string, { secret = clientSecret, at = Date.now(), type }: { secret?: string; at?: number; type?: string }): Promise<Response> {
  if (kind === 'withings') {
    const form = new URLSearchParams({ userid: member, appli: type ?? '1', startdate: String(Math.floor(at / 1000) - 3600), enddate: String(Math.floor(at / 1000)) });
    return fetch(callbackUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
  }
  if (kind === 'whoop') {
    const body = JSON.stringify({ user_id: Number(member), id: randomBytes(8).toString('hex'), type: type ?? 'recovery.updated', trace_id: randomBytes(6).toString('hex') });
    const timestamp = String(at);
    const signature = createHmac('sha256', secret).update(timestamp + body).digest('base64');
    return fetch(callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-whoop-signature': signature, 'x-whoop-signature-timestamp': timestamp }, body });
  }
  const body = JSON.stringify({ event_type: 'update', data_type: type ?? 'daily_sleep', object_id: randomBytes(8).toString('hex'), event_time: new Date(at).toISOString(), user_id: member });
  const timestamp = String(Math.floor(at / 1000));
  const signature = createHmac('sha256', secret).update(timestamp + body).digest('hex').toUpperCase();
  return fetch(callbackUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-oura-signature': signature, 'x-oura-timestamp': timestamp }, body });
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
  /** Whose each token is: the member's id at the provider. */
  const memberOf = new Map<string, string>();
  let nextMember = 363;
  const revocations: string[] = [];
  const subscriptions: FakeSubscription[] = [];
  let tokenDelay = 0;
  const state = { refreshCalls: 0, codeExchanges: 0 };
  let history: FakeHistory = { days: 0, lastDay: '2026-01-01', offset: '+00:00' };
  let rateLimit = { every: 0, retryAfter: 1, count: 0 };
  const dataRequests: { path: string; status: number }[] = [];
  const api = DATA_APIS[kind];

  let dataDelay = 0;
  async function data(request: IncomingMessage, url: URL, response: ServerResponse): Promise<void> {
    const form = request.method === 'POST' ? await readForm(request) : new URLSearchParams();
    if (dataDelay) await new Promise((resolve) => setTimeout(resolve, dataDelay));
    const answer = ({ status, body, headers }: { status: number; body: unknown; headers?: Record<string, string> }) => {
      dataRequests.push({ path: url.pathname, status });
      sendJson(response, status, body, headers);
    };
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? form.get('access_token');
    if (!bearer || !accessTokens.has(bearer)) return answer(api!.unauthorized());
    rateLimit.count += 1;
    if (rateLimit.every && rateLimit.count % rateLimit.every === 0) return answer(api!.rateLimited(rateLimit.retryAfter));
    answer(api!.serve({ url, form, headers: request.headers }, history));
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

  const issue = (member = String(nextMember++)) => {
    const accessToken = `${kind}-access-${randomBytes(12).toString('hex')}`;
    const refreshToken = `${kind}-refresh-${randomBytes(12).toString('hex')}`;
    accessTokens.add(accessToken);
    refreshTokens.add(refreshToken);
    memberOf.set(accessToken, member);
    memberOf.set(refreshToken, member);
    return { accessToken, refreshToken, expiresIn: EXPIRES_IN[kind], member };
  };

  /** The provider's answer shapes: RFC 6749 JSON, or Withings' `{status, body}` (always HTTP 200). */
  const granted = (response: ServerResponse, next: ReturnType<typeof issue>) =>
    kind === 'withings'
      ? sendJson(response, 200, { status: 0, body: { userid: Number(next.member), access_token: next.accessToken, refresh_token: next.refreshToken, expires_in: next.expiresIn, scope: 'user.info,user.metrics,user.activity', token_type: 'Bearer' } })
      : sendJson(response, 200, { access_token: next.accessToken, refresh_token: next.refreshToken, expires_in: next.expiresIn, scope: kind === 'oura' ? 'personal daily heartrate workout session spo2Daily' : 'offline read:recovery read:cycles read:sleep', token_type: 'bearer' });
  const refused = (response: ServerResponse, error: string, status = 400) =>
    kind === 'withings' ? sendJson(response, 200, { status: 503, body: {}, error: `Invalid Params: ${error}` }) : sendJson(response, status, { error });

  async function token(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = await readForm(request);
    if (tokenDelay) await new Promise((resolve) => setTimeout(resolve, tokenDelay));
    if (kind === 'withings' && form.get('action') === 'revoke') return signedRevoke(form, response);
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
    const used = form.get('refresh_token') ?? '';
    if (!refreshTokens.delete(used)) return refused(response, 'invalid_grant');
    granted(response, issue(memberOf.get(used)));
  }

  /** Ends every token of `member` (and, at Withings, their notification subscriptions), as a revocation at the provider does. */
  function endGrant(member: string | undefined): void {
    revocations.push(member ?? 'unknown');
    for (const [held, owner] of memberOf) {
      if (owner !== member) continue;
      accessTokens.delete(held);
      refreshTokens.delete(held);
    }
    for (let at = subscriptions.length - 1; at >= 0; at--) if (member !== undefined && subscriptions[at]!.member === member) subscriptions.splice(at, 1);
  }

  /** Ends every token of the member who holds `token`. */
  const revokeMember = (token: string) => endGrant(memberOf.get(token));

  /** Whether `member` still holds a token this fake honours. */
  const hasGrant = (member: string) => [...memberOf].some(([held, owner]) => owner === member && (accessTokens.has(held) || refreshTokens.has(held)));

  // Withings' signed calls: nonces issued (with when), each good for one call within 30 minutes.
  const NONCE_LIFETIME_MS = 30 * 60_000;
  const TIMESTAMP_TOLERANCE_S = 10 * 60;
  const nonces = new Map<string, number>();
  const expectedSignature = (values: string[]) => createHmac('sha256', clientSecret).update(values.join(',')).digest('hex');
  /** Compares in constant time, as a server checking a secret would. */
  const signedBy = (given: string | null, values: string[]) => {
    const expected = Buffer.from(expectedSignature(values));
    const actual = Buffer.from(given ?? '');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };
  const withingsError = (response: ServerResponse, status: number, error: string) => sendJson(response, 200, { status, body: {}, error });

  /** POST /v2/signature action=getnonce: a nonce for a correctly signed, current request. */
  async function getNonce(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = await readForm(request);
    if (form.get('action') !== 'getnonce') return withingsError(response, 2554, 'Wrong action or wrong webservice');
    const timestamp = form.get('timestamp') ?? '';
    if (form.get('client_id') !== clientId || !signedBy(form.get('signature'), ['getnonce', form.get('client_id') ?? '', timestamp])) return withingsError(response, 342, 'Invalid signature');
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > TIMESTAMP_TOLERANCE_S) return withingsError(response, 503, 'Invalid Params: timestamp');
    const nonce = randomBytes(16).toString('hex');
    nonces.set(nonce, Date.now());
    sendJson(response, 200, { status: 0, body: { nonce } });
  }

  /** POST /v2/oauth2 action=revoke: ends the member's grant, for a signature over a nonce issued and never used. */
  function signedRevoke(form: URLSearchParams, response: ServerResponse): void {
    const nonce = form.get('nonce') ?? '';
    if (form.get('client_id') !== clientId || !signedBy(form.get('signature'), ['revoke', form.get('client_id') ?? '', nonce])) return withingsError(response, 342, 'Invalid signature');
    const issuedAt = nonces.get(nonce);
    nonces.delete(nonce);
    if (issuedAt === undefined || Date.now() - issuedAt > NONCE_LIFETIME_MS) return withingsError(response, 503, 'Invalid Params: invalid nonce');
    const member = form.get('userid') ?? '';
    if (!member || !hasGrant(member)) return withingsError(response, 247, 'The userid provided is absent, or incorrect');
    endGrant(member);
    sendJson(response, 200, { status: 0, body: {} });
  }

  /** The account calls (account.ts in the app): whose a token is, revoking access, and notification subscriptions. */
  async function account(request: IncomingMessage, url: URL, response: ServerResponse): Promise<boolean> {
    const route = `${request.method} ${url.pathname}`;
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const member = accessTokens.has(bearer) ? memberOf.get(bearer) : undefined;
    if (kind === 'whoop' && route === 'GET /developer/v2/user/profile/basic') {
      if (!member) sendJson(response, 401, { error: 'unauthorized' });
      else sendJson(response, 200, { user_id: Number(member), email: `member${member}@example.test`, first_name: 'Test', last_name: 'Member' });
      return true;
    }
    if (kind === 'whoop' && route === 'DELETE /developer/v2/user/access') {
      if (!member) sendJson(response, 401, { error: 'unauthorized' });
      else {
        revokeMember(bearer);
        response.writeHead(204).end();
      }
      return true;
    }
    if (kind === 'oura' && route === 'GET /v2/usercollection/personal_info') {
      if (!member) sendJson(response, 401, { detail: 'Unauthorized' });
      else sendJson(response, 200, { id: `oura-member-${member}`, age: 40, weight: 80, height: 1.8, biological_sex: 'male', email: `member${member}@example.test` });
      return true;
    }
    if (kind === 'oura' && route === 'GET /oauth/revoke') {
      const token = url.searchParams.get('access_token') ?? '';
      if (!accessTokens.has(token)) sendJson(response, 401, { detail: 'Unauthorized' });
      else {
        revokeMember(token);
        sendJson(response, 200, {});
      }
      return true;
    }
    if (kind === 'oura' && url.pathname.startsWith('/v2/webhook/subscription')) {
      if (request.headers['x-client-id'] !== clientId || request.headers['x-client-secret'] !== clientSecret) {
        sendJson(response, 401, { detail: 'Unauthorized' });
        return true;
      }
      const expiry = () => new Date(Date.now() + 30 * 86_400_000).toISOString();
      if (route === 'POST /v2/webhook/subscription') {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { callback_url: string; verification_token: string; event_type: string; data_type: string };
        // Oura's handshake: a GET to the callback with the verification token and a challenge to echo.
        const challenge = randomBytes(8).toString('hex');
        const check = new URL(body.callback_url);
        check.searchParams.set('verification_token', body.verification_token);
        check.searchParams.set('challenge', challenge);
        const echoed = await fetch(check).then((r) => (r.ok ? (r.json() as Promise<{ challenge?: string }>) : null)).catch(() => null);
        if (echoed?.challenge !== challenge) {
          sendJson(response, 422, { detail: 'Verification failed' });
          return true;
        }
        const subscription = { id: `sub-${randomBytes(6).toString('hex')}`, callback_url: body.callback_url, event_type: body.event_type, data_type: body.data_type, expiration_time: expiry() };
        subscriptions.push(subscription);
        sendJson(response, 201, subscription);
        return true;
      }
      const renew = /^PUT \/v2\/webhook\/subscription\/renew\/(.+)$/.exec(route);
      const found = renew ? subscriptions.find((sub) => sub.id === decodeURIComponent(renew[1]!)) : undefined;
      if (found) {
        found.expiration_time = expiry();
        found.renewals = (found.renewals ?? 0) + 1;
        sendJson(response, 200, found);
      } else sendJson(response, 404, { detail: 'Not found' });
      return true;
    }
    if (kind === 'withings' && request.method === 'POST' && (url.pathname === '/v2/user' || url.pathname === '/notify')) {
      const form = await readForm(request);
      if (!member) {
        sendJson(response, 200, { status: 401, body: {}, error: 'XRequestError: Invalid Params: invalid token' });
        return true;
      }
      if (url.pathname === '/v2/user' && form.get('action') === 'getdevice') sendJson(response, 200, { status: 0, body: { devices: [{ type: 'Scale', model: 'Body+', deviceid: 'fake-scale' }] } });
      else if (url.pathname === '/notify' && form.get('action') === 'subscribe') {
        // Withings checks the callback first: a HEAD that must answer 200 within 2 seconds.
        const callback = form.get('callbackurl') ?? '';
        const probe = await fetch(callback, { method: 'HEAD', signal: AbortSignal.timeout(2000) }).catch(() => null);
        if (probe?.status !== 200) sendJson(response, 200, { status: 293, body: {}, error: 'The callback URL is either absent or incorrect' });
        else {
          subscriptions.push({ id: `${member}:${form.get('appli')}`, callback_url: callback, event_type: 'notify', data_type: form.get('appli') ?? '', expiration_time: '', member });
          sendJson(response, 200, { status: 0, body: {} });
        }
      } else if (url.pathname === '/notify' && form.get('action') === 'revoke') {
        // Unsubscribing ends no grant: only the signed revocation (signedRevoke) does.
        const at = subscriptions.findIndex((sub) => sub.member === member && sub.data_type === form.get('appli'));
        if (at >= 0) subscriptions.splice(at, 1);
        sendJson(response, 200, { status: 0, body: {} });
      } else sendJson(response, 200, { status: 503, body: {}, error: 'Invalid Params' });
      return true;
    }
    return false;
  }

  const peer = await startPeer(
    (request, url, response) => {
      if (request.method === 'GET' && url.pathname === PATHS[kind].authorize) return consent(url, response);
      if (kind === 'withings' && request.method === 'POST' && url.pathname === '/v2/signature') {
        getNonce(request, response).catch((error: unknown) => sendJson(response, 500, { error: String(error) }));
        return;
      }
      if (isAccountPath(url.pathname)) {
        account(request, url, response)
          .then((handled) => handled || sendJson(response, 404, { error: 'not_found' }))
          .catch((error: unknown) => sendJson(response, 500, { error: String(error) }));
        return;
      }
      if (api?.claims(request.method ?? 'GET', url)) {
        data(request, url, response).catch((error: unknown) => sendJson(response, 500, { error: String(error) }));
        return;
      }
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
    revocations,
    subscriptions,
    memberOf: (token) => memberOf.get(token) ?? null,
    honours: (accessToken) => accessTokens.has(accessToken),
    setTokenDelay: (ms) => void (tokenDelay = ms),
    setDataDelay: (ms) => void (dataDelay = ms),
    sendWebhook: (callbackUrl, member, options = {}) => sendWebhook(kind, clientSecret, callbackUrl, member, options),
  };
}
