import { ISO_DAY, labelledEnum } from '@/lib/codecs';
import type { Medication } from '@/lib/generated/prisma/client';
import { MedicationKind } from '@/lib/generated/prisma/enums';
import type { DoseUnit, Frequency, MedicationKindValue, MedicationRoute } from '@/lib/validation/medication-options';
import type { MedicationInput, MedicationRequest } from '@/lib/validation/medications';

// One line of "What I take" as the API answers it (snake_case, days as YYYY-MM-DD), and the way between it,
// the stored row and a request.

/** The API's kinds and the database's. */
export const MEDICATION_KIND = labelledEnum<MedicationKindValue, MedicationKind>({
  supplement: MedicationKind.SUPPLEMENT,
  medication: MedicationKind.MEDICATION,
  trt: MedicationKind.TRT,
});

/** GET /api/medications' items, and the entry POST and PATCH answer with. */
export type MedicationEntry = {
  id: string;
  kind: MedicationKindValue;
  name: string;
  dose: number | null;
  dose_unit: DoseUnit | null;
  frequency: Frequency;
  interval_days: number | null;
  route: MedicationRoute | null;
  preparation: string | null;
  /** YYYY-MM-DD */
  started_on: string;
  /** YYYY-MM-DD, or null while he still takes it. */
  stopped_on: string | null;
  note: string | null;
  created_at: string;
  updated_at: string;
};

export type MedicationRow = Pick<Medication, 'id' | 'kind' | 'name' | 'dose' | 'doseUnit' | 'frequency' | 'intervalDays' | 'route' | 'preparation' | 'startedOn' | 'stoppedOn' | 'note' | 'createdAt' | 'updatedAt'>;

/** A stored row as the API shows it. The text columns hold only what the schema let through. */
export function entryOf(row: MedicationRow): MedicationEntry {
  return {
    id: row.id,
    kind: MEDICATION_KIND.toLabel(row.kind) ?? 'medication',
    name: row.name,
    dose: row.dose,
    dose_unit: row.doseUnit as DoseUnit | null,
    frequency: row.frequency as Frequency,
    interval_days: row.intervalDays,
    route: row.route as MedicationRoute | null,
    preparation: row.preparation,
    started_on: ISO_DAY.fromDate(row.startedOn),
    stopped_on: ISO_DAY.fromNullable(row.stoppedOn),
    note: row.note,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** An entry as a request would send it whole: what a PATCH's fields are laid over before the whole is checked. */
export function requestOf(entry: MedicationEntry): MedicationRequest {
  const { kind, name, dose, dose_unit, frequency, interval_days, route, preparation, started_on, stopped_on, note } = entry;
  return { kind, name, dose, dose_unit, frequency, interval_days, route, preparation, started_on, stopped_on, note };
}

/** A checked entry as the row's columns. */
export function columnsOf(input: MedicationInput) {
  return {
    kind: MEDICATION_KIND.toStored(input.kind),
    name: input.name,
    dose: input.dose,
    doseUnit: input.doseUnit,
    frequency: input.frequency,
    intervalDays: input.intervalDays,
    route: input.route,
    preparation: input.preparation,
    startedOn: ISO_DAY.toDate(input.startedOn),
    stoppedOn: input.stoppedOn === null ? null : ISO_DAY.toDate(input.stoppedOn),
    note: input.note,
  };
}
