import './zod-config';
import * as z from 'zod/mini';

// The scan's measurement fields (SPEC §3 "Vital-signs measurement result"), as POST /api/update_shen_ai
// (onboarding step 9) and POST /api/weekly_checkin receive them. Each is a number or null; the ranges
// are what a living adult can show, so a broken engine cannot store nonsense. The profile's fields
// (age, BMI, height, weight) are accepted and ignored: the server takes them from the profile.

/** The cuff reading's limits (mmHg), as the weekly check-in form says them. */
export const CUFF = { systolic: { min: 70, max: 250 }, diastolic: { min: 40, max: 150 } } as const;

export const CUFF_MESSAGES = {
  systolic: `Systolic pressure must be between ${CUFF.systolic.min} and ${CUFF.systolic.max} mmHg.`,
  diastolic: `Diastolic pressure must be between ${CUFF.diastolic.min} and ${CUFF.diastolic.max} mmHg.`,
  order: 'The systolic (upper) number must be higher than the diastolic (lower) number.',
  both: 'Enter both numbers of the cuff reading, or neither.',
} as const;

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
};

const pressures = z.refine<{ systolic_blood_pressure_mmhg?: number | null; diastolic_blood_pressure_mmhg?: number | null }>(
  (body) => (body.systolic_blood_pressure_mmhg == null) === (body.diastolic_blood_pressure_mmhg == null),
  { message: CUFF_MESSAGES.both, path: ['diastolic_blood_pressure_mmhg'] },
);
const ordered = z.refine<{ systolic_blood_pressure_mmhg?: number | null; diastolic_blood_pressure_mmhg?: number | null }>(
  (body) => body.systolic_blood_pressure_mmhg == null || body.diastolic_blood_pressure_mmhg == null || body.systolic_blood_pressure_mmhg > body.diastolic_blood_pressure_mmhg,
  { message: CUFF_MESSAGES.order, path: ['systolic_blood_pressure_mmhg'] },
);

/** POST /api/update_shen_ai: the onboarding scan; the app sends it only when a heart rate was measured. */
export const scanResultSchema = z.object({ ...fields }).check(pressures, ordered);

/** POST /api/weekly_checkin: the week's scan, with or without a heart rate, and the cuff reading if taken. */
export const weeklyCheckinSchema = scanResultSchema;

export type ScanResultInput = z.infer<typeof scanResultSchema>;

/** The cuff form on /weekly_checkin (text inputs, both optional together). */
export const cuffFormSchema = z
  .object({
    systolic: z.string().check(z.trim()),
    diastolic: z.string().check(z.trim()),
  })
  .check(
    z.refine((form) => (form.systolic === '') === (form.diastolic === ''), { message: CUFF_MESSAGES.both, path: ['diastolic'] }),
    z.refine((form) => form.systolic === '' || (Number.isInteger(Number(form.systolic)) && Number(form.systolic) >= CUFF.systolic.min && Number(form.systolic) <= CUFF.systolic.max), { message: CUFF_MESSAGES.systolic, path: ['systolic'] }),
    z.refine((form) => form.diastolic === '' || (Number.isInteger(Number(form.diastolic)) && Number(form.diastolic) >= CUFF.diastolic.min && Number(form.diastolic) <= CUFF.diastolic.max), { message: CUFF_MESSAGES.diastolic, path: ['diastolic'] }),
    z.refine((form) => form.systolic === '' || form.diastolic === '' || Number(form.systolic) > Number(form.diastolic), { message: CUFF_MESSAGES.order, path: ['systolic'] }),
  );
