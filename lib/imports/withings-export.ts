import type { MetricField } from '@/lib/metrics/source-priority';
import { type CsvTable, csvTable, type DayFigures, ExportError, type HistoryReading, localDay, numberOf, readingOf, setFigure, setStages } from './export-file';

// Withings' data export (dashboard → Settings → Download my data): a zip of CSV files. This reads the
// summaries: weight.csv (weight, fat mass), bp.csv (blood pressure), sleep.csv (the day's main sleep and its
// stages, on the local date it ends, as the Withings adapter files it), and the daily aggregates of steps and
// calories.
// Some headers follow the account's language: each column has its names in the languages seen.
// docs/integrations/history-imports.md §5 has the columns.

/** The files this reader takes from the zip (base names, lower-cased). */
export const WITHINGS_FILES: ReadonlySet<string> = new Set(['weight.csv', 'bp.csv', 'sleep.csv', 'aggregates_steps.csv', 'aggregates_calories_earned.csv', 'aggregates_calories_passive.csv']);

/** A column's names (lower-cased) in English, German, French and Spanish exports. */
const NAMES = {
  date: ['date', 'datum'],
  weightKg: ['weight (kg)', 'gewicht (kg)', 'poids (kg)', 'peso (kg)'],
  weightLb: ['weight (lb)'],
  fatKg: ['fat mass (kg)', 'fettmasse (kg)', 'masse grasse (kg)', 'masa grasa (kg)'],
  fatLb: ['fat mass (lb)'],
  systolic: ['systolic', 'systolic (mmhg)', 'systolisch', 'systolique', 'sistólica'],
  diastolic: ['diastolic', 'diastolic (mmhg)', 'diastolisch', 'diastolique', 'diastólica'],
  to: ['to', 'bis', 'à', 'a'],
  light: ['light (s)', 'leicht (s)', 'léger (s)', 'ligero (s)'],
  deep: ['deep (s)', 'tief (s)', 'profond (s)', 'profundo (s)'],
  rem: ['rem (s)'],
  awake: ['awake (s)', 'wach (s)', 'éveillé (s)', 'despierto (s)'],
  lowestHeartRate: ['heart rate (min)', 'herzfrequenz (min)', 'fréquence cardiaque (min)', 'frecuencia cardíaca (mín)'],
  sleepScore: ['sleep score', 'schlafindex', 'score de sommeil', 'puntuación del sueño'],
  value: ['value', 'wert', 'valeur', 'valor'],
} as const;

const LB = 0.45359237;

/** The table's reader for one column, by whichever of its names the header has. */
function column(table: CsvTable, names: readonly string[]): ((cell: (name: string) => string | undefined) => number | null) | null {
  const name = names.find((n) => table.has(n));
  return name ? (cell) => numberOf(cell(name)) : null;
}
const dateColumn = (table: CsvTable, names: readonly string[]) => names.find((n) => table.has(n)) ?? null;

/** Withings' data export's days; null when the zip holds none of its files. */
export function readWithingsExport(files: ReadonlyMap<string, Uint8Array>): HistoryReading | null {
  if (![...WITHINGS_FILES].some((name) => files.has(name))) return null;
  const days = new Map<string, DayFigures>();
  let records = 0;
  let used = 0;
  let recognised = false;
  const tableOf = (name: string) => {
    const bytes = files.get(name);
    return bytes ? csvTable(bytes) : null;
  };

  // Weight and blood pressure: the day's latest reading (rows are read in time order; a later one overwrites).
  const weight = tableOf('weight.csv');
  if (weight) {
    const date = dateColumn(weight, NAMES.date);
    const kg = column(weight, NAMES.weightKg);
    const lb = column(weight, NAMES.weightLb);
    const fatKg = column(weight, NAMES.fatKg);
    const fatLb = column(weight, NAMES.fatLb);
    if (date && (kg || lb)) {
      recognised = true;
      const rows = [...weight.rows].sort((a, b) => (a(date) ?? '').localeCompare(b(date) ?? ''));
      for (const cell of rows) {
        records += 1;
        const day = localDay(cell(date));
        const poundsWeight = lb?.(cell);
        const mass = kg?.(cell) ?? (poundsWeight == null ? null : poundsWeight * LB);
        const poundsFat = fatLb?.(cell);
        const fat = fatKg?.(cell) ?? (poundsFat == null ? null : poundsFat * LB);
        const gave = setFigure(days, day, 'weightKg', mass);
        if (gave && fat !== null && mass) setFigure(days, day, 'bodyFatPercent', (fat / mass) * 100);
        if (gave) used += 1;
      }
    }
  }
  const bp = tableOf('bp.csv');
  if (bp) {
    const date = dateColumn(bp, NAMES.date);
    const systolic = column(bp, NAMES.systolic);
    const diastolic = column(bp, NAMES.diastolic);
    if (date && systolic && diastolic) {
      recognised = true;
      const rows = [...bp.rows].sort((a, b) => (a(date) ?? '').localeCompare(b(date) ?? ''));
      for (const cell of rows) {
        records += 1;
        const day = localDay(cell(date));
        const high = systolic(cell);
        const low = diastolic(cell);
        // A pulse-only row has blank pressure cells; a pair is stored together or not at all.
        if (high === null || low === null || high <= low) continue;
        if (setFigure(days, day, 'systolicBpMmhg', high) && setFigure(days, day, 'diastolicBpMmhg', low)) used += 1;
      }
    }
  }
  const sleep = tableOf('sleep.csv');
  if (sleep) {
    const to = dateColumn(sleep, NAMES.to);
    const stages = [column(sleep, NAMES.light), column(sleep, NAMES.deep), column(sleep, NAMES.rem)];
    const lowest = column(sleep, NAMES.lowestHeartRate);
    const score = column(sleep, NAMES.sleepScore);
    const awake = column(sleep, NAMES.awake);
    if (to && stages[0] && stages[1]) {
      recognised = true;
      // A day's sleep is its main sleep: the longest session ending on it (docs §6). A nap, or a second record
      // of the same night, beside it is neither added nor put in its place; of two as long, the one whose
      // figures sort last, so that the order of the rows changes nothing. All its figures come from that row.
      const nights = new Map<string, { asleep: number; key: string; cell: (name: string) => string | undefined }>();
      for (const cell of sleep.rows) {
        records += 1;
        const day = localDay(cell(to));
        if (!day) continue;
        const seconds = stages.map((stage) => stage?.(cell) ?? null);
        const total = seconds[0] === null && seconds[1] === null ? -1 : seconds.reduce<number>((sum, s) => sum + (s ?? 0), 0);
        // A row past a whole day asleep is broken: it is no session, and cannot be the day's longest.
        const asleep = total <= 86_400 ? total : -1;
        const key = JSON.stringify([cell(to), seconds, awake?.(cell), lowest?.(cell), score?.(cell)]);
        const held = nights.get(day);
        if (!held || asleep > held.asleep || (asleep === held.asleep && key > held.key)) nights.set(day, { asleep, key, cell });
      }
      for (const [day, { asleep, cell }] of nights) {
        const gave = [
          setFigure(days, day, 'sleepDurationMinutes', asleep < 0 ? null : asleep / 60),
          setFigure(days, day, 'restingHeartRateBpm', lowest?.(cell)),
          setFigure(days, day, 'sleepScore', score?.(cell)),
        ];
        const seconds = stages.map((stage) => stage?.(cell) ?? null);
        setStages(days, day, { light: seconds[0] ?? null, deep: seconds[1] ?? null, rem: seconds[2] ?? null, awake: awake?.(cell) ?? null }, 60);
        if (gave.some(Boolean)) used += 1;
      }
    }
  }
  // Daily aggregates: one row per date; total calories are the earned and the passive together.
  const aggregate = (name: string): Map<string, number> => {
    const table = tableOf(name);
    const date = table && dateColumn(table, NAMES.date);
    const value = table && column(table, NAMES.value);
    const out = new Map<string, number>();
    if (!table || !date || !value) return out;
    recognised = true;
    for (const cell of table.rows) {
      records += 1;
      const day = localDay(cell(date));
      const figure = value(cell);
      if (day && figure !== null) out.set(day, (out.get(day) ?? 0) + figure);
    }
    return out;
  };
  const store = (values: Map<string, number>, field: MetricField) => {
    for (const [day, value] of values) if (setFigure(days, day, field, value)) used += 1;
  };
  const earned = aggregate('aggregates_calories_earned.csv');
  const passive = aggregate('aggregates_calories_passive.csv');
  store(aggregate('aggregates_steps.csv'), 'steps');
  store(earned, 'activeCaloriesKcal');
  store(new Map([...earned].filter(([day]) => passive.has(day)).map(([day, value]) => [day, value + passive.get(day)!])), 'totalCaloriesKcal');

  // Files with Withings' names but none of its headers are not Withings'.
  if (!recognised) throw new ExportError('not_export');
  return readingOf(days, records, used, 'Withings');
}
