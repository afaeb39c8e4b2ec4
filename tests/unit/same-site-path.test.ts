import { describe, expect, it } from '@jest/globals';
import { sameSitePath } from '@/lib/same-site-path';

describe('sameSitePath', () => {
  it.each(['/onboarding_11', '/', '/main_dashboard?tab=sleep', '/my_actions#top'])('keeps the site path %s', (path) => {
    expect(sameSitePath(path)).toBe(path);
  });

  it.each([
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    'onboarding_11',
    '',
  ])('rejects %j', (value) => {
    expect(sameSitePath(value)).toBe('/');
  });

  it('rejects a missing or repeated parameter and uses the given fallback', () => {
    expect(sameSitePath(undefined)).toBe('/');
    expect(sameSitePath(['/a', '/b'], '/main_dashboard')).toBe('/main_dashboard');
  });
});
