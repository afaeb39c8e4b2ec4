import 'server-only';
import { redirect } from 'next/navigation';
import { requireUser, type SessionUser } from '@/lib/auth/sessions';
import { db } from '@/lib/db';
import { GATE_SELECT, gateRedirect, type GateUser } from './gate';
import type { OnboardingStep } from './steps';

/**
 * For onboarding step pages: signs-out go to /login, and a user who may not be on this step is
 * redirected before any HTML is sent, so a wrong step never flashes.
 */
export async function guardOnboardingStep(step: OnboardingStep): Promise<SessionUser & GateUser> {
  const user = await requireUser();
  const gate = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: GATE_SELECT });
  const target = gateRedirect(gate, step);
  if (target) redirect(target);
  return { ...user, ...gate };
}
