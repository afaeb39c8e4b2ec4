import 'server-only';
import { BIOHACKING_EXPERIENCE, ISO_DAY, TRACK } from '@/lib/codecs';
import { db } from '@/lib/db';
import { recordMemberWeight } from '@/lib/metrics/current-weight';
import type { z } from 'zod';
import type { biohackingSchema, dobSchema, goalsSchema, heightSchema, locationSchema, trackSchema, weightSchema } from '@/lib/validation/onboarding';

// Each onboarding answer is one UPDATE of the user's own row: it lands whole or not at all.
const update = (userId: string, data: Parameters<typeof db.user.update>[0]['data']) => db.user.update({ where: { id: userId }, data, select: { id: true } });

const TRIAL_DAYS = 30;

export const saveDateOfBirth = (userId: string, input: z.output<typeof dobSchema>) =>
  update(userId, { dateOfBirth: ISO_DAY.toDate(input.date_of_birth) });

export const saveLocation = (userId: string, input: z.output<typeof locationSchema>) =>
  update(userId, { country: input.country || null, city: input.city || null, allowLocationAccess: input.allow_location_access });

export const saveHeight = (userId: string, input: z.output<typeof heightSchema>) => update(userId, { heightCm: input.height });

/** Without a desired weight the user wants to stay where they are. The weight is also today's weighing (lib/metrics/current-weight.ts). */
export const saveWeight = (userId: string, input: z.output<typeof weightSchema>) =>
  db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { currentWeightKg: input.current_weight, desiredWeightKg: input.desired_weight ?? input.current_weight }, select: { id: true } });
    await recordMemberWeight(tx, userId, input.current_weight);
  });

export const markTutorialWatched = (userId: string) => update(userId, { shenaiTutorialWatched: true });

export const saveBiohackingExperience = (userId: string, input: z.output<typeof biohackingSchema>) =>
  update(userId, { biohackingExperience: BIOHACKING_EXPERIENCE.toStored(input.biohacking_experience) });

export const saveHealthGoals = (userId: string, input: z.output<typeof goalsSchema>) => update(userId, { healthGoals: input.health_goals });

export const markDevicesIntegrated = (userId: string) => update(userId, { devicesIntegrated: true });

export const markInstructionsRead = (userId: string) => update(userId, { instructionsRead: true });

export const saveTrack = (userId: string, input: z.output<typeof trackSchema>) => update(userId, { track: TRACK.toStored(input.track) });

/** Accepting the terms starts the 30-day free trial, once. */
export async function acceptTerms(userId: string): Promise<void> {
  const now = new Date();
  await db.user.updateMany({
    where: { id: userId, termsAcceptedAt: null },
    data: { termsAcceptedAt: now, trialStartedAt: now, trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * 86_400_000) },
  });
}
