import 'server-only';
import { ACTIVITY_LEVEL, BIOHACKING_EXPERIENCE, DIET_PATTERN, GENDER, ISO_DAY, PLAN_PREFERENCE, TRACK, UNITS_PREFERENCE } from '@/lib/codecs';
import { utcDay } from '@/lib/days';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { currentWeight, type CurrentWeight } from '@/lib/metrics/current-weight';
import { sourceName } from '@/lib/metrics/source-names';

// The archive's profile.json.

// Named fields only, so that a column added later (a secret, say) is not exported until someone decides it should be.
const PROFILE_FIELDS = {
  id: true,
  email: true,
  emailVerified: true,
  name: true,
  image: true,
  firstName: true,
  lastName: true,
  dateOfBirth: true,
  gender: true,
  country: true,
  city: true,
  allowLocationAccess: true,
  heightCm: true,
  desiredWeightKg: true,
  doctorQuestions: true,
  shenaiTutorialWatched: true,
  biohackingExperience: true,
  healthGoals: true,
  devicesIntegrated: true,
  track: true,
  instructionsRead: true,
  activityLevel: true,
  dietPattern: true,
  currentBiohacks: true,
  planPreference: true,
  dailyHealthTimeHours: true,
  healthConditions: true,
  additionalFocusAreas: true,
  unitsPreference: true,
  notificationsEnabled: true,
  timeZone: true,
  termsAcceptedAt: true,
  trialStartedAt: true,
  trialEndsAt: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.UserSelect;

type ProfileRow = Prisma.UserGetPayload<{ select: typeof PROFILE_FIELDS }>;

/** The profile in the words the screens use (enums as their labels), grouped as the app asks for it. */
function profileOf(user: ProfileRow, weight: CurrentWeight | null, signInProviders: string[], now: Date) {
  return {
    exported_at: now,
    id: user.id,
    email: user.email,
    email_verified_at: user.emailVerified,
    name: user.name,
    first_name: user.firstName,
    last_name: user.lastName,
    image: user.image,
    date_of_birth: ISO_DAY.fromNullable(user.dateOfBirth),
    gender: GENDER.toLabel(user.gender),
    country: user.country,
    city: user.city,
    height_cm: user.heightCm,
    // The current weight every screen shows: the newest weighing, whatever its source (lib/metrics/current-weight.ts).
    current_weight_kg: weight?.kg ?? null,
    current_weight_measured_on: weight?.day ?? null,
    current_weight_source: weight ? sourceName(weight.source) : null,
    desired_weight_kg: user.desiredWeightKg,
    // The questions noted for the doctor on /my_results, as the summary PDF prints them.
    doctor_questions: user.doctorQuestions,
    onboarding: {
      biohacking_experience: BIOHACKING_EXPERIENCE.toLabel(user.biohackingExperience),
      health_goals: user.healthGoals,
      track: TRACK.toLabel(user.track),
      devices_integrated: user.devicesIntegrated,
      shenai_tutorial_watched: user.shenaiTutorialWatched,
      instructions_read: user.instructionsRead,
      activity_level: ACTIVITY_LEVEL.toLabel(user.activityLevel),
      diet_pattern: DIET_PATTERN.toLabel(user.dietPattern),
      current_biohacks: user.currentBiohacks,
      plan_preference: PLAN_PREFERENCE.toLabel(user.planPreference),
      daily_health_time_hours: user.dailyHealthTimeHours,
      health_conditions: user.healthConditions,
      additional_focus_areas: user.additionalFocusAreas,
    },
    preferences: {
      units: UNITS_PREFERENCE.toLabel(user.unitsPreference),
      notifications_enabled: user.notificationsEnabled,
      allow_location_access: user.allowLocationAccess,
      time_zone: user.timeZone,
    },
    sign_in_with: signInProviders,
    terms_accepted_at: user.termsAcceptedAt,
    trial_started_at: user.trialStartedAt,
    trial_ends_at: user.trialEndsAt,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  };
}

export async function* profileJson(userId: string, now: Date): AsyncGenerator<string> {
  const [user, weight] = await Promise.all([db.user.findUniqueOrThrow({ where: { id: userId }, select: PROFILE_FIELDS }), currentWeight(userId, utcDay(now))]);
  // Which providers only: an account row's tokens stay out.
  const accounts = await db.account.findMany({ where: { userId }, select: { provider: true }, orderBy: { provider: 'asc' } });
  yield `${JSON.stringify(profileOf(user, weight, accounts.map((a) => a.provider), now), null, 2)}\n`;
}
