import type { MetricField } from '@/lib/metrics/source-priority';
import { csvTable, type DayFigures, ExportError, type HistoryReading, localDay, numberOf, readingOf, setFigure, setStages } from './export-file';
import { cycleDayFromLocal } from '@/lib/wearables/whoop/records';

// Whoop's data export (Whoop app → Menu → Export WHOOP Data: a zip of CSV files, mailed within a day):
// physiological_cycles.csv holds one row per cycle (sleep to sleep) with its recovery, resting heart
// rate, HRV (RMSSD), sleep performance, asleep minutes, respiratory rate and energy.
// docs/integrations/history-imports.md §3 has the columns. Days follow the Whoop adapter
// (lib/wearables/whoop/records.ts cycleDay): a cycle runs from falling asleep to falling asleep again
// (developer.whoop.com/docs/developing/user-data/cycle), and the Whoop app shows it, its night, recovery
// and energy, on the local date of waking; a row with no wake onset on the date its start plus 12 hours
// falls on. A CSV row and the API's records land on the same day.

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
  light: 'light sleep duration (min)',
  deep: 'deep (sws) duration (min)',
  rem: 'rem duration (min)',
  awake: 'awake duration (min)',
} as const;

type Field = { column: keyof typeof COLUMNS; field: MetricField };

/** Each column's measure and its day. */
const FIELDS: readonly Field[] = [
  { column: 'recovery', field: 'recoveryScore' },
  { column: 'restingHeartRate', field: 'restingHeartRateBpm' },
  { column: 'hrv', field: 'hrvMs' },
  { column: 'sleepPerformance', field: 'sleepScore' },
  { column: 'asleep', field: 'sleepDurationMinutes' },
  { column: 'respiratoryRate', field: 'respiratoryRateBpm' },
  // "cal" in the header, kilocalories in the cells (a few thousand a day).
  { column: 'energy', field: 'totalCaloriesKcal' },
];

type Cell = (column: string) => string | undefined;

/** The cycles CSV's days, from the files of a Whoop export; null when the zip holds none. */
export function readWhoopExport(files: ReadonlyMap<string, Uint8Array>): HistoryReading | null {
  const bytes = files.get('physiological_cycles.csv');
  if (!bytes) return null;
  const table = csvTable(bytes);
  // A CSV with other headers is not Whoop's cycles file.
  if (!table.has(COLUMNS.start) || !FIELDS.some((f) => table.has(COLUMNS[f.column]))) throw new ExportError('not_export');

  // A day's sleep is its main sleep (docs §6). Naps are in sleeps.csv, never in this file; were two cycles
  // to wake on one date, the day is the cycle with more time asleep (of two as long, the later one), its
  // figures all from it, as the adapter keeps the day's longest sleep, whatever order the rows come in.
  const cycles = new Map<string, { asleep: number; start: string; cell: Cell }>();
  for (const cell of table.rows) {
    const day = localDay(cell(COLUMNS.wake)) ?? cycleDayFromLocal(cell(COLUMNS.start));
    if (!day) continue;
    // Minutes; past a whole day the row is broken and no night.
    const minutes = numberOf(cell(COLUMNS.asleep)) ?? -1;
    const asleep = minutes <= 24 * 60 ? minutes : -1;
    const start = cell(COLUMNS.start)?.trim() ?? '';
    const held = cycles.get(day);
    if (!held || asleep > held.asleep || (asleep === held.asleep && start > held.start)) cycles.set(day, { asleep, start, cell });
  }
  const days = new Map<string, DayFigures>();
  let used = 0;
  for (const [day, { cell }] of cycles) {
    let any = false;
    for (const { column, field } of FIELDS) any = setFigure(days, day, field, numberOf(cell(COLUMNS[column]))) || any;
    setStages(days, day, { deep: numberOf(cell(COLUMNS.deep)), light: numberOf(cell(COLUMNS.light)), rem: numberOf(cell(COLUMNS.rem)), awake: numberOf(cell(COLUMNS.awake)) }, 1);
    if (any) used += 1;
  }
  return readingOf(days, table.rows.length, used, 'Whoop');
}
