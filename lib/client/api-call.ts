// The browser's one way to call this app's API: every call resolves to a JsonResult, whatever the
// status, and rejects only when no answer came. React Query wants a rejection for a failed answer, so
// its fetchers pass their result through dataOf, which turns a refusal into a CallError.

type Answer = {
  status: number;
  /** The body's `message`, when the server sent a non-blank one. */
  message?: string;
  /** The body's machine-readable `code` (e.g. `subscription_required`), when it has one. */
  code?: string;
};

/** An answer with its parsed JSON body (null when there was none); `T` is what a success carries. */
export type JsonResult<T = unknown> = (Answer & { ok: true; data: T }) | (Answer & { ok: false; data: unknown });

const fieldOf = (data: unknown, field: string): unknown => (typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[field] : undefined);

/** A non-blank string field of a body. */
function textOf(data: unknown, field: string): string | undefined {
  const value = fieldOf(data, field);
  return typeof value === 'string' && value.trim() ? value : undefined;
}

async function requestJson<T>(url: string, init: RequestInit): Promise<JsonResult<T>> {
  const response = await fetch(url, { credentials: 'same-origin', ...init });
  // A proxy's HTML error page has no message; the caller falls back to its own text.
  const data: unknown = await response.json().catch(() => null);
  const answer = { status: response.status, message: textOf(data, 'message'), code: textOf(data, 'code') };
  // The success body's shape is the route's contract (lib/dashboard/contract.ts and the like).
  return response.ok ? { ...answer, ok: true, data: data as T } : { ...answer, ok: false, data };
}

/**
 * POSTs JSON to this app's API with the session cookie. Resolves for every HTTP answer, whatever its
 * status; rejects only when no answer came (network failure), which each form reports in its own words.
 */
export function postJson<T = unknown>(url: string, body?: unknown): Promise<JsonResult<T>> {
  return requestJson<T>(url, {
    method: 'POST',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** GETs one of this app's API calls, with the same answers as postJson. */
export function getJson<T = unknown>(url: string): Promise<JsonResult<T>> {
  return requestJson<T>(url, { method: 'GET', cache: 'no-store' });
}

/** A string field of an answer's JSON body, when it has one. */
export function stringField(result: JsonResult, field: string): string | undefined {
  const value = fieldOf(result.data, field);
  return typeof value === 'string' && value ? value : undefined;
}

/** A refused answer as an Error, for React Query: the server's message, or the status when it sent none. */
export class CallError extends Error {
  readonly status: number;
  readonly code?: string;

  constructor(result: Answer) {
    super(result.message ?? `HTTP ${result.status}`);
    this.status = result.status;
    this.code = result.code;
  }
}

/** A success's data, or a CallError for a refusal (a query's or a mutation's fetcher). */
export async function dataOf<T>(pending: Promise<JsonResult<T>>): Promise<T> {
  const result = await pending;
  if (!result.ok) throw new CallError(result);
  return result.data;
}

/** A lost session: most failed loads go to /login when it is gone (SPEC §8). */
export function signedOut(error: unknown): boolean {
  return error instanceof CallError && error.status === 401;
}
