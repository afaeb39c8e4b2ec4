import type { Prisma } from '@/lib/generated/prisma/client';
import { ONBOARDING_STEPS, stepPath, type OnboardingStep } from './steps';

/** The user columns the onboarding gate reads (SPEC §4, the step-4-and-later numbering). */
export const GATE_SELECT = {
  dateOfBirth: true,
  country: true,
  city: true,
  heightCm: true,
  currentWeightKg: true,
  desiredWeightKg: true,
  shenaiTutorialWatched: true,
  biohackingExperience: true,
  healthGoals: true,
  devicesIntegrated: true,
  track: true,
  termsAcceptedAt: true,
} as const satisfies Prisma.UserSelect;

/** A user row as GATE_SELECT reads it, so the gate's input cannot drift from the query. */
export type GateUser = Prisma.UserGetPayload<{ select: typeof GATE_SELECT }>;

// In order; the first that fails names the step the user still has to do.
const CHECKS: [OnboardingStep, (user: GateUser) => boolean][] = [
  ['date-of-birth', (u) => u.dateOfBirth !== null],
  ['location', (u) => Boolean(u.country && u.city)],
  ['height', (u) => u.heightCm !== null],
  ['weight', (u) => u.currentWeightKg !== null && u.desiredWeightKg !== null],
  ['vital-signs-tutorial', (u) => u.shenaiTutorialWatched],
  ['biohacking-experience', (u) => u.biohackingExperience !== null],
  ['health-goals', (u) => Boolean(u.healthGoals?.trim())],
  ['devices', (u) => u.devicesIntegrated],
  ['track', (u) => u.track !== null],
  ['terms', (u) => u.termsAcceptedAt !== null],
];

/** The first onboarding step the user has not done, or null when onboarding is finished. */
export function firstMissingStep(user: GateUser): OnboardingStep | null {
  return CHECKS.find(([, done]) => !done(user))?.[0] ?? null;
}

/**
 * Where a user who opens `step` must go instead, or null to stay. With terms accepted every step
 * but the track choice goes to the dashboard; before that, a later step than the first missing one
 * goes back to it. Earlier steps stay open, so the back arrows work.
 */
export function gateRedirect(user: GateUser, step: OnboardingStep): string | null {
  if (user.termsAcceptedAt !== null) return step === 'track' ? null : '/main_dashboard';
  const missing = firstMissingStep(user);
  // SPEC: the tutorial's Finish reaches the measurement even when saving "watched" failed.
  if (missing === 'vital-signs-tutorial' && step === 'vital-signs-measurement') return null;
  if (missing && ONBOARDING_STEPS.indexOf(missing) < ONBOARDING_STEPS.indexOf(step)) return stepPath(missing);
  return null;
}
