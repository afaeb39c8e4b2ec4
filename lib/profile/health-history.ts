// The older complete-profile form ('Health history form' on /profile). SPEC §2: the form is complete
// when every value it shows is filled in. Browser-safe.

/** The form's fields, in its order, as GET /api/get-user-info names them. */
export const HEALTH_HISTORY_FIELDS = [
  'date_of_birth',
  'gender',
  'height',
  'weight',
  'goal_weight',
  'health_goals',
  'activity_level',
  'diet_pattern',
  'biohacking_experience',
  'current_biohacks',
  'plan_preference',
  'daily_health_time',
  'health_conditions',
  'additional_focus_areas',
] as const;

export type HealthHistoryField = (typeof HEALTH_HISTORY_FIELDS)[number];

/** Filled means a non-blank text or a number (0 hours a day is an answer too). */
const filled = (value: unknown): boolean => (typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' ? value.trim() !== '' : Boolean(value));

export function healthHistoryComplete(info: Record<HealthHistoryField, unknown>): boolean {
  return HEALTH_HISTORY_FIELDS.every((field) => filled(info[field]));
}
