import 'server-only';
import { assertCredentialChangeAllowed } from '@/lib/auth/credentials';
import { hashPassword } from '@/lib/auth/password';
import { endOtherSessions } from '@/lib/auth/sessions';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { ActivityLevel, DietPattern, Gender, PlanPreference } from '@/lib/generated/prisma/enums';
import { biohackingFromLabel, biohackingToLabel } from '@/lib/onboarding/biohacking';
import type { ACTIVITY_LEVELS, DIET_PATTERNS, GENDERS, PLAN_PREFERENCES, SetUserInfoInput } from '@/lib/validation/profile';

type Labelled<L extends string, V> = Record<L, V>;
const GENDER: Labelled<(typeof GENDERS)[number], Gender> = { Male: Gender.MALE, Female: Gender.FEMALE, Other: Gender.OTHER };
const ACTIVITY: Labelled<(typeof ACTIVITY_LEVELS)[number], ActivityLevel> = {
  Sedentary: ActivityLevel.SEDENTARY,
  'Lightly Active': ActivityLevel.LIGHTLY_ACTIVE,
  'Very Active': ActivityLevel.VERY_ACTIVE,
  'Extremely Active': ActivityLevel.EXTREMELY_ACTIVE,
};
const DIET: Labelled<(typeof DIET_PATTERNS)[number], DietPattern> = {
  None: DietPattern.NONE,
  Keto: DietPattern.KETO,
  Vegan: DietPattern.VEGAN,
  'Intermittent Fasting': DietPattern.INTERMITTENT_FASTING,
  Paleo: DietPattern.PALEO,
  Mediterranean: DietPattern.MEDITERRANEAN,
};
const PLAN: Labelled<(typeof PLAN_PREFERENCES)[number], PlanPreference> = { Structured: PlanPreference.STRUCTURED, Flexible: PlanPreference.FLEXIBLE };
const labelOf = <L extends string, V>(map: Labelled<L, V>, value: V | null) => (Object.keys(map) as L[]).find((label) => map[label] === value) ?? null;
const mapped = <L extends string, V>(map: Labelled<L, V>, label: L | null | undefined) => (label === undefined ? undefined : label === null ? null : map[label]);

/** GET /api/get-user-info: the profile (both the older form's fields and the profile page's), with flags. */
export async function getUserInfo(userId: string) {
  const u = await db.user.findUniqueOrThrow({ where: { id: userId } });
  return {
    name: u.firstName ?? '',
    surname: u.lastName ?? '',
    email: u.email,
    date_of_birth: u.dateOfBirth?.toISOString().slice(0, 10) ?? '',
    gender: labelOf(GENDER, u.gender) ?? '',
    height: u.heightCm ?? '',
    weight: u.currentWeightKg ?? '',
    goal_weight: u.desiredWeightKg ?? '',
    health_goals: u.healthGoals ?? '',
    activity_level: labelOf(ACTIVITY, u.activityLevel) ?? '',
    diet_pattern: labelOf(DIET, u.dietPattern) ?? '',
    biohacking_experience: biohackingToLabel(u.biohackingExperience) ?? '',
    current_biohacks: u.currentBiohacks ?? '',
    plan_preference: labelOf(PLAN, u.planPreference) ?? '',
    daily_health_time: u.dailyHealthTimeHours ?? '',
    health_conditions: u.healthConditions ?? '',
    additional_focus_areas: u.additionalFocusAreas ?? '',
    country: u.country ?? '',
    city: u.city ?? '',
    instructions_read: u.instructionsRead,
    devices_integrated: u.devicesIntegrated,
    terms_accepted: u.termsAcceptedAt !== null,
  };
}

/**
 * POST /api/set-user-info: changes only the fields sent, in one statement. A new e-mail or password
 * needs the current password; a new password ends every other session. An e-mail in use is a 409.
 */
export async function setUserInfo(userId: string, input: SetUserInfoInput, keepSessionToken?: string): Promise<void> {
  await assertCredentialChangeAllowed(userId, {
    email: input.email,
    password: input.password,
    currentPassword: input.current_password,
    firstName: input.name,
    lastName: input.surname,
  });
  const data: Prisma.UserUpdateInput = {
    firstName: input.name,
    lastName: input.surname,
    dateOfBirth: input.date_of_birth === undefined ? undefined : new Date(`${input.date_of_birth}T00:00:00Z`),
    gender: input.gender === undefined ? undefined : GENDER[input.gender],
    heightCm: input.height,
    currentWeightKg: input.weight,
    desiredWeightKg: input.goal_weight,
    healthGoals: input.health_goals,
    activityLevel: mapped(ACTIVITY, input.activity_level),
    dietPattern: mapped(DIET, input.diet_pattern),
    biohackingExperience: input.biohacking_experience === undefined ? undefined : input.biohacking_experience && biohackingFromLabel(input.biohacking_experience),
    currentBiohacks: input.current_biohacks,
    planPreference: mapped(PLAN, input.plan_preference),
    dailyHealthTimeHours: input.daily_health_time,
    healthConditions: input.health_conditions,
    additionalFocusAreas: input.additional_focus_areas,
    country: input.country === undefined ? undefined : input.country || null,
    city: input.city === undefined ? undefined : input.city || null,
    email: input.email,
    passwordHash: input.password ? await hashPassword(input.password) : undefined,
  };
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data });
    if (input.password) await endOtherSessions(userId, keepSessionToken, tx);
  });
}
