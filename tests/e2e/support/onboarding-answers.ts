import { expect, type APIRequestContext } from '@playwright/test';
import type { OnboardingStep } from '@/lib/routes';
import { appHeaders } from './client-address';

import { ANSWER_CALLS as CALLS, ANSWER_ORDER as ORDER, DEFAULT_ANSWERS, type AnsweringStep, type Answers } from '@/tests/setup/onboarding-calls';

export type { Answers } from '@/tests/setup/onboarding-calls';

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
