// "What I take" on /profile: the lists a supplement, medicine or testosterone therapy is described from, with
// the words the screens, the doctor's PDF and the export use for each. Browser-safe and without zod, so that
// the form can offer the choices without loading the schema (./medications.ts checks them on the server).

export const MEDICATION_NAME_MAX = 80;
export const MEDICATION_PREPARATION_MAX = 80;
export const MEDICATION_NOTE_MAX = 200;
/** The longest interval between doses: a yearly pellet or injection at most. */
export const MEDICATION_INTERVAL_DAYS_MAX = 365;
/** The most entries one member keeps (current and stopped together). */
export const MEDICATIONS_MAX = 100;

export const MEDICATION_KINDS = ['supplement', 'medication', 'trt'] as const;
export type MedicationKindValue = (typeof MEDICATION_KINDS)[number];

/** Each kind as the form offers it, and as a line of the list names it. */
export const MEDICATION_KIND_LABELS: Readonly<Record<MedicationKindValue, string>> = {
  supplement: 'Supplement',
  medication: 'Medicine',
  trt: 'Testosterone therapy (TRT)',
};

/**
 * The units a dose is given in, each with the largest dose that is still plausible in it (a slip of the
 * keyboard beyond it is refused): 20 g of a powder in mg, 50,000 IU weekly of vitamin D and 10,000 IU of hCG
 * fit; so do 1,000 mg of testosterone undecanoate and a 250 mg/ml preparation.
 */
export const DOSE_UNITS = {
  mg: { max: 20_000, one: 'mg', many: 'mg' },
  'µg': { max: 100_000, one: 'µg', many: 'µg' },
  g: { max: 100, one: 'g', many: 'g' },
  IU: { max: 1_000_000, one: 'IU', many: 'IU' },
  ml: { max: 100, one: 'ml', many: 'ml' },
  'mg/ml': { max: 1_000, one: 'mg/ml', many: 'mg/ml' },
  capsule: { max: 50, one: 'capsule', many: 'capsules' },
  tablet: { max: 50, one: 'tablet', many: 'tablets' },
  drop: { max: 200, one: 'drop', many: 'drops' },
  pump: { max: 50, one: 'pump', many: 'pumps' },
  sachet: { max: 20, one: 'sachet', many: 'sachets' },
} as const satisfies Record<string, { max: number; one: string; many: string }>;
export type DoseUnit = keyof typeof DOSE_UNITS;
export const DOSE_UNIT_KEYS = Object.keys(DOSE_UNITS) as [DoseUnit, ...DoseUnit[]];

/** Other spellings of a unit a client may send ("mcg", "ug", the Greek mu), and the unit each means. */
export const DOSE_UNIT_ALIASES: Readonly<Record<string, DoseUnit>> = { mcg: 'µg', ug: 'µg', 'μg': 'µg', iu: 'IU', mL: 'ml', 'mg/mL': 'mg/ml' };

/**
 * How often, with the days from one dose to the next that each implies (null: the member says, or there is
 * no fixed interval). Taking something two or three times a day still means every day.
 */
export const FREQUENCIES = {
  daily: { label: 'Daily', words: 'daily', intervalDays: 1 },
  twice_daily: { label: 'Twice a day', words: 'twice a day', intervalDays: 1 },
  three_times_daily: { label: 'Three times a day', words: 'three times a day', intervalDays: 1 },
  weekly: { label: 'Weekly', words: 'weekly', intervalDays: 7 },
  every_n_days: { label: 'Every few days (say how many)', words: 'every few days', intervalDays: null },
  as_needed: { label: 'As needed', words: 'as needed', intervalDays: null },
} as const satisfies Record<string, { label: string; words: string; intervalDays: number | null }>;
export type Frequency = keyof typeof FREQUENCIES;
export const FREQUENCY_KEYS = Object.keys(FREQUENCIES) as [Frequency, ...Frequency[]];

/** How it is taken: the form's label, and the words a line of the list or the doctor's PDF uses. */
export const ROUTES = {
  oral: { label: 'By mouth', words: 'by mouth' },
  intramuscular_injection: { label: 'Injection into a muscle (intramuscular)', words: 'injected into a muscle' },
  subcutaneous_injection: { label: 'Injection under the skin (subcutaneous)', words: 'injected under the skin' },
  gel: { label: 'Gel on the skin', words: 'as a gel on the skin' },
  cream: { label: 'Cream on the skin', words: 'as a cream on the skin' },
  patch: { label: 'Skin patch', words: 'as a skin patch' },
  nasal: { label: 'In the nose', words: 'in the nose' },
  pellet: { label: 'Pellet under the skin', words: 'as a pellet under the skin' },
} as const satisfies Record<string, { label: string; words: string }>;
export type MedicationRoute = keyof typeof ROUTES;
export const ROUTE_KEYS = Object.keys(ROUTES) as [MedicationRoute, ...MedicationRoute[]];

/** Testosterone therapy's usual preparations, for the form to suggest; the member may write another. */
export const TRT_PREPARATIONS = [
  'Testosterone enanthate',
  'Testosterone cypionate',
  'Testosterone undecanoate',
  'Testosterone propionate',
  'Mixed testosterone esters',
  'Testosterone gel',
  'Testosterone cream',
  'Testosterone patch',
  'Testosterone pellets',
  'Nasal testosterone',
] as const;
