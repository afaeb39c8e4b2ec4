// SPEC §2's route lists. The proxy redirects signed-out visitors of the signed-in ones;
// every page still checks the session itself.
export const SIGNED_IN_ROUTES = [
  '/main_dashboard',
  ...Array.from({ length: 11 }, (_, i) => `/onboarding_${i + 4}`),
  '/complete-profile',
  '/instructions',
  '/devices-integrated',
  '/dashboard',
  '/fuel_and_build',
  '/recharge_and_strengthen',
  '/connect_and_lead',
  '/master_your_mind',
  '/profile',
  '/settings',
  '/my_devices',
  '/help',
  '/refer_a_friend',
  '/daily_checkins',
  '/insights',
  '/insights_zoom',
  '/my_actions',
  '/chat',
  '/weekly_checkin',
] as const;

const signedIn = new Set<string>(SIGNED_IN_ROUTES);

export function isSignedInRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return signedIn.has(path);
}

export const LOGIN_PATH = '/login';
