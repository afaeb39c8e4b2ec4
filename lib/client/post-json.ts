export type JsonResult = {
  ok: boolean;
  status: number;
  /** The body's `message`, when the server sent a non-blank one. */
  message?: string;
  /** The parsed JSON body, or null when there was none. */
  data: unknown;
};

function messageOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('message' in data)) return undefined;
  const { message } = data;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

async function requestJson(url: string, init: RequestInit): Promise<JsonResult> {
  const response = await fetch(url, { credentials: 'same-origin', ...init });
  // A proxy's HTML error page has no message; the caller falls back to its own text.
  const data: unknown = await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, message: messageOf(data), data };
}

/**
 * POSTs JSON to this app's API with the session cookie. Resolves for every HTTP answer, whatever its
 * status; rejects only when no answer came (network failure), which each form reports in its own words.
 */
export function postJson(url: string, body?: unknown): Promise<JsonResult> {
  return requestJson(url, {
    method: 'POST',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** GETs one of this app's API calls, with the same answers as postJson. */
export function getJson(url: string): Promise<JsonResult> {
  return requestJson(url, { method: 'GET', cache: 'no-store' });
}

/** A string field of an answer's JSON body, when it has one. */
export function stringField(result: JsonResult, field: string): string | undefined {
  const value = typeof result.data === 'object' && result.data !== null ? (result.data as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' && value ? value : undefined;
}
