import 'server-only';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { FREQUENCIES, MEDICATIONS_MAX } from '@/lib/validation/medication-options';
import { medicationSchema, type MedicationInput, type MedicationPatch } from '@/lib/validation/medications';
import { columnsOf, entryOf, requestOf, type MedicationEntry } from './entry';

// "What I take": the member's own list. Every read and write names the member's id with the row's, so an id of
// someone else's row finds nothing and answers as an unknown one would (404), never "not yours".

export const MEDICATION_NOT_FOUND = 'That entry was not found.';
export const MEDICATIONS_FULL = `Your list holds at most ${MEDICATIONS_MAX} entries. Remove one you no longer need first.`;

const SELECT = {
  id: true,
  kind: true,
  name: true,
  dose: true,
  doseUnit: true,
  frequency: true,
  intervalDays: true,
  route: true,
  preparation: true,
  startedOn: true,
  stoppedOn: true,
  note: true,
  createdAt: true,
  updatedAt: true,
} as const;

/** What he takes now first (newest start first), then what he has stopped (latest stop first). */
export async function listMedications(userId: string): Promise<MedicationEntry[]> {
  const rows = await db.medication.findMany({
    where: { userId },
    orderBy: [{ stoppedOn: { sort: 'desc', nulls: 'first' } }, { startedOn: 'desc' }, { createdAt: 'asc' }, { id: 'asc' }],
    select: SELECT,
  });
  return rows.map(entryOf);
}

export async function addMedication(userId: string, input: MedicationInput): Promise<MedicationEntry> {
  // A count then an insert: two adds at once may pass one over the limit, which only bounds the list's size.
  if ((await db.medication.count({ where: { userId } })) >= MEDICATIONS_MAX) throw new ApiError(409, MEDICATIONS_FULL);
  return entryOf(await db.medication.create({ data: { userId, ...columnsOf(input) }, select: SELECT }));
}

async function ownEntry(userId: string, id: string): Promise<MedicationEntry> {
  const row = await db.medication.findFirst({ where: { id, userId }, select: SELECT });
  if (!row) throw new ApiError(404, MEDICATION_NOT_FOUND);
  return entryOf(row);
}

/**
 * Lays `patch` over the stored entry and checks the whole again (a ZodError, 422, when it no longer holds). A
 * new frequency sent without its interval takes the one it implies (weekly: 7 days), or, for "every few
 * days", keeps the stored one.
 */
export async function updateMedication(userId: string, id: string, patch: MedicationPatch): Promise<MedicationEntry> {
  const current = await ownEntry(userId, id);
  const interval = patch.frequency !== undefined && patch.interval_days === undefined && patch.frequency !== 'every_n_days' ? { interval_days: FREQUENCIES[patch.frequency].intervalDays } : {};
  const input = medicationSchema.parse({ ...requestOf(current), ...interval, ...patch });
  const { count } = await db.medication.updateMany({ where: { id, userId }, data: columnsOf(input) });
  // Removed between the read and the write (another tab).
  if (count === 0) throw new ApiError(404, MEDICATION_NOT_FOUND);
  return ownEntry(userId, id);
}

export async function removeMedication(userId: string, id: string): Promise<void> {
  const { count } = await db.medication.deleteMany({ where: { id, userId } });
  if (count === 0) throw new ApiError(404, MEDICATION_NOT_FOUND);
}
