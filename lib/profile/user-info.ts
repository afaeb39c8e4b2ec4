import 'server-only';
import { assertCredentialChangeAllowed } from '@/lib/auth/credentials';
import { mailSecurityChange, recordSecurityEvent } from '@/lib/auth/security-log';
import { hashPassword } from '@/lib/auth/password';
import { endWhatTheOldCredentialsOpened } from '@/lib/auth/credential-change';
import { db } from '@/lib/db';
import { ACTIVITY_LEVEL, BIOHACKING_EXPERIENCE, DIET_PATTERN, GENDER, ISO_DAY, PLAN_PREFERENCE, type LabelledEnum } from '@/lib/codecs';
import type { Prisma } from '@/lib/generated/prisma/client';
import { currentWeight, recordMemberWeight } from '@/lib/metrics/current-weight';
import type { SetUserInfoInput } from '@/lib/validation/profile';

/** A field the request left out stays as it is; one sent empty (null) clears the column. */
const toStored = <L extends string, V extends string>(codec: LabelledEnum<L, V>, label: L | null | undefined) =>
  label === undefined ? undefined : label === null ? null : codec.toStored(label);

/** The columns the user-info answer shows: never the password hash or any other secret. */
const USER_INFO_SELECT = {
  firstName: true,
  lastName: true,
  email: true,
  dateOfBirth: true,
  gender: true,
  heightCm: true,
  currentWeightKg: true,
  desiredWeightKg: true,
  healthGoals: true,
  activityLevel: true,
  dietPattern: true,
  biohackingExperience: true,
  currentBiohacks: true,
  planPreference: true,
  dailyHealthTimeHours: true,
  healthConditions: true,
  additionalFocusAreas: true,
  country: true,
  city: true,
  instructionsRead: true,
  devicesIntegrated: true,
  termsAcceptedAt: true,
} as const satisfies Prisma.UserSelect;
type UserInfoRow = Prisma.UserGetPayload<{ select: typeof USER_INFO_SELECT }>;

/** GET /api/get-user-info: the profile (both the older form's fields and the profile page's), with flags. */
export async function getUserInfo(userId: string) {
  const [row, weight] = await Promise.all([db.user.findUniqueOrThrow({ where: { id: userId }, select: USER_INFO_SELECT }), currentWeight(userId)]);
  return userInfoOf(row, weight?.kg ?? null);
}

/**
 * What /profile shows, in one read: the user info, the units setting, and whether the account has a
 * password (the hash itself stays here).
 */
export async function profilePageData(userId: string) {
  const [{ unitsPreference, passwordHash, ...row }, weight] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { ...USER_INFO_SELECT, unitsPreference: true, passwordHash: true } }),
    currentWeight(userId),
  ]);
  return { info: userInfoOf(row, weight?.kg ?? null), unitsPreference, hasPassword: passwordHash !== null };
}

/** `weightKg`: the current weight (lib/metrics/current-weight.ts), the newest weighing whatever its source. */
function userInfoOf(u: UserInfoRow, weightKg: number | null) {
  return {
    name: u.firstName ?? '',
    surname: u.lastName ?? '',
    email: u.email,
    date_of_birth: ISO_DAY.fromNullable(u.dateOfBirth) ?? '',
    gender: GENDER.toLabel(u.gender) ?? '',
    height: u.heightCm ?? '',
    weight: weightKg ?? '',
    goal_weight: u.desiredWeightKg ?? '',
    health_goals: u.healthGoals ?? '',
    activity_level: ACTIVITY_LEVEL.toLabel(u.activityLevel) ?? '',
    diet_pattern: DIET_PATTERN.toLabel(u.dietPattern) ?? '',
    biohacking_experience: BIOHACKING_EXPERIENCE.toLabel(u.biohackingExperience) ?? '',
    current_biohacks: u.currentBiohacks ?? '',
    plan_preference: PLAN_PREFERENCE.toLabel(u.planPreference) ?? '',
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
 * needs the current password; either ends every other session and voids every reset link sent. An
 * e-mail in use is a 409.
 */
export async function setUserInfo(userId: string, input: SetUserInfoInput, keepSessionToken?: string, request?: Request): Promise<void> {
  const { credentialsChange, emailChanges, previousEmail } = await assertCredentialChangeAllowed(userId, {
    request,
    email: input.email,
    password: input.password,
    currentPassword: input.current_password,
    firstName: input.name,
    lastName: input.surname,
  });
  const data: Prisma.UserUpdateInput = {
    firstName: input.name,
    lastName: input.surname,
    dateOfBirth: input.date_of_birth === undefined ? undefined : ISO_DAY.toDate(input.date_of_birth),
    gender: toStored(GENDER, input.gender),
    heightCm: input.height,
    currentWeightKg: input.weight,
    desiredWeightKg: input.goal_weight,
    healthGoals: input.health_goals,
    activityLevel: toStored(ACTIVITY_LEVEL, input.activity_level),
    dietPattern: toStored(DIET_PATTERN, input.diet_pattern),
    biohackingExperience: toStored(BIOHACKING_EXPERIENCE, input.biohacking_experience),
    currentBiohacks: input.current_biohacks,
    planPreference: toStored(PLAN_PREFERENCE, input.plan_preference),
    dailyHealthTimeHours: input.daily_health_time,
    healthConditions: input.health_conditions,
    additionalFocusAreas: input.additional_focus_areas,
    country: input.country === undefined ? undefined : input.country || null,
    city: input.city === undefined ? undefined : input.city || null,
    email: input.email,
    passwordHash: input.password ? await hashPassword(input.password) : undefined,
  };
  // A weight sent is the member's own weighing today, unless it is the current weight sent back unchanged
  // (the form sends every field): that must not put a typed copy ahead of the scale's reading.
  const current = input.weight == null ? null : await currentWeight(userId);
  const weighed = input.weight != null && (current === null || Math.abs(current.kg - input.weight) >= 0.05) ? input.weight : null;
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data });
    if (weighed !== null) await recordMemberWeight(tx, userId, weighed);
    // A new e-mail or password ends what the old ones opened: other browsers' sessions, sign-ins waiting for
    // their second step, remembered browsers and reset links.
    if (credentialsChange) {
      await endWhatTheOldCredentialsOpened(tx, userId, keepSessionToken);
      if (emailChanges) await recordSecurityEvent(userId, 'email_changed', { request, client: tx });
      if (input.password) await recordSecurityEvent(userId, 'password_changed', { request, client: tx });
    }
  });
  // The old address hears of its replacement: whoever changed it may not be the member.
  if (emailChanges) mailSecurityChange(userId, 'email_changed', { request, to: previousEmail });
  if (input.password) mailSecurityChange(userId, 'password_changed', { request });
}
