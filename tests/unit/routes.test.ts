import { describe, expect, it } from '@jest/globals';
import { isSignedInRoute, SIGNED_IN_ROUTES } from '@/lib/routes';

describe('isSignedInRoute', () => {
  it.each(['/main_dashboard', '/onboarding_4', '/onboarding_14', '/settings', '/weekly_checkin', '/main_dashboard/', '/experiments', '/experiments/abc123'])('%s needs a session', (path) => {
    expect(isSignedInRoute(path)).toBe(true);
  });

  it.each(['/', '/login', '/signup', '/onboarding_1', '/onboarding_2', '/onboarding_3', '/forgot-password', '/reset-password/abc', '/pillars_overview', '/order_devices'])(
    '%s is public',
    (path) => {
      expect(isSignedInRoute(path)).toBe(false);
    },
  );

  it('covers onboarding steps 4 to 14 and every other signed-in route of SPEC §2, /my_results and /experiments', () => {
    expect(SIGNED_IN_ROUTES.filter((r) => r.startsWith('/onboarding_'))).toHaveLength(11);
    expect(SIGNED_IN_ROUTES).toHaveLength(33);
  });
});
