import { expect, type APIRequestContext } from '@playwright/test';
import type { OnboardingStep } from '../../../lib/onboarding/steps';
import { appHeaders } from './client-address';

// Each answering step's real call and a typical answer (SPEC §7); tests override the answers they care about.
export const DEFAULT_ANSWERS = {
  'date-of-birth': { date_of_birth: '1985-06-15' },
  location: { country: 'gb', city: 'London', allow_location_access: true },
  height: { height: 180 },
  weight: { current_weight: 90, desired_weight: 82 },
  'vital-signs-tutorial': undefined,
  'biohacking-experience': { biohacking_experience: 'Becoming aware' },
  'health-goals': { health_goals: 'More energy and better sleep' },
  devices: { devices_integrated: true },
  track: { track: 'one' },
  terms: { accepted: true },
} as const;

export type AnsweringStep = keyof typeof DEFAULT_ANSWERS;
export type Answers = { [S in AnsweringStep]?: Record<string, unknown> };

const CALLS: Record<AnsweringStep, string> = {
  'date-of-birth': '/api/update_dob',
  location: '/api/update_location',
  height: '/api/update_height',
  weight: '/api/update_weight',
  'vital-signs-tutorial': '/api/shenai-tutorial-watched',
  'biohacking-experience': '/api/update_biohacking_experience',
  'health-goals': '/api/update_health_goals',
  devices: '/api/update_devices_integrated',
  track: '/api/set-track',
  terms: '/api/assign-terms',
};
const ORDER = Object.keys(CALLS) as AnsweringStep[];

/** Answers every step up to and including `through`, as the signed-in user of `request`, through the real calls. */
export async function answerThrough(request: APIRequestContext, baseURL: string, address: string, through: AnsweringStep, answers: Answers = {}) {
  for (const step of ORDER.slice(0, ORDER.indexOf(through) + 1)) {
    const data = answers[step] ?? DEFAULT_ANSWERS[step];
    const response = await request.post(CALLS[step], { ...(data === undefined ? {} : { data }), headers: appHeaders(baseURL, address) });
    expect(response.status(), `${CALLS[step]}: ${await response.text()}`).toBe(200);
  }
}

/** The step just before `step` among the answering steps, or null for the first one. */
export function answeringStepBefore(step: OnboardingStep): AnsweringStep | null {
  const order: readonly string[] = ORDER;
  if (step === 'vital-signs-measurement') return 'vital-signs-tutorial';
  const index = order.indexOf(step);
  return index > 0 ? ORDER[index - 1]! : null;
}
