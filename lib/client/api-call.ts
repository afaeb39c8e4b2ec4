// The browser's one way to call this app's API: every call resolves to a JsonResult, whatever the
// status, and rejects only when no answer came. (The browser-side loads turn a refusal into a
// rejection: dataOf in ./browser-loads.ts.)

export type Answer = {
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

/** Any method, with the same answers as postJson (PATCH with a JSON body, say). */
export async function requestJson<T>(url: string, init: RequestInit): Promise<JsonResult<T>> {
  const response = await fetch(url, { credentials: 'same-origin', ...init });
  // A proxy's HTML error page has no message; the caller falls back to its own text.
  const data: unknown = await response.json().catch(() => null);
  // The success body's shape is the route's contract (lib/dashboard/contract.ts and the like).
  return { ok: response.ok, status: response.status, message: textOf(data, 'message'), code: textOf(data, 'code'), data } as JsonResult<T>;
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

/** DELETEs one of this app's resources, with the same answers as postJson. */
export function deleteJson<T = unknown>(url: string): Promise<JsonResult<T>> {
  return requestJson<T>(url, { method: 'DELETE' });
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
