import { describe, expect, it } from '@jest/globals';
import { PROFILE_FIELDS, profileCompletion, type ProfileColumns } from '@/lib/dashboard/profile-completion';

const EMPTY: ProfileColumns = {
  firstName: null,
  lastName: null,
  dateOfBirth: null,
  gender: null,
  country: null,
  city: null,
  heightCm: null,
  currentWeightKg: null,
  desiredWeightKg: null,
  activityLevel: null,
  dietPattern: null,
  biohackingExperience: null,
  healthGoals: null,
  planPreference: null,
};

const FULL: ProfileColumns = {
  firstName: 'Marcus',
  lastName: 'Aurelius',
  dateOfBirth: new Date('1985-06-15T00:00:00Z'),
  gender: 'MALE',
  country: 'gb',
  city: 'London',
  heightCm: 180,
  currentWeightKg: 90,
  desiredWeightKg: 82,
  activityLevel: 'LIGHTLY_ACTIVE',
  dietPattern: 'NONE',
  biohackingExperience: 'BECOMING_AWARE',
  healthGoals: 'More energy and better sleep',
  planPreference: 'FLEXIBLE',
};

describe('profileCompletion', () => {
  it('names the 14 fields of a complete profile', () => {
    expect(PROFILE_FIELDS.map((f) => f.label)).toEqual([
      'First name',
      'Last name',
      'Date of birth',
      'Gender',
      'Country',
      'City',
      'Height',
      'Current weight',
      'Goal weight',
      'Activity level',
      'Diet pattern',
      'Biohacking experience',
      'Health goals',
      'Plan preference',
    ]);
  });

  it('is 0 % with every label missing for an empty profile, and 100 % with none for a full one', () => {
    expect(profileCompletion(EMPTY)).toEqual({ percent: 0, missing: PROFILE_FIELDS.map((f) => f.label) });
    expect(profileCompletion(FULL)).toEqual({ percent: 100, missing: [] });
  });

  it('counts what onboarding fills in: 9 of 14 is 64 %, with the older form’s fields missing', () => {
    const onboarded = { ...FULL, gender: null, activityLevel: null, dietPattern: null, planPreference: null, lastName: null };
    // 9 / 14 = 64.29 %
    expect(profileCompletion(onboarded)).toEqual({ percent: 64, missing: ['Last name', 'Gender', 'Activity level', 'Diet pattern', 'Plan preference'] });
  });

  it('treats blank text and a stored NaN as empty', () => {
    // 13 / 14 = 92.86 %
    expect(profileCompletion({ ...FULL, healthGoals: '   ' })).toEqual({ percent: 93, missing: ['Health goals'] });
    // 12 / 14 = 85.71 %
    expect(profileCompletion({ ...FULL, city: '', desiredWeightKg: Number.NaN })).toEqual({ percent: 86, missing: ['City', 'Goal weight'] });
    // 1 / 14 = 7.14 %
    expect(profileCompletion({ ...EMPTY, firstName: 'Marcus' })).toEqual({ percent: 7, missing: PROFILE_FIELDS.slice(1).map((f) => f.label) });
  });
});
