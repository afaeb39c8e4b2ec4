// Edge-safe session constants, shared by the proxy and lib/auth/sessions.ts (no database, no env).

// next-auth's database-session cookie: the __Secure- name is used over HTTPS (production).
export const SESSION_COOKIE = 'next-auth.session-token';
export const SECURE_SESSION_COOKIE = '__Secure-next-auth.session-token';
export const SESSION_COOKIE_NAMES = [SECURE_SESSION_COOKIE, SESSION_COOKIE] as const;

/** A session lasts 30 days from its last renewal. */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** A session used more than a day after its expiry was last set gets a new 30 days (next-auth's updateAge). */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

/** The cookie's attributes, given whether the app is served over HTTPS. */
export function sessionCookieOptions(secure: boolean, expires: Date) {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/', expires } as const;
}

/**
 * When the session cookie's expiry was last sent (epoch seconds). The proxy re-sends the cookie only
 * once this is a day old, like the row's own roll, instead of on every page: a response that re-sent
 * it could otherwise land after a sign-out's and bring a dead cookie back.
 */
export const SESSION_ROLLED_COOKIE = 'vt-session-rolled';

/** True when the cookie's expiry is due to be sent again. */
export function sessionCookieDue(rolledAt: string | undefined, now = Date.now()): boolean {
  const at = Number(rolledAt);
  return !Number.isFinite(at) || now / 1000 - at >= SESSION_UPDATE_AGE_SECONDS;
}

export const rolledMarker = (now = Date.now()) => String(Math.floor(now / 1000));
