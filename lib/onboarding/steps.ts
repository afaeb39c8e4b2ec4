// SPEC §2's onboarding table, in order: step n lives at /onboarding_n. The progress bar reads this list.
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
