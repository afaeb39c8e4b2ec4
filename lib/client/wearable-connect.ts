import type { WearableKey } from '@/lib/wearables/catalogue';

// The browser's side of connecting a wearable: the authorisation popup and the answers it reads.

/** SPEC §9: the authorisation popup's size, and how long its message is waited for. */
export const POPUP_FEATURES = 'popup,width=500,height=600';
export const POPUP_MESSAGE_WAIT_MS = 30_000;

export type ConnectedMessage = { source: WearableKey; connected: true };

/**
 * The popup's postMessage for `wearable` once the server has stored the connection: its own `source`
 * and `connected: true`. The tokens stay on the server; the caller also checks the message's origin.
 */
export function isConnectedMessage(data: unknown, wearable: WearableKey): data is ConnectedMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { source, connected } = data as Record<string, unknown>;
  return source === wearable && connected === true;
}

/**
 * The URL in a get-{provider}-authorization-url answer: plain text per SPEC, tolerating a JSON
 * string or `{ url }`. Only http(s) URLs count, so a bad answer cannot open a javascript: popup.
 */
export function authorizationUrlFrom(body: string): string | null {
  let candidate = body.trim();
  try {
    const data: unknown = JSON.parse(candidate);
    if (typeof data === 'string') candidate = data;
    else if (typeof data === 'object' && data !== null && typeof (data as { url?: unknown }).url === 'string') candidate = (data as { url: string }).url;
  } catch {
    // Plain text, as SPEC says.
  }
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export type TokenCheck = { exists: boolean; configured: boolean };

/** Reads a {provider}_token_exists answer; a server without `configured` is taken as configured. */
export function tokenCheckFrom(data: unknown): TokenCheck | null {
  if (typeof data !== 'object' || data === null || typeof (data as { exists?: unknown }).exists !== 'boolean') return null;
  const { exists, configured } = data as { exists: boolean; configured?: unknown };
  return { exists, configured: configured !== false };
}
