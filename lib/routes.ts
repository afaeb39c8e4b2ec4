// Every path of the app, from SPEC §2's tables: the onboarding steps, the signed-in pages. The proxy
// redirects signed-out visitors of the signed-in ones; every page still checks the session itself.

// The onboarding table, in order: step n lives at /onboarding_n. The progress bar reads this list.
export const ONBOARDING_STEPS = [
  'welcome',
  'how-it-works',
  'account',
  'date-of-birth',
  'location',
  'height',
  'weight',
  'vital-signs-tutorial',
  'vital-signs-measurement',
  'biohacking-experience',
  'health-goals',
  'devices',
  'track',
  'terms',
] as const;

export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** 1-based position of a step, as shown in "Step 3 of 14". */
export function stepNumber(step: OnboardingStep): number {
  return ONBOARDING_STEPS.indexOf(step) + 1;
}

export function stepPath(step: OnboardingStep): string {
  return `/onboarding_${stepNumber(step)}`;
}

/** The onboarding steps that need an account: every one from the date of birth on. */
const SIGNED_IN_STEPS = ONBOARDING_STEPS.slice(ONBOARDING_STEPS.indexOf('date-of-birth')).map(stepPath);

export const LOGIN_PATH = '/login';
/** Where every finished member lands. */
export const DASHBOARD_PATH = '/main_dashboard';
/** The blood-test upload's row on /profile: links that say "Upload" open it, not the top of the page. */
export const UPLOAD_ANCHOR = 'upload-blood-test';
export const UPLOAD_PATH = `/profile#${UPLOAD_ANCHOR}`;

export const SIGNED_IN_ROUTES = [
  DASHBOARD_PATH,
  ...SIGNED_IN_STEPS,
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
  '/my_results',
  '/help',
  '/refer_a_friend',
  '/daily_checkins',
  '/insights',
  '/insights_zoom',
  '/my_actions',
  '/chat',
  '/weekly_checkin',
  '/experiments',
] as const;

/** The signed-in pages under a path of their own: one experiment's answer, /experiments/<id>. */
const SIGNED_IN_PREFIXES = ['/experiments/'] as const;

const signedIn = new Set<string>(SIGNED_IN_ROUTES);

export function isSignedInRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return signedIn.has(path) || SIGNED_IN_PREFIXES.some((prefix) => path.startsWith(prefix));
}
