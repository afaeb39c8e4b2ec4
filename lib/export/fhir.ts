import 'server-only';
import { DEVICE_OF_SOURCE } from '@/lib/metrics/source-names';
import { createHash, randomUUID } from 'node:crypto';
import { ISO_DAY } from '@/lib/codecs';
import { db } from '@/lib/db';
import type { DailyMetric, HeartRateSample, LabResult, User, VitalScan } from '@/lib/generated/prisma/client';
import { BloodPressureSource, MetricSource } from '@/lib/generated/prisma/enums';
import { biologicalAge, type PhenoAgeEstimate } from '@/lib/labs/biological-age';
import { isLabMarkerKey, LAB_MARKERS, toCanonical } from '@/lib/labs/markers';
import { entryOf } from '@/lib/medications/entry';
import { medicationStatementFor, type MedicationStatement } from './fhir-medication-statement';

// The member's measurements as a FHIR R4 Bundle (type "collection") that a clinician's system can import:
// a Patient, then one Observation per figure, each coded in LOINC with its value in UCUM, then a
// MedicationStatement for each line of his "What I take" (./fhir-medication-statement.ts). Vital signs
// follow HL7's R4 vital-signs profiles (http://hl7.org/fhir/R4/observation-vitalsigns.html) and name the
// one they meet in meta.profile.
//
// The bundle can hold years of 5-minute heart rates (about 100,000 Observations a year), so it is never
// built whole: fhirBundleChunks yields its JSON text piece by piece while reading the database a page at
// a time. The builders (observationFor…) are pure, so tests check them without a database.
//
// Each entry's fullUrl is a name-based UUID (version 5) of the row it comes from: exporting twice gives
// the same fullUrls, so a receiving system can tell a re-import from new data.

// ───────────────────────────── reading in pages ─────────────────────────────

/** Rows per database read: enough to keep round trips few, small enough that a page is a few hundred kB. */
export const PAGE_SIZE = 1000;

/** Where a page ended: its last row's date and id. Ordering by (date, id) makes the order total. */
export type Cursor<Id> = { at: Date; id: Id };

type After<F extends string, Id> = Partial<Record<F, { gte: Date }>> & { OR?: (Record<F, { gt: Date }> | { id: { gt: Id } })[] };

/**
 * A Prisma `where` for the rows after `cursor` in (field, id) order. The `gte` on its own is redundant
 * with the OR, but it is what lets PostgreSQL start the index scan at the cursor instead of filtering
 * every earlier row of the member again on each page.
 */
export function afterCursor<F extends string, Id>(field: F, cursor: Cursor<Id> | undefined): After<F, Id> {
  if (!cursor) return {};
  const where = { [field]: { gte: cursor.at }, OR: [{ [field]: { gt: cursor.at } }, { id: { gt: cursor.id } }] };
  return where as unknown as After<F, Id>;
}

/**
 * Keyset pagination: each read asks for the rows after the previous page's last one (never OFFSET, which
 * rescans what it skips), so every page costs the same however deep into the history it is.
 */
export async function* keysetPages<Row, Id>(
  read: (after: Cursor<Id> | undefined, take: number) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor<Id>,
  size = PAGE_SIZE,
): AsyncGenerator<Row[]> {
  let after: Cursor<Id> | undefined;
  for (;;) {
    const page = await read(after, size);
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (page.length < size || !last) return;
    after = cursorOf(last);
  }
}

export const dailyMetricPages = (userId: string) =>
  keysetPages(
    (after: Cursor<string> | undefined, take) => db.dailyMetric.findMany({ where: { userId, ...afterCursor('day', after) }, orderBy: [{ day: 'asc' }, { id: 'asc' }], take }),
    (row) => ({ at: row.day, id: row.id }),
  );

// (userId, recordedAt, source) is the table's unique index, so each page is an index range scan.
export const heartRateSamplePages = (userId: string) =>
  keysetPages(
    (after: Cursor<bigint> | undefined, take) =>
      db.heartRateSample.findMany({ where: { userId, ...afterCursor('recordedAt', after) }, orderBy: [{ recordedAt: 'asc' }, { id: 'asc' }], take }),
    (row) => ({ at: row.recordedAt, id: row.id }),
  );

export const vitalScanPages = (userId: string) =>
  keysetPages(
    (after: Cursor<string> | undefined, take) =>
      db.vitalScan.findMany({ where: { userId, ...afterCursor('measuredAt', after) }, orderBy: [{ measuredAt: 'asc' }, { id: 'asc' }], take }),
    (row) => ({ at: row.measuredAt, id: row.id }),
  );

export const labResultPages = (userId: string) =>
  keysetPages(
    (after: Cursor<string> | undefined, take) => db.labResult.findMany({ where: { userId, ...afterCursor('takenAt', after) }, orderBy: [{ takenAt: 'asc' }, { id: 'asc' }], take }),
    (row) => ({ at: row.takenAt, id: row.id }),
  );

// ───────────────────────────── the FHIR shapes used ─────────────────────────────

export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';

type Coding = { system: string; code: string; display?: string };
type CodeableConcept = { coding?: Coding[]; text?: string };
export type Quantity = { value: number; comparator?: '<' | '<=' | '>' | '>='; unit: string; system?: string; code?: string };
type Reference = { reference?: string; display?: string };

export type Observation = {
  resourceType: 'Observation';
  meta?: { profile: string[] };
  status: 'final';
  category: CodeableConcept[];
  code: CodeableConcept;
  subject: Reference;
  effectiveDateTime: string;
  valueQuantity?: Quantity;
  component?: { code: CodeableConcept; valueQuantity: Quantity }[];
  referenceRange?: { low?: Quantity; high?: Quantity }[];
  /** How the figure was obtained, where no device of ours measured it (a cuff reading the member typed). */
  method?: CodeableConcept;
  device?: Reference;
  /** The Observations a computed figure was worked out from (the biological age's nine results). */
  derivedFrom?: Reference[];
};

export type Patient = {
  resourceType: 'Patient';
  name?: { use?: 'official'; text?: string; family?: string; given?: string[] }[];
  gender: 'male' | 'female' | 'other' | 'unknown';
  birthDate?: string;
};

export type BundleEntry<R> = { fullUrl: string; resource: R };

// ───────────────────────────── identifiers ─────────────────────────────

/** This app's namespace for name-based UUIDs (a fixed random UUID; RFC 4122 §4.3). */
const NAMESPACE = Buffer.from('6f1d2c4e8a9b4c7d9e0f1a2b3c4d5e6f', 'hex');

/** The version-5 UUID of `name` in the app's namespace. */
export function uuidFor(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50; // version 5
  hash[8] = (hash[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const fullUrlFor = (name: string) => `urn:uuid:${uuidFor(name)}`;

// ───────────────────────────── what is measured, in LOINC and UCUM ─────────────────────────────

type Category = 'vital-signs' | 'laboratory' | 'activity';
const CATEGORY_DISPLAY: Record<Category, string> = { 'vital-signs': 'Vital Signs', laboratory: 'Laboratory', activity: 'Activity' };

/** A kind of figure: its LOINC code (when one says exactly what was measured), its unit and category. */
type Measure = { text: string; loinc?: { code: string; display: string }; also?: { code: string; display: string }; unit: string; ucum: string; category: Category };

const PROFILE = 'http://hl7.org/fhir/StructureDefinition/';

/** HL7's R4 profile for each LOINC code one requires (and its UCUM unit is the one each Measure gives). */
const PROFILE_OF_CODE: Record<string, string> = {
  '8867-4': `${PROFILE}heartrate`,
  '9279-1': `${PROFILE}resprate`,
  '29463-7': `${PROFILE}bodyweight`,
  '85354-9': `${PROFILE}bp`,
};

export const MEASURES = {
  heartRate: { text: 'Heart rate', loinc: { code: '8867-4', display: 'Heart rate' }, unit: 'beats/minute', ucum: '/min', category: 'vital-signs' },
  // The heartrate profile (and the Vital Signs value set's extensible binding) asks for 8867-4 beside a more specific code.
  restingHeartRate: {
    text: 'Resting heart rate',
    loinc: { code: '40443-4', display: 'Heart rate --resting' },
    also: { code: '8867-4', display: 'Heart rate' },
    unit: 'beats/minute',
    ucum: '/min',
    category: 'vital-signs',
  },
  hrvSdnn: {
    text: 'Heart rate variability (SDNN)',
    loinc: { code: '80404-7', display: 'R-R interval.standard deviation (Heart rate variability)' },
    unit: 'ms',
    ucum: 'ms',
    category: 'vital-signs',
  },
  // Whoop and Oura report RMSSD, which 80404-7 (SDNN) is not; no LOINC code is as exact, so it goes as text.
  hrvRmssd: { text: 'Heart rate variability (RMSSD)', unit: 'ms', ucum: 'ms', category: 'vital-signs' },
  hrv: { text: 'Heart rate variability', unit: 'ms', ucum: 'ms', category: 'vital-signs' },
  respiratoryRate: { text: 'Respiratory rate', loinc: { code: '9279-1', display: 'Respiratory rate' }, unit: 'breaths/minute', ucum: '/min', category: 'vital-signs' },
  bodyWeight: { text: 'Body weight', loinc: { code: '29463-7', display: 'Body weight' }, unit: 'kg', ucum: 'kg', category: 'vital-signs' },
  // A day's total, so 41950-7 ("in 24 hour"), not 55423-8 ("in unspecified time", by pedometer).
  steps: { text: 'Steps', loinc: { code: '41950-7', display: 'Number of steps in 24 hour Measured' }, unit: 'steps/day', ucum: '/d', category: 'activity' },
  sleepDuration: { text: 'Sleep duration', loinc: { code: '93832-4', display: 'Sleep duration' }, unit: 'h', ucum: 'h', category: 'activity' },
} as const satisfies Record<string, Measure>;

const BLOOD_PRESSURE = {
  panel: { code: '85354-9', display: 'Blood pressure panel with all children optional' },
  systolic: { code: '8480-6', display: 'Systolic blood pressure' },
  diastolic: { code: '8462-4', display: 'Diastolic blood pressure' },
} as const;

/** Which HRV a source's daily figure is: Apple Health's is SDNN, Whoop's and Oura's RMSSD, the rest unsaid. */
const HRV_OF_SOURCE: Record<MetricSource, Measure> = {
  [MetricSource.APPLE_HEALTH]: MEASURES.hrvSdnn,
  [MetricSource.APPLE_HEALTH_EXPORT]: MEASURES.hrvSdnn,
  [MetricSource.WHOOP_EXPORT]: MEASURES.hrvRmssd,
  [MetricSource.OURA_EXPORT]: MEASURES.hrvRmssd,
  [MetricSource.GARMIN_EXPORT]: MEASURES.hrvRmssd,
  [MetricSource.WITHINGS_EXPORT]: MEASURES.hrv,
  [MetricSource.WHOOP]: MEASURES.hrvRmssd,
  [MetricSource.OURA]: MEASURES.hrvRmssd,
  [MetricSource.WITHINGS]: MEASURES.hrv,
  [MetricSource.SCAN]: MEASURES.hrv,
  [MetricSource.MANUAL]: MEASURES.hrv,
};


const categoryOf = (category: Category): CodeableConcept[] => [{ coding: [{ system: OBSERVATION_CATEGORY, code: category, display: CATEGORY_DISPLAY[category] }] }];

const codeOf = (measure: Pick<Measure, 'text' | 'loinc' | 'also'>): CodeableConcept => {
  const codings = [measure.loinc, measure.also].flatMap((c) => (c ? [{ system: LOINC, code: c.code, display: c.display }] : []));
  return codings.length > 0 ? { coding: codings, text: measure.text } : { text: measure.text };
};

/**
 * The vital-signs profile an Observation of `measure` meets: the specific one its codes call for, else the
 * base vitalsigns profile for the rest of the category (HRV: no code of the Vital Signs value set fits it).
 */
function profileOf(measure: Measure): Pick<Observation, 'meta'> {
  if (measure.category !== 'vital-signs') return {};
  const specific = [measure.loinc, measure.also].map((c) => (c ? PROFILE_OF_CODE[c.code] : undefined)).find((url) => url !== undefined);
  return { meta: { profile: [specific ?? `${PROFILE}vitalsigns`] } };
}

const quantity = (value: number, unit: string, ucum: string): Quantity => ({ value, unit, system: UCUM, code: ucum });

const deviceOf = (source: MetricSource): Pick<Observation, 'device'> => {
  const display = DEVICE_OF_SOURCE[source];
  return display ? { device: { display } } : {};
};

const round = (value: number, digits: number) => Number(value.toFixed(digits));

// ───────────────────────────── the builders ─────────────────────────────

export type PatientFacts = Pick<User, 'id' | 'name' | 'firstName' | 'lastName' | 'dateOfBirth' | 'gender'>;

/** The Patient: only what the member's record holds (a gender never given is FHIR's "unknown"). */
export function patientEntry(user: PatientFacts): BundleEntry<Patient> {
  const given = user.firstName ? { given: [user.firstName] } : {};
  const family = user.lastName ? { family: user.lastName } : {};
  const name = user.firstName || user.lastName ? [{ use: 'official' as const, ...family, ...given }] : user.name ? [{ text: user.name }] : undefined;
  const gender = user.gender ? (user.gender.toLowerCase() as Patient['gender']) : 'unknown';
  const resource: Patient = { resourceType: 'Patient', ...(name ? { name } : {}), gender, ...(user.dateOfBirth ? { birthDate: ISO_DAY.fromDate(user.dateOfBirth) } : {}) };
  return { fullUrl: fullUrlFor(`users/${user.id}`), resource };
}

/** One figure as an Observation; `key` names the row and figure it comes from (its fullUrl's seed). */
export function observationFor(key: string, subject: Reference, measure: Measure, effective: string, value: number, extra: Partial<Observation> = {}): BundleEntry<Observation> {
  const resource: Observation = {
    resourceType: 'Observation',
    ...profileOf(measure),
    status: 'final',
    category: categoryOf(measure.category),
    code: codeOf(measure),
    subject,
    effectiveDateTime: effective,
    valueQuantity: quantity(value, measure.unit, measure.ucum),
    ...extra,
  };
  return { fullUrl: fullUrlFor(key), resource };
}

/**
 * A blood-pressure panel (85354-9) of a systolic and a diastolic reading; null unless both are there. HL7's
 * bp profile requires both components, and a lone 8480-6 or 8462-4 Observation fits no vital-signs profile
 * but the base one (the spec has them only as the panel's components), so a lone reading is left out of
 * the bundle. It stays in daily_metrics.csv / vital_scans.csv.
 */
export function observationForBloodPressure(key: string, subject: Reference, effective: string, systolic: number | null, diastolic: number | null, extra: Partial<Observation> = {}): BundleEntry<Observation> | null {
  if (systolic === null || diastolic === null) return null;
  const component = [
    { code: { coding: [{ system: LOINC, ...BLOOD_PRESSURE.systolic }] }, valueQuantity: quantity(systolic, 'mmHg', 'mm[Hg]') },
    { code: { coding: [{ system: LOINC, ...BLOOD_PRESSURE.diastolic }] }, valueQuantity: quantity(diastolic, 'mmHg', 'mm[Hg]') },
  ];
  const resource: Observation = {
    resourceType: 'Observation',
    meta: { profile: [`${PROFILE}bp`] },
    status: 'final',
    category: categoryOf('vital-signs'),
    code: { coding: [{ system: LOINC, ...BLOOD_PRESSURE.panel }], text: 'Blood pressure' },
    subject,
    effectiveDateTime: effective,
    component,
    ...extra,
  };
  return { fullUrl: fullUrlFor(key), resource };
}

/** A day's figures from one source: one Observation per figure it holds, dated by the day. */
export function observationsForDailyMetric(row: DailyMetric, subject: Reference): BundleEntry<Observation>[] {
  const day = ISO_DAY.fromDate(row.day);
  const key = (figure: string) => `daily_metrics/${row.id}/${figure}`;
  const device = deviceOf(row.source);
  const one = (figure: string, measure: Measure, value: number | null) => (value === null ? [] : [observationFor(key(figure), subject, measure, day, value, device)]);
  const pressure = observationForBloodPressure(key('blood_pressure'), subject, day, row.systolicBpMmhg, row.diastolicBpMmhg, device);
  return [
    ...one('resting_heart_rate', MEASURES.restingHeartRate, row.restingHeartRateBpm),
    ...one('hrv', HRV_OF_SOURCE[row.source], row.hrvMs),
    ...one('respiratory_rate', MEASURES.respiratoryRate, row.respiratoryRateBpm),
    ...one('weight', MEASURES.bodyWeight, row.weightKg),
    ...one('steps', MEASURES.steps, row.steps),
    ...one('sleep_duration', MEASURES.sleepDuration, row.sleepDurationMinutes === null ? null : round(row.sleepDurationMinutes / 60, 2)),
    ...(pressure ? [pressure] : []),
  ];
}

export function observationForHeartRateSample(row: HeartRateSample, subject: Reference): BundleEntry<Observation> {
  return observationFor(`heart_rate_samples/${row.id}`, subject, MEASURES.heartRate, row.recordedAt.toISOString(), row.bpm, deviceOf(row.source));
}

/** How a typed cuff reading was taken, as its Observation's method says it. */
export const CUFF_METHOD = 'Blood-pressure cuff, entered by the member';

/**
 * A camera scan's measured figures. Its heart rate is left out: saving a scan also stores that rate as a
 * heart-rate sample (lib/scans/results.ts), which has its own Observation. Age, height, weight and BMI
 * came from the profile, not the camera, so they are not measurements either.
 */
export function observationsForVitalScan(row: VitalScan, subject: Reference): BundleEntry<Observation>[] {
  const at = row.measuredAt.toISOString();
  const key = (figure: string) => `vital_scans/${row.id}/${figure}`;
  const device = deviceOf(MetricSource.SCAN);
  // A cuff reading the member typed says so; an unknown source claims no device.
  const pressureDevice: Partial<Observation> =
    row.bloodPressureSource === BloodPressureSource.CAMERA ? device : row.bloodPressureSource === BloodPressureSource.CUFF ? { method: { text: CUFF_METHOD } } : {};
  const pressure = observationForBloodPressure(key('blood_pressure'), subject, at, row.systolicBloodPressureMmhg, row.diastolicBloodPressureMmhg, pressureDevice);
  return [
    ...(pressure ? [pressure] : []),
    ...(row.breathingRateBpm !== null ? [observationFor(key('respiratory_rate'), subject, MEASURES.respiratoryRate, at, row.breathingRateBpm, device)] : []),
    ...(row.hrvSdnnMs !== null ? [observationFor(key('hrv_sdnn'), subject, MEASURES.hrvSdnn, at, row.hrvSdnnMs, device)] : []),
  ];
}

export type LabResultFacts = Pick<LabResult, 'id' | 'marker' | 'value' | 'comparator' | 'unit' | 'referenceLow' | 'referenceHigh' | 'takenAt'>;

const COMPARATORS = ['<', '<=', '>', '>='] as const;
/** A stored comparator as FHIR spells it; nothing for an exact value. */
const comparatorOf = (stored: string | null): Pick<Quantity, 'comparator'> => {
  const found = COMPARATORS.find((c) => c === stored);
  return found ? { comparator: found } : {};
};

/**
 * A lab result in the catalogue's unit (lib/labs/markers.ts), its reference range converted alike. A
 * marker outside the catalogue, or a unit it cannot convert, keeps the lab's own figures and unit text
 * (no UCUM code: the printed unit may not be UCUM).
 */
export function observationForLabResult(row: LabResultFacts, subject: Reference): BundleEntry<Observation> {
  const marker = isLabMarkerKey(row.marker) ? LAB_MARKERS[row.marker] : null;
  const canonical = marker ? toCanonical(marker.key, row.value, row.unit) : null;
  const asGiven = (value: number): Quantity => ({ value, unit: row.unit });
  const toQuantity = marker && canonical !== null ? (value: number) => quantity(toCanonical(marker.key, value, row.unit) ?? value, marker.unit, marker.ucum) : asGiven;
  const low = row.referenceLow !== null ? { low: toQuantity(row.referenceLow) } : {};
  const high = row.referenceHigh !== null ? { high: toQuantity(row.referenceHigh) } : {};
  const range = row.referenceLow !== null || row.referenceHigh !== null ? { referenceRange: [{ ...low, ...high }] } : {};
  const resource: Observation = {
    resourceType: 'Observation',
    status: 'final',
    category: categoryOf('laboratory'),
    code: marker ? codeOf({ text: marker.label, loinc: marker.loinc }) : { text: row.marker },
    subject,
    effectiveDateTime: row.takenAt.toISOString(),
    // A bound ("<0.1") keeps its comparator: the value is not exact.
    valueQuantity: { ...toQuantity(row.value), ...comparatorOf(row.comparator) },
    ...range,
  };
  return { fullUrl: fullUrlFor(`lab_results/${row.id}`), resource };
}

/** How the biological age is named: no LOINC code names a PhenoAge, so it goes as text with its method. */
export const BIOLOGICAL_AGE = {
  text: 'Biological age (phenotypic age, PhenoAge)',
  method: 'Levine ME et al. 2018, Aging 10(4):573, doi:10.18632/aging.101414: from albumin, creatinine, glucose, C-reactive protein, lymphocyte %, MCV, RDW, alkaline phosphatase, white cell count and calendar age',
} as const;

/**
 * A biological age (lib/labs/biological-age.ts) as an Observation in years (UCUM "a"), dated by the newest
 * of its results and derived from their Observations. Named by the results it came from, so an export
 * repeated gives it the same fullUrl.
 */
export function observationForBiologicalAge(estimate: PhenoAgeEstimate, subject: Reference): BundleEntry<Observation> {
  const resource: Observation = {
    resourceType: 'Observation',
    status: 'final',
    category: categoryOf('laboratory'),
    code: { text: BIOLOGICAL_AGE.text },
    subject,
    effectiveDateTime: `${estimate.on}T00:00:00.000Z`,
    valueQuantity: quantity(Number(estimate.phenoAge.toFixed(1)), 'years', 'a'),
    method: { text: BIOLOGICAL_AGE.method },
    derivedFrom: estimate.inputs.map((input) => ({ reference: fullUrlFor(`lab_results/${input.id}`) })),
  };
  return { fullUrl: fullUrlFor(`biological_age/${estimate.inputs.map((input) => input.id).join(',')}`), resource };
}

// ───────────────────────────── the streamed bundle ─────────────────────────────

/** Every Observation of the member, a page of rows at a time: the daily figures, scans, heart rates, then labs. */
async function* observationEntries(userId: string, subject: Reference): AsyncGenerator<BundleEntry<Observation>> {
  for await (const page of dailyMetricPages(userId)) for (const row of page) yield* observationsForDailyMetric(row, subject);
  for await (const page of vitalScanPages(userId)) for (const row of page) yield* observationsForVitalScan(row, subject);
  for await (const page of heartRateSamplePages(userId)) for (const row of page) yield observationForHeartRateSample(row, subject);
  for await (const page of labResultPages(userId)) for (const row of page) yield observationForLabResult(row, subject);
  for (const estimate of (await biologicalAge(userId)).trend) yield observationForBiologicalAge(estimate, subject);
}

/** Each line of "What I take" (at most MEDICATIONS_MAX, so read at once), in the order he started them. */
async function* medicationStatementEntries(userId: string, subject: Reference): AsyncGenerator<BundleEntry<MedicationStatement>> {
  const rows = await db.medication.findMany({ where: { userId }, orderBy: [{ startedOn: 'asc' }, { id: 'asc' }] });
  for (const row of rows) yield { fullUrl: fullUrlFor(`medications/${row.id}`), resource: medicationStatementFor(entryOf(row), subject) };
}

/**
 * The Bundle's JSON text in pieces: its opening with the Patient, then each Observation and each
 * MedicationStatement (preceded by its comma), then the closing. Joined, the pieces are one JSON document.
 */
export async function* fhirBundleChunks(userId: string, now = new Date()): AsyncGenerator<string> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, name: true, firstName: true, lastName: true, dateOfBirth: true, gender: true } });
  const patient = patientEntry(user);
  const id = randomUUID(); // each export is a bundle of its own
  const head = { resourceType: 'Bundle', identifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${id}` }, type: 'collection', timestamp: now.toISOString() };
  // The head's closing brace is dropped so that the entry array can follow it.
  yield `${JSON.stringify(head).slice(0, -1)},"entry":[\n${JSON.stringify(patient)}`;
  for await (const entry of observationEntries(userId, { reference: patient.fullUrl })) yield `,\n${JSON.stringify(entry)}`;
  for await (const entry of medicationStatementEntries(userId, { reference: patient.fullUrl })) yield `,\n${JSON.stringify(entry)}`;
  yield '\n]}\n';
}
