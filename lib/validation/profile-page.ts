import { feetInchesToCm, formatFeetInches, kgToLbs, parseFeetInches, weightFromKg, weightToKg, weightUnitOf, type UnitSystem } from '@/lib/units';
import { checkEmail, newPasswordProblem } from './credential-rules';
import { dateOfBirthProblem, HEIGHT_MAX_CM, HEIGHT_MIN_CM, WEIGHT_MAX_KG, WEIGHT_MIN_KG } from './onboarding-rules';

// The profile page's Save (SPEC §5 "Profile Save"), in the member's units, with SPEC's texts word for
// word; what passes is converted to cm and kg for POST /api/set-user-info. Browser-safe, and free of zod
// (it checks with the same rules the server's schemas are built from), so the form's code stays small.

export type ProfilePageValues = {
  name: string;
  surname: string;
  date_of_birth: string;
  height: string;
  weight: string;
  goal_weight: string;
  country: string;
  city: string;
  email: string;
  password: string;
  current_password: string;
};

export type ProfilePagePayload = {
  name: string;
  surname: string;
  date_of_birth: string;
  height: number;
  weight: number;
  goal_weight: number | null;
  country: string;
  city: string;
  email?: string;
  password?: string;
  current_password?: string;
};

export type ProfilePageErrors = Partial<Record<keyof ProfilePageValues, string>>;

export const CURRENT_PASSWORD_NEEDED = 'Please enter your current password to change your e-mail or password.';
const HEIGHT_CM_MESSAGE = 'Height must be between 30 and 250 cm.';
const HEIGHT_FORMAT_MESSAGE = `Please enter height in the format like 5' 10".`;

const NUMBER = /^\d+([.,]\d+)?$/;
const asNumber = (text: string): number | null => (NUMBER.test(text.trim()) ? Number(text.trim().replace(',', '.')) : null);

/** Height in cm, or SPEC's message for what is wrong with it. */
export function heightFromText(text: string, system: UnitSystem): { cm: number } | { error: string } {
  if (system === 'metric') {
    const cm = asNumber(text);
    return cm !== null && cm >= HEIGHT_MIN_CM && cm <= HEIGHT_MAX_CM ? { cm: Math.round(cm) } : { error: HEIGHT_CM_MESSAGE };
  }
  const parsed = parseFeetInches(text);
  if (!parsed) return { error: HEIGHT_FORMAT_MESSAGE };
  if (parsed.feet < 1 || parsed.feet > 8) return { error: 'Feet value must be between 1 and 8.' };
  if (parsed.inches < 0 || parsed.inches > 11) return { error: 'Inches value must be between 0 and 11.' };
  const cm = feetInchesToCm(parsed);
  return cm >= HEIGHT_MIN_CM && cm <= HEIGHT_MAX_CM ? { cm } : { error: 'Height must be between 11.8 and 98.4 inches.' };
}

/** A weight in kg, or 'Current weight must be between 66.1 and 440.9 lbs.' in the member's unit. */
export function weightFromText(text: string, system: UnitSystem, label: 'Current weight' | 'Goal weight'): { kg: number } | { error: string } {
  const unit = weightUnitOf(system);
  const [min, max] = unit === 'kg' ? [WEIGHT_MIN_KG, WEIGHT_MAX_KG] : [kgToLbs(WEIGHT_MIN_KG), kgToLbs(WEIGHT_MAX_KG)];
  const value = asNumber(text);
  if (value === null || value < min || value > max) return { error: `${label} must be between ${min} and ${max} ${unit}.` };
  return { kg: Math.min(WEIGHT_MAX_KG, Math.max(WEIGHT_MIN_KG, weightToKg(unit, value))) };
}

/**
 * Every field's message, or the payload. The e-mail and password go only when they change, and then
 * with the current password; a blank password means "keep it".
 */
export function checkProfilePage(values: ProfilePageValues, system: UnitSystem, savedEmail: string): { errors: ProfilePageErrors } | { payload: ProfilePagePayload } {
  const errors: ProfilePageErrors = {};
  if (!values.name.trim()) errors.name = 'Please enter your first name.';
  if (!values.surname.trim()) errors.surname = 'Please enter your surname.';
  errors.date_of_birth = dateOfBirthProblem(values.date_of_birth);

  const height = heightFromText(values.height, system);
  if ('error' in height) errors.height = height.error;
  const weight = weightFromText(values.weight, system, 'Current weight');
  if ('error' in weight) errors.weight = weight.error;
  const goal = values.goal_weight.trim() ? weightFromText(values.goal_weight, system, 'Goal weight') : null;
  if (goal && 'error' in goal) errors.goal_weight = goal.error;

  const parsedEmail = checkEmail(values.email);
  if ('error' in parsedEmail) errors.email = parsedEmail.error;
  const emailChanged = 'email' in parsedEmail && parsedEmail.email !== savedEmail;
  const passwordChanged = values.password !== '';
  if (passwordChanged) errors.password = newPasswordProblem(values.password);
  if ((emailChanged || passwordChanged) && !values.current_password) errors.current_password = CURRENT_PASSWORD_NEEDED;

  const found = Object.fromEntries(Object.entries(errors).filter(([, message]) => message)) as ProfilePageErrors;
  if (Object.keys(found).length || 'error' in height || 'error' in weight || (goal && 'error' in goal) || 'error' in parsedEmail) return { errors: found };
  return {
    payload: {
      name: values.name.trim(),
      surname: values.surname.trim(),
      date_of_birth: values.date_of_birth,
      height: height.cm,
      weight: weight.kg,
      goal_weight: goal ? goal.kg : null,
      country: values.country,
      city: values.city.trim(),
      ...(emailChanged ? { email: parsedEmail.email } : {}),
      ...(passwordChanged ? { password: values.password } : {}),
      ...(emailChanged || passwordChanged ? { current_password: values.current_password } : {}),
    },
  };
}

/** The form's starting text for a stored height or weight, in the member's units. */
export function heightText(cm: number | null, system: UnitSystem): string {
  if (cm === null) return '';
  return system === 'metric' ? String(cm) : formatFeetInches(cm);
}

export function weightText(kg: number | null, system: UnitSystem): string {
  return kg === null ? '' : String(weightFromKg(weightUnitOf(system), kg));
}
