import { describe, expect, it } from '@jest/globals';
import { firstMissingStep, gateRedirect, type GateUser } from '@/lib/onboarding/gate';

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
    ['tutorial not watched', { shenaiTutorialWatched: false }, 'vital-signs-tutorial'],
    ['no biohacking experience', { biohackingExperience: null }, 'biohacking-experience'],
    ['blank health goals', { healthGoals: '   ' }, 'health-goals'],
    ['devices not confirmed', { devicesIntegrated: false }, 'devices'],
    ['no track', { track: null }, 'track'],
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
