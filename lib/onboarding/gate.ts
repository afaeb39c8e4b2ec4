import { DASHBOARD_PATH } from '@/lib/routes';
import type { Prisma } from '@/lib/generated/prisma/client';
import { ONBOARDING_STEPS, stepPath, type OnboardingStep } from '@/lib/routes';

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

// In order; the first that fails names the step the user still has to do. `beforeTermsOnly` marks the
// two items the dashboard's own list (SPEC §4 "Dashboard load") leaves out: once the terms are accepted,
// a tutorial whose "watched" save failed (SPEC lets Finish go on) or an unset track keeps nobody out.
const CHECKS: { step: OnboardingStep; done: (user: GateUser) => boolean; beforeTermsOnly?: true }[] = [
  { step: 'date-of-birth', done: (u) => u.dateOfBirth !== null },
  { step: 'location', done: (u) => Boolean(u.country && u.city) },
  { step: 'height', done: (u) => u.heightCm !== null },
  { step: 'weight', done: (u) => u.currentWeightKg !== null && u.desiredWeightKg !== null },
  { step: 'vital-signs-tutorial', done: (u) => u.shenaiTutorialWatched, beforeTermsOnly: true },
  { step: 'biohacking-experience', done: (u) => u.biohackingExperience !== null },
  { step: 'health-goals', done: (u) => Boolean(u.healthGoals?.trim()) },
  { step: 'devices', done: (u) => u.devicesIntegrated },
  { step: 'track', done: (u) => u.track !== null, beforeTermsOnly: true },
  { step: 'terms', done: (u) => u.termsAcceptedAt !== null },
];

/** The first onboarding step the user still has to do, or null when the dashboard is open to them. */
export function firstMissingStep(user: GateUser): OnboardingStep | null {
  const termsAccepted = user.termsAcceptedAt !== null;
  return CHECKS.find((check) => !(termsAccepted && check.beforeTermsOnly) && !check.done(user))?.step ?? null;
}

/** Where the member belongs now: the first step still to do, or the dashboard. Every "go home" redirect uses it. */
export function homePath(user: GateUser): string {
  const missing = firstMissingStep(user);
  return missing ? stepPath(missing) : DASHBOARD_PATH;
}

/**
 * Where a user who opens `step` must go instead, or null to stay. A finished member goes to the
 * dashboard from every step but the track choice (SPEC: step 13 does not redirect); otherwise a step
 * after the first missing one goes back to it, and earlier steps stay open, so the back arrows work.
 * Each answer is a page this same gate lets the user stay on, so no chain of redirects can form.
 */
export function gateRedirect(user: GateUser, step: OnboardingStep): string | null {
  const missing = firstMissingStep(user);
  if (!missing) return step === 'track' ? null : DASHBOARD_PATH;
  // SPEC: the tutorial's Finish reaches the measurement even when saving "watched" failed.
  if (missing === 'vital-signs-tutorial' && step === 'vital-signs-measurement') return null;
  if (ONBOARDING_STEPS.indexOf(missing) < ONBOARDING_STEPS.indexOf(step)) return stepPath(missing);
  return null;
}

/** For the pages behind onboarding (the dashboard and its screens): the first missing step, or null to stay. */
export function onboardedRedirect(user: GateUser): string | null {
  const missing = firstMissingStep(user);
  return missing ? stepPath(missing) : null;
}
