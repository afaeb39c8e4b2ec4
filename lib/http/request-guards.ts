import 'server-only';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors';

export const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const appOrigin = new URL(env.APP_URL).origin;

/**
 * Cross-site request forgery guard. A browser names the page that sent a request in `Origin` (or,
 * failing that, says in `Sec-Fetch-Site` whether it was this site); either must be this app. A
 * request with neither did not come from a browser page, so no victim's cookie rides along.
 */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  if (origin !== null) {
    if (origin === appOrigin) return;
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch {
      // 'null' (a sandboxed or privacy-redirected page) and garbage are foreign.
    }
    // The app is also reached under the host it was asked for (localhost and 127.0.0.1 in development).
    if (host !== null && host === request.headers.get('host')) return;
    throw new ApiError(403, 'This request came from another site and was refused.');
  }
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') {
    throw new ApiError(403, 'This request came from another site and was refused.');
  }
}

/** Form and text bodies are what another site can send without a preflight: only JSON is read. */
export function assertJsonContentType(request: Request): void {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new ApiError(415, 'Send the request body as application/json.');
}
