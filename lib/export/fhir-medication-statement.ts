import type { MedicationEntry } from '@/lib/medications/entry';
import { dosageText } from '@/lib/medications/medication-text';
import { ROUTES, type DoseUnit, type Frequency } from '@/lib/validation/medication-options';

// "What I take" in the FHIR bundle (./fhir.ts): one R4 MedicationStatement per entry
// (http://hl7.org/fhir/R4/medicationstatement.html), reported by the patient himself: the name as text (no
// drug code is kept), the days taken as effectivePeriod, and the dosage both in words and as a timing and a
// dose, in UCUM where the unit is one (a capsule or a drop is a count, named as such).

type CodeableConcept = { coding?: { system: string; code: string; display?: string }[]; text?: string };
type Reference = { reference?: string; display?: string };
type Quantity = { value: number; unit: string; system?: string; code?: string };
type Timing = { repeat: { frequency: number; period: number; periodUnit: 'd' | 'wk' } };

export type Dosage = { text: string; timing?: Timing; asNeededBoolean?: boolean; route?: CodeableConcept; doseAndRate?: { doseQuantity: Quantity }[] };

export type MedicationStatement = {
  resourceType: 'MedicationStatement';
  /** 'completed' once he has stopped; 'active' while he takes it. */
  status: 'active' | 'completed';
  category: CodeableConcept;
  medicationCodeableConcept: CodeableConcept;
  subject: Reference;
  effectivePeriod: { start: string; end?: string };
  dateAsserted: string;
  informationSource: Reference;
  note?: { text: string }[];
  dosage: Dosage[];
};

const UCUM = 'http://unitsofmeasure.org';
const CATEGORY = 'http://terminology.hl7.org/CodeSystem/medication-statement-category';

/** Each dose unit's UCUM code, where it has one. */
const UCUM_OF: Readonly<Record<DoseUnit, string | null>> = {
  mg: 'mg',
  'µg': 'ug',
  g: 'g',
  IU: '[IU]',
  ml: 'mL',
  'mg/ml': 'mg/mL',
  capsule: null,
  tablet: null,
  drop: null,
  pump: null,
  sachet: null,
};

/** How often as a FHIR Timing: times per period (twice a day is 2 a day); "as needed" has none. */
function timingOf(frequency: Frequency, intervalDays: number | null): Timing | null {
  switch (frequency) {
    case 'daily':
      return { repeat: { frequency: 1, period: 1, periodUnit: 'd' } };
    case 'twice_daily':
      return { repeat: { frequency: 2, period: 1, periodUnit: 'd' } };
    case 'three_times_daily':
      return { repeat: { frequency: 3, period: 1, periodUnit: 'd' } };
    case 'weekly':
      return { repeat: { frequency: 1, period: 1, periodUnit: 'wk' } };
    case 'every_n_days':
      return intervalDays === null ? null : { repeat: { frequency: 1, period: intervalDays, periodUnit: 'd' } };
    case 'as_needed':
      return null;
  }
}

function doseQuantityOf(entry: MedicationEntry): Quantity | null {
  if (entry.dose === null || entry.dose_unit === null) return null;
  const code = UCUM_OF[entry.dose_unit];
  return code ? { value: entry.dose, unit: entry.dose_unit, system: UCUM, code } : { value: entry.dose, unit: entry.dose_unit };
}

/** What the kind adds that the name may not say. */
function kindNote(entry: MedicationEntry): string | null {
  if (entry.kind === 'supplement') return 'A supplement.';
  if (entry.kind === 'trt') return `Testosterone therapy${entry.preparation ? `: ${entry.preparation}` : ''}.`;
  return null;
}

/** One entry of "What I take" as a MedicationStatement about `subject`, who also reported it. */
export function medicationStatementFor(entry: MedicationEntry, subject: Reference): MedicationStatement {
  const timing = timingOf(entry.frequency, entry.interval_days);
  const dose = doseQuantityOf(entry);
  const dosage: Dosage = {
    text: dosageText(entry),
    ...(timing ? { timing } : {}),
    ...(entry.frequency === 'as_needed' ? { asNeededBoolean: true } : {}),
    ...(entry.route ? { route: { text: ROUTES[entry.route].label } } : {}),
    ...(dose ? { doseAndRate: [{ doseQuantity: dose }] } : {}),
  };
  const notes = [kindNote(entry), entry.note].filter((text): text is string => Boolean(text)).map((text) => ({ text }));
  return {
    resourceType: 'MedicationStatement',
    status: entry.stopped_on ? 'completed' : 'active',
    category: { coding: [{ system: CATEGORY, code: 'patientspecified', display: 'Patient Specified' }] },
    medicationCodeableConcept: { text: entry.name },
    subject,
    effectivePeriod: { start: entry.started_on, ...(entry.stopped_on ? { end: entry.stopped_on } : {}) },
    dateAsserted: entry.updated_at,
    informationSource: subject,
    ...(notes.length ? { note: notes } : {}),
    dosage: [dosage],
  };
}
