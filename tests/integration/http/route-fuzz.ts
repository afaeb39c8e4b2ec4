// The route fuzz (tests/integration/http/every-route*.test.ts): a scripted pass over every route handler,
// every method and every kind of bad input, signed in and out. Only 4xx answers with a JSON { message } may
// come back: no 5xx, no HTML or empty errors. The routes are shared out between three files, each with a
// server of its own, so that Jest's workers run the parts side by side: in one file the pass was the suite's
// longest (359–476 s on the slow days of 6 Dec 2026, against 34 s alone), and its limit the one most often met.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from '@jest/globals';
import { DATABASE_BUSY } from '@/lib/api/route';
import { db } from '@/lib/db';
import { client, type AppServer } from '../../setup/app-server';
import { budget } from '../../setup/machine-speed.js';
import { sendRaw } from '../../setup/raw-http';

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === 'route.ts' ? [full] : [];
  });
}

// Each dynamic segment gets a value a caller could send.
const SEGMENT_VALUES: Record<string, string> = { '[token]': 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', '[id]': 'no-such-id', '[provider]': 'google', '[...nextauth]': 'session', '[...path]': 'no-such-call' };
const ROUTE_PATTERNS = [...routeFiles('app/api'), ...routeFiles('app/authorize')].map((file) => `/${path.dirname(file).replace(/^app\//, '')}`);
const fill = (values: Record<string, string>) => (pattern: string) => pattern.split('/').map((part) => values[part] ?? part).join('/');
// Each id-taking route again with a NUL in its ids.
const NUL_VALUES = Object.fromEntries(Object.keys(SEGMENT_VALUES).map((segment) => [segment, 'a%00b']));
export const ROUTES = [
  ...ROUTE_PATTERNS.map(fill(SEGMENT_VALUES)),
  ...ROUTE_PATTERNS.filter((pattern) => pattern.includes('[')).map(fill(NUL_VALUES)),
].sort();
// Apple's return page is an HTML page by design (Apple posts its form to it from appleid.apple.com).
const HTML_PAGES = new Set(['/authorize/apple/service']);
// Calls that take no fields: a bodiless POST is their valid use (and logout would end the pass's session).
const NO_FIELD_CALLS = new Set([
  '/api/logout',
  '/api/devices-integrated',
  '/api/shenai-tutorial-watched',
  '/authorize/apple/nonce',
  // The sign-in security calls that take no fields: a challenge or a secret asked for, or every other browser signed out.
  '/api/passkeys/registration-options',
  '/api/passkeys/sign-in-options',
  '/api/security/step-up/passkey-options',
  '/api/security/totp/setup',
  '/api/security/recovery-codes',
  '/api/security/sessions/sign-out-others',
]);
// A bodiless DELETE is the account deletion itself (tests/integration/http/account-area.test.ts covers it); every bad variant is still sent.
const NO_FIELD_DELETES = new Set(['/api/delete-account', '/api/security/totp', '/api/security/remembered-browsers']);
// These answer 503 { message } while their provider is not configured (no
// wearable client and no Stripe key here).
const UNCONFIGURED_503 =
  /^\/api\/(get-(whoop|oura|withings)-authorization-url|store_(whoop|oura|withings)_token|create-checkout-session|get-customer-id|create-portal-session|webhooks\/stripe)$/;

const FIELDS = ['email', 'password', 'current_password', 'firstName', 'lastName', 'name', 'surname', 'date_of_birth', 'height', 'weight', 'current_weight', 'desired_weight', 'goal_weight', 'health_goals', 'country', 'city', 'allow_location_access', 'track', 'accepted', 'read', 'devices_integrated', 'biohacking_experience', 'token', 'id_token', 'code', 'state'];
const every = (value: unknown) => Object.fromEntries(FIELDS.map((field) => [field, value]));

type Variant = { name: string; body?: string; chunkedBytes?: number; headers?: Record<string, string> };
const JSON_TYPE = { 'content-type': 'application/json' };
const VARIANTS: Variant[] = [
  { name: 'no body' },
  { name: 'malformed JSON', body: '{"email": "a@b.test", ', headers: JSON_TYPE },
  { name: 'wrong types', body: JSON.stringify(every({ nested: [1, 2] })), headers: JSON_TYPE },
  { name: 'numbers for everything', body: JSON.stringify(every(12345)), headers: JSON_TYPE },
  { name: 'NUL bytes', body: JSON.stringify(every('a\u0000b')), headers: JSON_TYPE },
  { name: '100 KB strings', body: JSON.stringify({ email: `${'a'.repeat(100 * 1024)}@example.test`, health_goals: 'x'.repeat(100 * 1024) }), headers: JSON_TYPE },
  { name: 'a 60 KB string in each field it fits', body: JSON.stringify({ health_goals: 'x'.repeat(60 * 1024) }), headers: JSON_TYPE },
  { name: 'a 2 MB chunked body', chunkedBytes: 2 * 1024 * 1024, headers: JSON_TYPE },
  { name: 'text/plain', body: JSON.stringify({ email: 'a@b.test', password: 'x' }), headers: { 'content-type': 'text/plain' } },
  { name: 'a form body', body: 'email=a%40b.test&password=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
  { name: 'a foreign Origin', body: JSON.stringify({ email: 'a@b.test', password: 'x' }), headers: { ...JSON_TYPE, origin: 'https://evil.example' } },
  { name: 'a cross-site fetch without Origin', body: '{}', headers: { ...JSON_TYPE, 'sec-fetch-site': 'cross-site' } },
];
// TRACE and PROPFIND: methods Node parses but the app does not implement.
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'PROPFIND'] as const;
const BODILESS = new Set(['GET', 'TRACE', 'PROPFIND']);

type Answer = { route: string; method: string; variant: string; signedIn: boolean; status: number; type: string; message: unknown };

async function attempt(app: AppServer, route: string, method: string, variant: Variant, cookie: string): Promise<Answer & { ok: boolean }> {
  const bodiless = BODILESS.has(method);
  const headers = { 'x-forwarded-for': '198.18.7.7', ...(bodiless ? {} : variant.headers), ...(cookie ? { cookie } : {}) };
  const { status, type, text } = await sendRaw(app.url + route, method, headers, bodiless ? undefined : variant.body, bodiless ? 0 : variant.chunkedBytes);
  let message: unknown;
  try {
    message = (JSON.parse(text) as { message?: unknown }).message;
  } catch {
    message = undefined;
  }
  return { route, method, variant: variant.name, signedIn: Boolean(cookie), status, type, message, ok: status >= 200 && status < 300 };
}

/** The files the routes are shared out between. */
export const FUZZ_PARTS = 3;

/** The routes of part `part` (0-based) of FUZZ_PARTS: every FUZZ_PARTS-th of the sorted list, so the parts are alike. */
export const routesOfPart = (part: number) => ROUTES.filter((_route, index) => index % FUZZ_PARTS === part);

/** The pass over part `part`'s routes, as one test, against this file's server. */
export function fuzzRoutes(app: AppServer, part: number): void {
  it(`answers only 4xx JSON { message } errors, signed in and out, and changes nothing (routes ${part + 1} of every ${FUZZ_PARTS})`, async () => {
    const browser = client(app.url, '198.18.7.8');
    const email = `fuzz-${part}-${Date.now()}@example.test`;
    expect((await browser.post('/api/register', { email, password: 'quiet-Harbour-lantern-72', firstName: 'Fuzz', lastName: 'Case' })).status).toBe(201);
    const cookie = [...browser.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const before = await db.user.findUniqueOrThrow({ where: { email } });

    const failures: Answer[] = [];
    // Eight routes at a time: each route's requests are independent of every other route's. (With four, the
    // pass's 11,000 requests waited on a busy CI machine's scheduler for up to 245 s of its 240.)
    const queue = routesOfPart(part);
    const passOver = async (route: string) => {
      for (const signedIn of [false, true]) {
        for (const method of METHODS) {
          for (const variant of BODILESS.has(method) ? VARIANTS.slice(0, 1) : VARIANTS) {
            if (method === 'POST' && variant.name === 'no body' && NO_FIELD_CALLS.has(route)) continue;
            if (method === 'DELETE' && variant.name === 'no body' && NO_FIELD_DELETES.has(route)) continue;
            const answer = await attempt(app, route, method, variant, signedIn ? cookie : '');
            const isHtmlPage = HTML_PAGES.has(route) && (method === 'GET' || method === 'POST');
            // A GET is a valid request: it may succeed.
            if (answer.ok && (method === 'GET' || isHtmlPage)) continue;
            const documentedUnavailable = answer.status === 503 && UNCONFIGURED_503.test(route) && answer.type.startsWith('application/json') && typeof answer.message === 'string';
            if (documentedUnavailable) continue;
            // A database too busy for the request (on CI's slow stretches, beside Playwright) is told so, not failed.
            const busy = answer.status === 503 && answer.message === DATABASE_BUSY;
            if (busy) continue;
            const jsonError = answer.status >= 400 && answer.status < 500 && answer.type.startsWith('application/json') && typeof answer.message === 'string';
            if (!jsonError) failures.push(answer);
          }
        }
      }
    };
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let route = queue.shift(); route !== undefined; route = queue.shift()) await passOver(route);
      }),
    );
    // With the server's own line for each failure ("[api] GET /api/… failed: <kind> <code>"), to say why.
    expect({ failures, logged: failures.length ? app.output().split('\n').filter((line) => line.includes('[api]')) : [] }).toEqual({ failures: [], logged: [] });

    // Nothing the pass sent reached the account: no field changed, no session was added or lost.
    // (dataVersion is no field anyone sends: it moves with the rows the pass's valid GETs make, such as
    // today's actions, and the other fields must stay exactly as they were.)
    const after = await db.user.findUniqueOrThrow({ where: { email } });
    expect({ ...after, dataVersion: before.dataVersion }).toEqual(before);
    expect(await db.session.count({ where: { userId: before.id } })).toBe(1);
    // Alone the whole pass took 34 s (1 Dec 2026); in `npm test` its server runs at niceness 5 beside
    // Playwright, and in one file it took 84–245 s, on the machine's slow stretches 359–497 s. A third of it
    // gets a third of that limit.
  }, budget(300_000));
}
