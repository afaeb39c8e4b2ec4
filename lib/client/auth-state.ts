import { DASHBOARD_PATH } from '@/lib/routes';
// SPEC §3: the isAuthenticated flag lives in local storage; the session itself is the httpOnly cookie.
const AUTH_FLAG_KEY = 'isAuthenticated';


export function setAuthenticated(value: boolean): void {
  try {
    localStorage.setItem(AUTH_FLAG_KEY, String(value));
  } catch {
    // Storage can be blocked (private mode, quota); the cookie still decides.
  }
}

export function isAuthenticated(): boolean {
  try {
    return localStorage.getItem(AUTH_FLAG_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Every sign-in method ends here: a full page load (SPEC §2), so the server renders with the new cookie. */
export function completeSignIn(): void {
  setAuthenticated(true);
  window.location.assign(DASHBOARD_PATH);
}
