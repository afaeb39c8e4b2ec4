import './zod-config';
import * as z from 'zod/mini';
import { isSingleLineText } from './stored-text';
import { BIOHACKING_EXPERIENCE, TRACK } from '@/lib/codecs';
import { roundToTenth } from '@/lib/units';
import { INSTRUCTIONS_MESSAGE } from './older-screens';
import { DATE_OF_BIRTH_RULES, DOB_MESSAGE, HEIGHT_MAX_CM, HEIGHT_MIN_CM, WEIGHT_MAX_KG, WEIGHT_MIN_KG } from './onboarding-rules';

// Shared by the onboarding forms (zodResolver) and the /api/update_* handlers. SPEC texts are word for word.
// zod/mini keeps the browser's copy small; the server parses with these same objects.
export { HEIGHT_MAX_CM, HEIGHT_MIN_CM, latestAdultBirthDate, MIN_AGE_YEARS, UNDER_AGE_MESSAGE, WEIGHT_MAX_KG, WEIGHT_MIN_KG } from './onboarding-rules';
export const GOALS_MAX = 2000;
export const HEIGHT_MESSAGE = 'Invalid height value. Please enter a value between 30 cm (1 ft) and 250 cm (8 ft 2 in).';
export const GOALS_MESSAGE = 'Please enter your health goals before proceeding.';
export const LOCATION_ACCESS_MESSAGE = 'Please enable location access to continue.';
export const TERMS_MESSAGE = 'You must accept the Terms and Conditions to proceed.';

export const dobSchema = z.object({
  date_of_birth: z.string({ error: DOB_MESSAGE }).check(...DATE_OF_BIRTH_RULES.map(({ test, message }) => z.refine<string>(test, message))),
});

export const locationSchema = z.object({
  country: z.string({ error: 'Please choose a valid country.' }).check(z.trim(), z.toLowerCase(), z.regex(/^([a-z]{2})?$/, 'Please choose a valid country.')),
  city: z.string({ error: 'Please choose a valid city.' }).check(z.trim(), z.maxLength(120, 'Please choose a valid city.'), z.refine(isSingleLineText, 'Please choose a valid city.')),
  allow_location_access: z.literal(true, { error: LOCATION_ACCESS_MESSAGE }),
});

export const heightSchema = z.object({
  height: z.int({ error: HEIGHT_MESSAGE }).check(z.gte(HEIGHT_MIN_CM, HEIGHT_MESSAGE), z.lte(HEIGHT_MAX_CM, HEIGHT_MESSAGE)),
});

const weight = (label: 'Current weight' | 'Goal weight') => {
  const message = `${label} must be between ${WEIGHT_MIN_KG} and ${WEIGHT_MAX_KG} kg.`;
  return z.pipe(
    z.number({ error: message }).check(z.gte(WEIGHT_MIN_KG, message), z.lte(WEIGHT_MAX_KG, message)),
    z.transform(roundToTenth),
  );
};

/** desired_weight is sent only when it differs from the current weight. */
export const weightSchema = z.object({ current_weight: weight('Current weight'), desired_weight: z.optional(weight('Goal weight')) });

const BIOHACKING_MESSAGE = 'Please choose your biohacking experience.';
/** One of step 10's labels, or an older form's alias of one, read as the label. */
export const biohackingLabel = z.pipe(
  z.pipe(z.string({ error: BIOHACKING_MESSAGE }), z.transform((value: string) => BIOHACKING_EXPERIENCE.normalise(value) ?? value)),
  z.enum(BIOHACKING_EXPERIENCE.labels, { error: BIOHACKING_MESSAGE }),
);
export const biohackingSchema = z.object({ biohacking_experience: biohackingLabel });

export const goalsSchema = z.object({
  health_goals: z
    .string({ error: GOALS_MESSAGE })
    .check(
      z.trim(),
      z.minLength(1, GOALS_MESSAGE),
      z.maxLength(GOALS_MAX, `Please keep your health goals under ${GOALS_MAX.toLocaleString('en-GB')} characters.`),
    ),
});

export const trackSchema = z.object({ track: z.enum(TRACK.labels, { error: 'There was a problem setting your track. Please try again.' }) });
export const termsSchema = z.object({ accepted: z.literal(true, { error: TERMS_MESSAGE }) });
export const devicesIntegratedSchema = z.object({ devices_integrated: z.literal(true, { error: 'Failed to confirm devices integration. Please try again.' }) });
export const instructionsReadSchema = z.object({ read: z.literal(true, { error: INSTRUCTIONS_MESSAGE }) });
