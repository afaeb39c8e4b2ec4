import type { User } from '@/lib/generated/prisma/client';
import type { ProfileCompletion } from './contract';

// The 'Your profile' ring: how much of the profile the user has filled in. Pure, browser-safe.

/** The fields a complete profile has, in the order the profile screens ask for them, with their labels. */
export const PROFILE_FIELDS = [
  { key: 'firstName', label: 'First name' },
  { key: 'lastName', label: 'Last name' },
  { key: 'dateOfBirth', label: 'Date of birth' },
  { key: 'gender', label: 'Gender' },
  { key: 'country', label: 'Country' },
  { key: 'city', label: 'City' },
  { key: 'heightCm', label: 'Height' },
  { key: 'currentWeightKg', label: 'Current weight' },
  { key: 'desiredWeightKg', label: 'Goal weight' },
  { key: 'activityLevel', label: 'Activity level' },
  { key: 'dietPattern', label: 'Diet pattern' },
  { key: 'biohackingExperience', label: 'Biohacking experience' },
  { key: 'healthGoals', label: 'Health goals' },
  { key: 'planPreference', label: 'Plan preference' },
] as const satisfies readonly { key: keyof User; label: string }[];

export type ProfileField = (typeof PROFILE_FIELDS)[number]['key'];

/** The User columns the ring reads; a whole User row fits. */
export type ProfileColumns = Pick<User, ProfileField>;

/** Blank text and a stored NaN count as not filled in. */
function filled(value: ProfileColumns[ProfileField]): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return Number.isFinite(value);
  return true;
}

/** The share of PROFILE_FIELDS filled in (whole percent) and the labels of the ones still empty. */
export function profileCompletion(user: ProfileColumns): ProfileCompletion {
  const missing = PROFILE_FIELDS.filter(({ key }) => !filled(user[key])).map(({ label }) => label);
  return { percent: Math.round((100 * (PROFILE_FIELDS.length - missing.length)) / PROFILE_FIELDS.length), missing };
}
