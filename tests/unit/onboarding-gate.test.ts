import { describe, expect, it } from '@jest/globals';
import { firstMissingStep, gateRedirect, homePath, onboardedRedirect, type GateUser } from '@/lib/onboarding/gate';
import { ONBOARDING_STEPS, stepPath, type OnboardingStep } from '@/lib/routes';

const complete: GateUser = {
  dateOfBirth: new Date('1985-04-02'),
  country: 'gb',
  city: 'London',
  heightCm: 180,
  currentWeightKg: 92.5,
  desiredWeightKg: 85,
  shenaiTutorialWatched: true,
  biohackingExperience: 'TAKING_ACTION',
  healthGoals: 'Sleep better',
  devicesIntegrated: true,
  track: 'ONE',
  termsAcceptedAt: new Date(),
};

describe('firstMissingStep', () => {
  it.each<[string, Partial<GateUser>, string | null]>([
    ['nothing missing', {}, null],
    ['no date of birth', { dateOfBirth: null }, 'date-of-birth'],
    ['no country', { country: null }, 'location'],
    ['an empty city', { city: '' }, 'location'],
    ['no height', { heightCm: null }, 'height'],
    ['no current weight', { currentWeightKg: null }, 'weight'],
    ['no desired weight', { desiredWeightKg: null }, 'weight'],
    ['tutorial not watched, terms not accepted', { shenaiTutorialWatched: false, termsAcceptedAt: null }, 'vital-signs-tutorial'],
    // The dashboard's own list (SPEC §4 "Dashboard load") has neither the tutorial nor the track.
    ['tutorial not watched, terms accepted', { shenaiTutorialWatched: false }, null],
    ['no biohacking experience', { biohackingExperience: null }, 'biohacking-experience'],
    ['blank health goals', { healthGoals: '   ' }, 'health-goals'],
    ['devices not confirmed', { devicesIntegrated: false }, 'devices'],
    ['no track, terms not accepted', { track: null, termsAcceptedAt: null }, 'track'],
    ['no track, terms accepted', { track: null }, null],
    ['terms not accepted', { termsAcceptedAt: null }, 'terms'],
    ['several missing: the earliest wins', { heightCm: null, track: null, termsAcceptedAt: null }, 'height'],
  ])('%s → %s', (_case, change, expected) => {
    expect(firstMissingStep({ ...complete, ...change })).toBe(expected);
  });
});

describe('gateRedirect', () => {
  const fresh: GateUser = { ...complete, dateOfBirth: null, country: null, city: null, heightCm: null, currentWeightKg: null, desiredWeightKg: null, shenaiTutorialWatched: false, biohackingExperience: null, healthGoals: null, devicesIntegrated: false, track: null, termsAcceptedAt: null };

  it('sends a new user from any later step to step 4', () => {
    expect(gateRedirect(fresh, 'terms')).toBe('/onboarding_4');
    expect(gateRedirect(fresh, 'height')).toBe('/onboarding_4');
    expect(gateRedirect(fresh, 'date-of-birth')).toBeNull();
  });

  it('lets a user halfway open the missing step and earlier ones, not later ones', () => {
    const halfway = { ...complete, biohackingExperience: null, healthGoals: null, devicesIntegrated: false, track: null, termsAcceptedAt: null };
    expect(gateRedirect(halfway, 'health-goals')).toBe('/onboarding_10');
    expect(gateRedirect(halfway, 'biohacking-experience')).toBeNull();
    expect(gateRedirect(halfway, 'vital-signs-measurement')).toBeNull();
    expect(gateRedirect(halfway, 'height')).toBeNull();
  });

  it('lets the tutorial lead to the measurement even when "watched" was not saved, but no further', () => {
    const tutorialPending = { ...fresh, dateOfBirth: complete.dateOfBirth, country: 'gb', city: 'Leeds', heightCm: 180, currentWeightKg: 90, desiredWeightKg: 85 };
    expect(gateRedirect(tutorialPending, 'vital-signs-measurement')).toBeNull();
    expect(gateRedirect(tutorialPending, 'biohacking-experience')).toBe('/onboarding_8');
  });

  it('sends a user with terms accepted to the dashboard from every step but the track choice', () => {
    expect(gateRedirect(complete, 'date-of-birth')).toBe('/main_dashboard');
    expect(gateRedirect(complete, 'terms')).toBe('/main_dashboard');
    expect(gateRedirect(complete, 'track')).toBeNull();
  });
});

// The gate's flags, each either done or not: 2^12 users.
const FLAGS: { [K in keyof GateUser]: [GateUser[K], GateUser[K]] } = {
  dateOfBirth: [null, complete.dateOfBirth],
  country: [null, 'gb'],
  city: [null, 'London'],
  heightCm: [null, 180],
  currentWeightKg: [null, 92.5],
  desiredWeightKg: [null, 85],
  shenaiTutorialWatched: [false, true],
  biohackingExperience: [null, 'TAKING_ACTION'],
  healthGoals: [null, 'Sleep better'],
  devicesIntegrated: [false, true],
  track: [null, 'ONE'],
  termsAcceptedAt: [null, complete.termsAcceptedAt],
};
const KEYS = Object.keys(FLAGS) as (keyof GateUser)[];
const everyUser = (): GateUser[] =>
  Array.from({ length: 2 ** KEYS.length }, (_, bits) => Object.fromEntries(KEYS.map((key, i) => [key, FLAGS[key][(bits >> i) & 1]])) as GateUser);

const GATED_STEPS = ONBOARDING_STEPS.slice(ONBOARDING_STEPS.indexOf('date-of-birth'));
/** Where the gate sends a user who opens `path` (a gated step or the dashboard), or null to stay. */
function redirectFor(user: GateUser, path: string): string | null {
  const step = GATED_STEPS.find((s) => stepPath(s) === path);
  if (step) return gateRedirect(user, step as OnboardingStep);
  if (path === '/main_dashboard') return onboardedRedirect(user);
  throw new Error(`not a gated page: ${path}`);
}

describe('one gate for every page', () => {
  const users = everyUser();
  const pages = ['/main_dashboard', ...GATED_STEPS.map(stepPath)];

  it('lands every combination of the flags on a page it may stay on, in at most one redirect', () => {
    const chains: string[] = [];
    for (const user of users) {
      for (const page of pages) {
        const target = redirectFor(user, page);
        if (target !== null && redirectFor(user, target) !== null) chains.push(`${JSON.stringify(user)}: ${page} → ${target} → ${redirectFor(user, target)}`);
      }
      // /dashboard and the finished older screens go straight home.
      const home = homePath(user);
      if (redirectFor(user, home) !== null) chains.push(`${JSON.stringify(user)}: home ${home} → ${redirectFor(user, home)}`);
    }
    expect(chains).toEqual([]);
  });

  it('opens the dashboard to a member with terms accepted whose tutorial "watched" was never saved (the reported loop)', () => {
    const user = { ...complete, shenaiTutorialWatched: false };
    expect(onboardedRedirect(user)).toBeNull();
    expect(gateRedirect(user, 'vital-signs-tutorial')).toBe('/main_dashboard');
    expect(homePath(user)).toBe('/main_dashboard');
  });

  it('sends the dashboard of an unfinished onboarding to the same step the steps themselves keep open', () => {
    for (const user of users) {
      const missing = firstMissingStep(user);
      expect(onboardedRedirect(user)).toBe(missing ? stepPath(missing) : null);
      if (missing) expect(gateRedirect(user, missing)).toBeNull();
    }
  });
});
