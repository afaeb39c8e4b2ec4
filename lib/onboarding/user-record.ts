import 'server-only';
import { db } from '@/lib/db';
import { biohackingToLabel } from './biohacking';

const isoDay = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** GET /api/user: SPEC §3's user record, in its snake_case field names. */
export async function userRecord(userId: string) {
  const u = await db.user.findUniqueOrThrow({ where: { id: userId } });
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    last_name: u.lastName,
    terms_accepted: u.termsAcceptedAt !== null,
    date_of_birth: isoDay(u.dateOfBirth),
    country: u.country,
    city: u.city,
    allow_location_access: u.allowLocationAccess,
    height: u.heightCm,
    current_weight: u.currentWeightKg,
    desired_weight: u.desiredWeightKg,
    shenai_tutorial_watched: u.shenaiTutorialWatched,
    biohacking_experience: biohackingToLabel(u.biohackingExperience),
    health_goals: u.healthGoals,
    devices_integrated: u.devicesIntegrated,
    track: u.track === null ? null : u.track === 'ONE' ? 'one' : 'two',
    instructions_read: u.instructionsRead,
    units_preference: u.unitsPreference === 'METRIC' ? 'cm/kg' : 'ft/in/lbs',
    trial_ends_at: u.trialEndsAt?.toISOString() ?? null,
  };
}

export type UserRecord = Awaited<ReturnType<typeof userRecord>>;
