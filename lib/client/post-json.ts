export type JsonResult = {
  ok: boolean;
  status: number;
  /** The body's `message`, when the server sent a non-blank one. */
  message?: string;
};

function messageOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('message' in data)) return undefined;
  const { message } = data;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

/**
 * POSTs JSON to this app's API with the session cookie. Resolves for every HTTP answer, whatever its
 * status; rejects only when no answer came (network failure), which each form reports in its own words.
 */
export async function postJson(url: string, body?: unknown): Promise<JsonResult> {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // A proxy's HTML error page has no message; the caller falls back to its own text.
  const data: unknown = await response.json().catch(() => null);
  return { ok: response.ok, status: response.status, message: messageOf(data) };
}
