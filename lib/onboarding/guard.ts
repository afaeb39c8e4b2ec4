import 'server-only';
import { redirect } from 'next/navigation';
import { requireUser, type SessionUser } from '@/lib/auth/sessions';
import { db } from '@/lib/db';
import { DASHBOARD_PATH } from '@/lib/routes';
import { GATE_SELECT, gateRedirect, homePath, onboardedRedirect, type GateUser } from './gate';
import type { OnboardingStep } from '@/lib/routes';

type GatedUser = SessionUser & GateUser;

/** The signed-in user with the columns the gate reads; signed-out visitors go to /login. */
async function gatedUser(): Promise<GatedUser> {
  const user = await requireUser();
  const gate = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: GATE_SELECT });
  return { ...user, ...gate };
}

/**
 * For onboarding step pages: signs-out go to /login, and a user who may not be on this step is
 * redirected before any HTML is sent, so a wrong step never flashes.
 */
export async function guardOnboardingStep(step: OnboardingStep): Promise<GatedUser> {
  const user = await gatedUser();
  const target = gateRedirect(user, step);
  if (target) redirect(target);
  return user;
}

/** For the pages behind onboarding (SPEC §4 "Dashboard load"): an unfinished onboarding resumes at its first missing step. */
export async function requireOnboardedUser(): Promise<GatedUser> {
  const user = await gatedUser();
  const target = onboardedRedirect(user);
  if (target) redirect(target);
  return user;
}

/**
 * For the paid product's pages (SPEC §6): past onboarding, and with billing on an open subscription;
 * without one, the dashboard's own gate takes over (it starts a checkout).
 */
export async function requireSubscribedUser(): Promise<GatedUser> {
  const user = await requireOnboardedUser();
  // Loaded on use: the billing code is needed only here.
  const { dashboardAccess } = await import('@/lib/billing/subscriptions');
  if (!(await dashboardAccess(user.id)).open) redirect(DASHBOARD_PATH);
  return user;
}

/**
 * Sends the signed-in user where they belong now (the dashboard, or the step onboarding resumes at) in
 * one redirect: for /dashboard and the older screens that are done with (their "go to /dashboard").
 */
export async function redirectHome(userId: string): Promise<never> {
  redirect(homePath(await db.user.findUniqueOrThrow({ where: { id: userId }, select: GATE_SELECT })));
}
