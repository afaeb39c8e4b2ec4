import './zod-config';
import * as z from 'zod/mini';
import { CUFF, CUFF_MESSAGES } from './cuff-reading';
import { RESTING_HEART_RATE_BPM, outsideRestingRate } from './resting-rate';

// The scan's measurement fields (SPEC §3 "Vital-signs measurement result"), as POST /api/update_shen_ai
// (onboarding step 9) and POST /api/weekly_checkin receive them. Each is a number or null; the ranges
// are what a living adult can show, so a broken engine cannot store nonsense. The profile's fields
// (age, BMI, height, weight) are accepted and ignored: the server takes them from the profile.

export { CUFF, CUFF_MESSAGES } from './cuff-reading';
export { RESTING_HEART_RATE_BPM, outsideRestingRate } from './resting-rate';

const reading = (label: string, min: number, max: number, message = `${label} must be a number between ${min} and ${max}.`) =>
  z.optional(z.nullable(z.number({ error: message }).check(z.gte(min, message), z.lte(max, message))));

const fields = {
  heart_rate_bpm: reading('heart_rate_bpm', 30, 220),
  hrv_sdnn_ms: reading('hrv_sdnn_ms', 1, 400),
  hrv_lnrmssd_ms: reading('hrv_lnrmssd_ms', 0, 7),
  breathing_rate_bpm: reading('breathing_rate_bpm', 4, 60),
  average_signal_quality: reading('average_signal_quality', 0, 1),
  systolic_blood_pressure_mmhg: reading('systolic_blood_pressure_mmhg', CUFF.systolic.min, CUFF.systolic.max, CUFF_MESSAGES.systolic),
  diastolic_blood_pressure_mmhg: reading('diastolic_blood_pressure_mmhg', CUFF.diastolic.min, CUFF.diastolic.max, CUFF_MESSAGES.diastolic),
  cardiac_workload_mmhg_per_sec: reading('cardiac_workload_mmhg_per_sec', 0, 100_000),
  stress_index: reading('stress_index', 0, 10_000),
  parasympathetic_activity: reading('parasympathetic_activity', 0, 100),
  // From the profile, server-side; a client may send them (the SDK's result carries them).
  age_years: z.optional(z.nullable(z.number())),
  bmi_kg_per_m2: z.optional(z.nullable(z.number())),
  height_cm: z.optional(z.nullable(z.number())),
  weight_kg: z.optional(z.nullable(z.number())),
  /** Which engine measured: 'builtin', or the vendor's name. */
  engine: z.optional(z.string().check(z.maxLength(40))),
  /** Where the pressures came from: the member's cuff, typed in, or a vendor engine that measures them. */
  blood_pressure_source: z.optional(z.nullable(z.enum(['cuff', 'camera'], { error: 'blood_pressure_source must be "cuff" or "camera".' }))),
  /** The member confirmed a heart rate outside RESTING_HEART_RATE_BPM (the scan's result screen asks). */
  heart_rate_confirmed: z.optional(z.boolean({ error: 'heart_rate_confirmed must be true or false.' })),
};

/** A rate outside a seated man's resting range is stored only when the member confirmed it. */
export const UNCONFIRMED_RATE = `A heart rate outside ${RESTING_HEART_RATE_BPM.min}–${RESTING_HEART_RATE_BPM.max} bpm is saved only once you confirm it.`;
const confirmedRate = z.refine<{ heart_rate_bpm?: number | null; heart_rate_confirmed?: boolean }>(
  (body) => body.heart_rate_bpm == null || !outsideRestingRate(body.heart_rate_bpm) || body.heart_rate_confirmed === true,
  { message: UNCONFIRMED_RATE, path: ['heart_rate_confirmed'] },
);

const pressures = z.refine<{ systolic_blood_pressure_mmhg?: number | null; diastolic_blood_pressure_mmhg?: number | null }>(
  (body) => (body.systolic_blood_pressure_mmhg == null) === (body.diastolic_blood_pressure_mmhg == null),
  { message: CUFF_MESSAGES.both, path: ['diastolic_blood_pressure_mmhg'] },
);
const ordered = z.refine<{ systolic_blood_pressure_mmhg?: number | null; diastolic_blood_pressure_mmhg?: number | null }>(
  (body) => body.systolic_blood_pressure_mmhg == null || body.diastolic_blood_pressure_mmhg == null || body.systolic_blood_pressure_mmhg > body.diastolic_blood_pressure_mmhg,
  { message: CUFF_MESSAGES.order, path: ['systolic_blood_pressure_mmhg'] },
);

/** POST /api/update_shen_ai: the onboarding scan; the app sends it only when a heart rate was measured. */
export const scanResultSchema = z.object({ ...fields }).check(pressures, ordered, confirmedRate);

/** POST /api/weekly_checkin: the week's scan, with or without a heart rate, and the cuff reading if taken. */
export const weeklyCheckinSchema = scanResultSchema;

export type ScanResultInput = z.infer<typeof scanResultSchema>;
