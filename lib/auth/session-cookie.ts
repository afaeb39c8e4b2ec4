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
