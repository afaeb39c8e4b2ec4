import 'server-only';
import { NextResponse } from 'next/server';
// Core types and parse, so that zod/mini schemas (the shared ones) and classic ones both fit.
import { $ZodError, parse, type $ZodType, type output } from 'zod/v4/core';
import { assertRecentlyVerified } from '@/lib/auth/step-up';
import { sessionUserFromRequest, withRenewedSessionCookie, type SessionUser } from '@/lib/auth/sessions';
import { isDatabaseBusy } from '@/lib/db-errors';
import { Prisma } from '@/lib/generated/prisma/client';
import { enforceLimits, refundSuccesses, type Limit } from '@/lib/rate-limit';
import { assertStorableText, discardBody, readJson } from '@/lib/http/body';
import { ApiError, codeForStatus, type ApiErrorOptions } from '@/lib/errors';
import { assertJsonContentType, assertSameOrigin, STATE_CHANGING_METHODS } from '@/lib/http/request-guards';

export { discardBody, MAX_JSON_BYTES, readJson } from '@/lib/http/body';

type Auth = 'user' | 'none';
type UserOf<TAuth extends Auth> = TAuth extends 'user' ? SessionUser : SessionUser | null;
type BodyOf<TSchema> = TSchema extends $ZodType ? output<TSchema> : undefined;
type Context<TBody, TUser> = { request: Request; body: TBody; user: TUser; params: Record<string, string> };

type Options<TSchema extends $ZodType | undefined, TAuth extends Auth> = {
  auth: TAuth;
  /** The JSON body's schema; a request without `application/json` is refused with 415. */
  body?: TSchema;
  /**
   * `multipart`: the handler reads a form upload itself (`multipart/form-data` required).
   * `raw`: the handler reads the bytes itself, as webhooks must to check their signature.
   */
  bodyType?: 'json' | 'multipart' | 'raw';
  /** Webhooks and ingest calls come from other sites by design; everything else must be same-origin. */
  crossSite?: true;
  /** Counted once the body is valid and before the handler runs; past any of them, 429. */
  rateLimit?: { action: string; limits: (ctx: Context<BodyOf<TSchema>, UserOf<TAuth>>) => Limit[] | Promise<Limit[]> };
  /** What a unique-constraint violation means to this caller (409). */
  conflictMessage?: string;
  /**
   * Step-up (lib/auth/step-up.ts): the call needs a second factor (or a passkey, or for a member with neither their
   * password) proved in this session within 10 minutes, else 403 `step_up_required`. A function decides
   * from the parsed body (a profile save needs it only for a new e-mail or password).
   */
  stepUp?: true | ((body: BodyOf<TSchema>) => boolean);
  /** The paid product's calls (SPEC §6): with billing on, only a user whose dashboard is open may use them (else 403). */
  subscription?: true;
};

type Handler<TSchema extends $ZodType | undefined, TAuth extends Auth> = (
  ctx: Context<BodyOf<TSchema>, UserOf<TAuth>>,
) => Promise<Response> | Response;

export type RouteHandler = (request: Request, segment?: { params?: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** A failure's answer: `{ message, code }`, never cached. */
export function jsonError(status: number, message: string, options: ApiErrorOptions = {}): NextResponse {
  const body = { message, code: options.code ?? codeForStatus(status) };
  return NextResponse.json(body, { status, headers: { 'Cache-Control': 'no-store', ...options.headers } });
}

function assertAcceptableRequest(request: Request, options: Options<$ZodType | undefined, Auth>): void {
  if (!STATE_CHANGING_METHODS.has(request.method)) return;
  if (!options.crossSite) assertSameOrigin(request);
  if (options.bodyType === 'multipart') {
    if (!/^multipart\/form-data\s*;/i.test(request.headers.get('content-type') ?? '')) throw new ApiError(415, 'Send the upload as multipart/form-data.');
  } else if (options.body) {
    assertJsonContentType(request);
  }
  // A call without a schema learns whether a body came by reading it (refuseFields).
}

/** A call that takes no fields accepts no body, or an empty JSON object, and nothing it would ignore. */
async function refuseFields(request: Request, bodyType: Options<undefined, Auth>['bodyType']): Promise<undefined> {
  if (bodyType === 'multipart' || bodyType === 'raw' || !STATE_CHANGING_METHODS.has(request.method)) return undefined;
  // A chunked body announces itself in no header Next passes on: read it to know.
  const value = await readJson(request, { optional: true });
  if (value === undefined) return undefined;
  assertJsonContentType(request);
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length > 0) throw new ApiError(422, 'This call takes no fields.');
  return undefined;
}

/** The answer for a failure: an `ApiError` says its own, validation is 422, Prisma's known cases map centrally. */
export function errorResponse(error: unknown, request: Request, conflictMessage = 'That already exists.'): Response {
  if (error instanceof ApiError) return jsonError(error.status, error.message, error);
  // The core class: errors from `zod` and from `zod/mini` schemas both extend it.
  if (error instanceof $ZodError) {
    const first = error.issues[0];
    return NextResponse.json(
      {
        message: first?.message ?? 'Invalid request.',
        code: codeForStatus(422),
        errors: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
      },
      { status: 422 },
    );
  }
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === 'P2025') return jsonError(404, 'Not found.');
    if (error.code === 'P2002') return jsonError(409, conflictMessage);
  }
  // Overload is no fault of the request and no failure of the code: the caller is told to come back shortly.
  if (isDatabaseBusy(error)) {
    console.warn(`[api] ${request.method} ${new URL(request.url).pathname}: the database was busy (${(error as { code?: string }).code ?? 'pool'})`);
    return jsonError(503, DATABASE_BUSY, { headers: { 'Retry-After': '2' } });
  }
  // A client that hung up mid-request (a closed tab, a load test ending) gets nothing and is no server failure.
  if (request.signal.aborted) return jsonError(400, 'The request was cancelled.');
  // Log the kind of failure only (and Prisma's code, such as P2028): messages can carry user data.
  const code = (error as { code?: unknown })?.code;
  console.error(`[api] ${request.method} ${new URL(request.url).pathname} failed: ${(error as Error)?.name ?? 'Error'}${typeof code === 'string' && /^[A-Z0-9_]{1,16}$/.test(code) ? ` ${code}` : ''}`);
  return jsonError(500, 'Something went wrong. Please try again.');
}

export const DATABASE_BUSY = 'We’re busy for a moment. Please try again.';

export const SUBSCRIPTION_REQUIRED = 'Your subscription is not active. Open your dashboard to start or renew it.';

async function assertSubscribed(userId: string): Promise<void> {
  // Loaded on use: most calls never need the billing code.
  const { dashboardAccess } = await import('@/lib/billing/subscriptions');
  if (!(await dashboardAccess(userId)).open) throw new ApiError(403, SUBSCRIPTION_REQUIRED, { code: 'subscription_required' });
}

/**
 * Every route handler goes through this: it refuses cross-site and non-JSON state changes, checks the
 * session itself (never trusting the proxy), parses the body with the shared zod schema, applies the
 * rate limits, and turns every failure into a JSON `{ message, code }`.
 */
export function route<TSchema extends $ZodType | undefined = undefined, TAuth extends Auth = 'user'>(
  options: Options<TSchema, TAuth>,
  handler: Handler<TSchema, TAuth>,
): RouteHandler {
  return async (request, segment = {}) => {
    try {
      assertAcceptableRequest(request, options as Options<$ZodType | undefined, Auth>);
      const params = Object.fromEntries(Object.entries((await segment.params) ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : v]));
      // An id from the path is text like any other: a NUL in it would reach the database.
      assertStorableText(params);
      const user = options.auth === 'user' ? await sessionUserFromRequest(request) : null;
      if (options.auth === 'user' && !user) throw new ApiError(401, 'Not authenticated');
      if (options.subscription && user) await assertSubscribed(user.id);
      const body = options.body ? parse(options.body, await readJson(request)) : await refuseFields(request, options.bodyType);
      const ctx = { request, body, user, params } as Context<BodyOf<TSchema>, UserOf<TAuth>>;
      if (options.stepUp && user && (options.stepUp === true || options.stepUp(body as BodyOf<TSchema>))) await assertRecentlyVerified(request, user.id);
      const limits = options.rateLimit ? await options.rateLimit.limits(ctx) : [];
      if (options.rateLimit) await enforceLimits(limits, options.rateLimit.action);
      const response = await handler(ctx);
      if (response.ok) await refundSuccesses(limits);
      // A request that rolled the session carries the new expiry back in its cookie.
      return withRenewedSessionCookie(request, response);
    } catch (error) {
      return errorResponse(error, request, options.conflictMessage);
    }
  };
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

/**
 * A route file's exports: the methods it implements, and a JSON 405 naming them for every other one
 * (Next's own 405 has an empty body). Use as `export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST })`.
 */
export function methods(implemented: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> {
  const allow = METHODS.filter((method) => implemented[method]).join(', ');
  const notAllowed: RouteHandler = async (request) => {
    await discardBody(request);
    return jsonError(405, 'This method is not allowed here.', { headers: { Allow: allow } });
  };
  return Object.fromEntries(METHODS.map((method) => [method, implemented[method] ?? notAllowed])) as Record<Method, RouteHandler>;
}
