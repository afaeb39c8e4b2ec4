import 'server-only';
import { db } from '@/lib/db';
import { BIOHACKING_EXPERIENCE, ISO_DAY, TRACK, UNITS_PREFERENCE } from '@/lib/codecs';

/** GET /api/user: SPEC §3's user record, in its snake_case field names. */
export async function userRecord(userId: string) {
  const u = await db.user.findUniqueOrThrow({ where: { id: userId } });
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    terms_accepted: u.termsAcceptedAt !== null,
    date_of_birth: ISO_DAY.fromNullable(u.dateOfBirth),
    country: u.country,
    city: u.city,
    allow_location_access: u.allowLocationAccess,
    height: u.heightCm,
    current_weight: u.currentWeightKg,
    desired_weight: u.desiredWeightKg,
    shenai_tutorial_watched: u.shenaiTutorialWatched,
    biohacking_experience: BIOHACKING_EXPERIENCE.toLabel(u.biohackingExperience),
    health_goals: u.healthGoals,
    devices_integrated: u.devicesIntegrated,
    track: TRACK.toLabel(u.track),
    instructions_read: u.instructionsRead,
    units_preference: UNITS_PREFERENCE.toLabel(u.unitsPreference),
    trial_ends_at: u.trialEndsAt?.toISOString() ?? null,
  };
}

export type UserRecord = Awaited<ReturnType<typeof userRecord>>;

/** The flags of the older screens (/instructions, /devices-integrated): each, once set, sends the member home. */
export async function olderScreenFlags(userId: string): Promise<{ instructionsRead: boolean; devicesIntegrated: boolean }> {
  return db.user.findUniqueOrThrow({ where: { id: userId }, select: { instructionsRead: true, devicesIntegrated: true } });
}
