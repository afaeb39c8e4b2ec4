import type { MetricField } from '@/lib/metrics/source-priority';
import { csvTable, type DayFigures, ExportError, type HistoryReading, localDay, numberOf, readingOf, setFigure } from './export-file';

// Whoop's data export (Whoop app → Menu → Export WHOOP Data: a zip of CSV files, mailed within a day):
// physiological_cycles.csv holds one row per cycle (sleep to sleep) with its recovery, resting heart
// rate, HRV (RMSSD), sleep performance, asleep minutes, respiratory rate and energy.
// docs/integrations/history-imports.md §3 has the columns. Days follow the Whoop adapter
// (lib/wearables/whoop): the night and its recovery on the local date of waking, the cycle's energy on
// the local date it started, so a CSV row and the API's land on the same day.

/** The file this reader takes from the zip (lib/imports/export-file.ts EntryGatherer names files by base name, lower-cased). */
export const WHOOP_FILES: ReadonlySet<string> = new Set(['physiological_cycles.csv']);

const COLUMNS = {
  start: 'cycle start time',
  wake: 'wake onset',
  recovery: 'recovery score %',
  restingHeartRate: 'resting heart rate (bpm)',
  hrv: 'heart rate variability (ms)',
  sleepPerformance: 'sleep performance %',
  asleep: 'asleep duration (min)',
  respiratoryRate: 'respiratory rate (rpm)',
  energy: 'energy burned (cal)',
} as const;

type Field = { column: keyof typeof COLUMNS; field: MetricField; day: 'wake' | 'start' };

/** Each column's measure and its day. */
const FIELDS: readonly Field[] = [
  { column: 'recovery', field: 'recoveryScore', day: 'wake' },
  { column: 'restingHeartRate', field: 'restingHeartRateBpm', day: 'wake' },
  { column: 'hrv', field: 'hrvMs', day: 'wake' },
  { column: 'sleepPerformance', field: 'sleepScore', day: 'wake' },
  { column: 'asleep', field: 'sleepDurationMinutes', day: 'wake' },
  { column: 'respiratoryRate', field: 'respiratoryRateBpm', day: 'wake' },
  // "cal" in the header, kilocalories in the cells (a few thousand a day).
  { column: 'energy', field: 'totalCaloriesKcal', day: 'start' },
];

/** The cycles CSV's days, from the files of a Whoop export; null when the zip holds none. */
export function readWhoopExport(files: ReadonlyMap<string, Uint8Array>): HistoryReading | null {
  const bytes = files.get('physiological_cycles.csv');
  if (!bytes) return null;
  const table = csvTable(bytes);
  // A CSV with other headers is not Whoop's cycles file.
  if (!table.has(COLUMNS.start) || !FIELDS.some((f) => table.has(COLUMNS[f.column]))) throw new ExportError('not_export');

  const days = new Map<string, DayFigures>();
  let used = 0;
  for (const cell of table.rows) {
    const start = localDay(cell(COLUMNS.start));
    // A cycle not yet slept out has no wake: its night's figures wait for the next export.
    const wake = localDay(cell(COLUMNS.wake));
    let any = false;
    for (const { column, field, day } of FIELDS) any = setFigure(days, day === 'wake' ? wake : start, field, numberOf(cell(COLUMNS[column]))) || any;
    if (any) used += 1;
  }
  return readingOf(days, table.rows.length, used, 'Whoop');
}
