import { formatDateGB } from '@/lib/format';
import { DOSE_UNITS, FREQUENCIES, ROUTES } from '@/lib/validation/medication-options';
import type { MedicationEntry } from './entry';

// One line of "What I take" in words, the same on the profile's list and in the doctor's PDF. Browser-safe.

type Dose = Pick<MedicationEntry, 'dose' | 'dose_unit'>;

/** "125 mg", "2 capsules", "1 capsule"; null without a dose. */
export function doseText({ dose, dose_unit }: Dose): string | null {
  if (dose === null || dose_unit === null) return null;
  const unit = DOSE_UNITS[dose_unit];
  return `${dose.toLocaleString('en-GB', { maximumFractionDigits: 3 })} ${dose === 1 ? unit.one : unit.many}`;
}

/** "daily", "twice a day", "every 10 days", "as needed". */
export function frequencyText({ frequency, interval_days }: Pick<MedicationEntry, 'frequency' | 'interval_days'>): string {
  if (frequency === 'every_n_days' && interval_days !== null) return interval_days === 1 ? 'every day' : `every ${interval_days} days`;
  return FREQUENCIES[frequency].words;
}

/** How much, how often and how: "125 mg every 7 days, injected into a muscle", "2 capsules daily". */
export function dosageText(entry: Pick<MedicationEntry, 'dose' | 'dose_unit' | 'frequency' | 'interval_days' | 'route'>): string {
  const amount = [doseText(entry), frequencyText(entry)].filter((part): part is string => part !== null).join(' ');
  return entry.route ? `${amount}, ${ROUTES[entry.route].words}` : amount;
}

/** What it is, beside its name: a supplement says so; testosterone therapy says so with its preparation (unless that is its name). */
function kindText(entry: Pick<MedicationEntry, 'kind' | 'name' | 'preparation'>): string {
  if (entry.kind === 'supplement') return ' (supplement)';
  if (entry.kind !== 'trt') return '';
  const preparation = entry.preparation && entry.preparation.toLowerCase() !== entry.name.toLowerCase() ? `: ${entry.preparation}` : '';
  return ` (testosterone therapy${preparation})`;
}

/**
 * "Testosterone enanthate (testosterone therapy): 125 mg every 7 days, injected into a muscle, since 5 Dec 2026."
 * A stopped one gives both days ("from 1 Jan 2026 to 3 Mar 2026"); the member's note follows.
 */
export function medicationLine(entry: MedicationEntry): string {
  const how = dosageText(entry);
  const when = entry.stopped_on ? `from ${formatDateGB(entry.started_on)} to ${formatDateGB(entry.stopped_on)}` : `since ${formatDateGB(entry.started_on)}`;
  const note = entry.note ? ` Note: ${entry.note}` : '';
  return `${entry.name}${kindText(entry)}: ${how}, ${when}.${note}`;
}
