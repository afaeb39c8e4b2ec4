import { z } from 'zod';
import type * as core from 'zod/v4/core';
import { ACTIVITY_LEVEL, DIET_PATTERN, GENDER, PLAN_PREFERENCE, UNITS_PREFERENCE } from '@/lib/codecs';
import { roundToTenth } from '@/lib/units';
import { email, newPassword, PASSWORD_MAX } from './auth';
import { isSingleLineText, SINGLE_LINE_MESSAGE } from './stored-text';
import { biohackingLabel, GOALS_MAX, HEIGHT_MAX_CM, HEIGHT_MIN_CM, WEIGHT_MAX_KG, WEIGHT_MIN_KG, dobSchema } from './onboarding';

// POST /api/set-user-info takes the older complete-profile form or the profile page; every field is
// optional, so either shape validates, and only the fields sent change.
const text = (max: number) => z.string().trim().max(max, `Please keep this under ${max} characters.`);
/** A single-line field (a name, a city). */
const line = (max: number) => text(max).refine(isSingleLineText, SINGLE_LINE_MESSAGE);
const kg = (label: string) =>
  z.coerce
    .number({ error: `${label} must be between ${WEIGHT_MIN_KG} and ${WEIGHT_MAX_KG} kg.` })
    .min(WEIGHT_MIN_KG, `${label} must be between ${WEIGHT_MIN_KG} and ${WEIGHT_MAX_KG} kg.`)
    .max(WEIGHT_MAX_KG, `${label} must be between ${WEIGHT_MIN_KG} and ${WEIGHT_MAX_KG} kg.`)
    .transform(roundToTenth);
/** The older form sends "" for a field left empty. */
const blankAsNull = <T extends core.SomeType>(schema: T) => z.preprocess((value) => (value === '' ? null : value), z.nullable(schema));

export const setUserInfoSchema = z
  .object({
    name: line(100).min(1, 'Please enter your first name.'),
    surname: line(100).min(1, 'Please enter your surname.'),
    date_of_birth: dobSchema.shape.date_of_birth,
    gender: z.enum(GENDER.labels, { error: 'Please choose a gender.' }),
    height: z.coerce
      .number({ error: 'Height must be between 30 and 250 cm.' })
      .min(HEIGHT_MIN_CM, 'Height must be between 30 and 250 cm.')
      .max(HEIGHT_MAX_CM, 'Height must be between 30 and 250 cm.')
      .transform(Math.round),
    weight: kg('Current weight'),
    goal_weight: blankAsNull(kg('Goal weight')),
    health_goals: text(GOALS_MAX),
    activity_level: blankAsNull(z.enum(ACTIVITY_LEVEL.labels, { error: 'Please choose an activity level.' })),
    diet_pattern: blankAsNull(z.enum(DIET_PATTERN.labels, { error: 'Please choose a diet pattern.' })),
    biohacking_experience: blankAsNull(biohackingLabel),
    current_biohacks: text(2000),
    plan_preference: blankAsNull(z.enum(PLAN_PREFERENCE.labels, { error: 'Please choose a plan preference.' })),
    daily_health_time: blankAsNull(z.coerce.number({ error: 'Daily health time must be between 0 and 24 hours.' }).min(0, 'Daily health time must be between 0 and 24 hours.').max(24, 'Daily health time must be between 0 and 24 hours.')),
    health_conditions: text(2000),
    additional_focus_areas: text(2000),
    country: z.string().trim().toLowerCase().regex(/^([a-z]{2})?$/, 'Please choose a valid country.'),
    city: line(120),
    email,
    password: blankAsNull(newPassword),
    /** Needed to change the e-mail or the password. */
    current_password: z.string().max(PASSWORD_MAX, 'Your current password is incorrect.'),
  })
  .partial()
  .strict()
  .refine((input) => Object.keys(input).length > 0, 'Nothing to update.');

export type SetUserInfoInput = z.output<typeof setUserInfoSchema>;

/** POST /api/set-metric-pref */
export const unitsPreferenceSchema = z.object({
  units_preference: z.enum(UNITS_PREFERENCE.labels, { error: "Please choose 'cm/kg' or 'ft/in/lbs'." }),
}).strict();
export type UnitsPreferenceLabel = z.output<typeof unitsPreferenceSchema>['units_preference'];
