import { exportInstant, HeartRateWindows } from './apple-days';
import { type CsvTable, csvTable, type DayFigures, ExportError, type HistoryReading, localDay, numberOf, readingOf, setFigure, setStages } from './export-file';

// Oura's data export (Membership Hub → Export data): CSV files named by category, separated by
// semicolons, with the Oura API v2's snake_case field names, so the figures match what the Oura adapter
// (lib/wearables/oura/records.ts) stores from the API: the day is Oura's own `day` (a night on the day it
// ends), resting heart rate is the night's lowest, HRV the night's average (RMSSD), readiness stands in
// for recovery. docs/integrations/history-imports.md §4 has the columns.

/** The files this reader takes from the zip (base names, lower-cased; exports write them in either case). */
export const OURA_FILES: ReadonlySet<string> = new Set(['dailysleep.csv', 'sleepmodel.csv', 'dailyactivity.csv', 'dailyreadiness.csv', 'heartrate.csv']);

/** Oura on the Web's older one-file export (Trends → Download Data): `oura_2019-01-01_2019-12-31_trends.csv`. */
export const isOuraTrendsFile = (name: string): boolean => /^oura_.*trends.*\.csv$/.test(name);

/** Whether a zip entry (base name, lower-cased) is one of Oura's. */
export const isOuraFile = (name: string): boolean => OURA_FILES.has(name) || isOuraTrendsFile(name);

/**
 * The trends file's columns (lower-cased) in both generations seen: Title Case names, one row per `date`,
 * durations in seconds (Total Sleep Duration = REM + Deep + Light, and + Awake Time = Total Bedtime, which
 * is Bedtime End − Bedtime Start), missing figures empty or `None`. docs/integrations/history-imports.md §4.
 */
const TRENDS = {
  asleep: ['total sleep duration', 'total sleep time'],
  deep: ['deep sleep duration', 'deep sleep time'],
  light: ['light sleep duration', 'light sleep time'],
  rem: ['rem sleep duration', 'rem sleep time'],
  awake: ['awake time'],
  sleepScore: ['sleep score'],
  lowestHeartRate: ['lowest resting heart rate'],
  hrv: ['average hrv'],
  breath: ['respiratory rate'],
  readiness: ['readiness score'],
  steps: ['steps'],
  activeCalories: ['activity burn'],
  totalCalories: ['total burn'],
} as const;

/** Adds the days of one trends CSV to `days`; null when the bytes are not one (no `date`, or fewer than two of its columns). */
function trendsInto(bytes: Uint8Array, days: Map<string, DayFigures>): { records: number; used: number } | null {
  let table: CsvTable;
  try {
    table = csvTable(bytes);
  } catch {
    return null;
  }
  const columnOf = (names: readonly string[]) => names.find((name) => table.has(name));
  if (!table.has('date') || Object.values(TRENDS).filter((names) => columnOf(names)).length < 2) return null;
  const read = (names: readonly string[], cell: (column: string) => string | undefined) => {
    const column = columnOf(names);
    return column ? numberOf(cell(column)) : null;
  };
  let used = 0;
  for (const cell of table.rows) {
    // `date` is Oura's day: a night on the date it ends (a row's Bedtime Start may be the evening before).
    const day = localDay(cell('date'));
    const seconds = read(TRENDS.asleep, cell);
    const gave = [
      setFigure(days, day, 'sleepDurationMinutes', seconds === null ? null : seconds / 60),
      setFigure(days, day, 'sleepScore', read(TRENDS.sleepScore, cell)),
      setFigure(days, day, 'restingHeartRateBpm', read(TRENDS.lowestHeartRate, cell)),
      setFigure(days, day, 'hrvMs', read(TRENDS.hrv, cell)),
      setFigure(days, day, 'respiratoryRateBpm', read(TRENDS.breath, cell)),
      setFigure(days, day, 'recoveryScore', read(TRENDS.readiness, cell)),
      setFigure(days, day, 'steps', read(TRENDS.steps, cell)),
      setFigure(days, day, 'activeCaloriesKcal', read(TRENDS.activeCalories, cell)),
      setFigure(days, day, 'totalCaloriesKcal', read(TRENDS.totalCalories, cell)),
    ];
    setStages(days, day, { deep: read(TRENDS.deep, cell), light: read(TRENDS.light, cell), rem: read(TRENDS.rem, cell), awake: read(TRENDS.awake, cell) }, 60);
    if (gave.some(Boolean)) used += 1;
  }
  return { records: table.rows.length, used };
}

/** The days of Oura's trends CSVs (each covers the range it was downloaded for); null when none of them is one. */
export function readOuraTrends(files: readonly Uint8Array[]): HistoryReading | null {
  const days = new Map<string, DayFigures>();
  let records = 0;
  let used = 0;
  let any = false;
  for (const bytes of files) {
    const read = trendsInto(bytes, days);
    if (!read) continue;
    any = true;
    records += read.records;
    used += read.used;
  }
  return any ? readingOf(days, records, used, 'Oura') : null;
}

/** An ISO timestamp with its offset ("2026-11-20T07:12:00+00:00", "…Z"); null otherwise. */
function instantOf(text: string | undefined): number | null {
  const trimmed = text?.trim() ?? '';
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(trimmed)) return exportInstant(trimmed)?.at ?? null;
  const at = Date.parse(trimmed);
  return Number.isFinite(at) ? at : null;
}

/** Oura's data export's days (or its older trends CSV's); null when the zip holds none of its files. */
export function readOuraExport(files: ReadonlyMap<string, Uint8Array>): HistoryReading | null {
  const present = [...OURA_FILES].filter((name) => files.has(name));
  if (!present.length) {
    // A zip of the older trends file (or several, one per range downloaded).
    const trends = [...files.keys()].filter(isOuraTrendsFile).sort();
    if (!trends.length) return null;
    const reading = readOuraTrends(trends.map((name) => files.get(name)!));
    if (!reading) throw new ExportError('not_export');
    return reading;
  }
  const days = new Map<string, DayFigures>();
  let records = 0;
  let used = 0;
  let recognised = false;

  const table = (name: string, columns: readonly string[], key = 'day') => {
    const bytes = files.get(name);
    if (!bytes) return [];
    const read = csvTable(bytes);
    if (!read.has(key) || !columns.some((column) => read.has(column))) return [];
    recognised = true;
    records += read.rows.length;
    return read.rows;
  };
  const count = (gave: boolean) => gave && (used += 1);

  for (const cell of table('dailysleep.csv', ['score'])) count(setFigure(days, localDay(cell('day')), 'sleepScore', numberOf(cell('score'))));
  for (const cell of table('dailyreadiness.csv', ['score'])) count(setFigure(days, localDay(cell('day')), 'recoveryScore', numberOf(cell('score'))));
  for (const cell of table('dailyactivity.csv', ['steps', 'active_calories', 'total_calories'])) {
    const day = localDay(cell('day'));
    const gave = [
      setFigure(days, day, 'steps', numberOf(cell('steps'))),
      setFigure(days, day, 'activeCaloriesKcal', numberOf(cell('active_calories'))),
      setFigure(days, day, 'totalCaloriesKcal', numberOf(cell('total_calories'))),
    ];
    count(gave.some(Boolean));
  }
  // A day can hold several sleep periods (naps, rests): as the adapter does, the night is the day's longest
  // "long_sleep" period.
  const nights = new Map<string, { seconds: number; cell: (column: string) => string | undefined }>();
  for (const cell of table('sleepmodel.csv', ['total_sleep_duration'])) {
    const day = localDay(cell('day'));
    const seconds = numberOf(cell('total_sleep_duration'));
    const type = cell('type')?.trim();
    if (!day || seconds === null || (type !== undefined && type !== 'long_sleep')) continue;
    if ((nights.get(day)?.seconds ?? -1) < seconds) nights.set(day, { seconds, cell });
  }
  for (const [day, { seconds, cell }] of nights) {
    const gave = [
      setFigure(days, day, 'sleepDurationMinutes', seconds / 60),
      setFigure(days, day, 'restingHeartRateBpm', numberOf(cell('lowest_heart_rate'))),
      setFigure(days, day, 'hrvMs', numberOf(cell('average_hrv'))),
      setFigure(days, day, 'respiratoryRateBpm', numberOf(cell('average_breath'))),
    ];
    setStages(days, day, { deep: numberOf(cell('deep_sleep_duration')), light: numberOf(cell('light_sleep_duration')), rem: numberOf(cell('rem_sleep_duration')), awake: numberOf(cell('awake_time')) }, 60);
    count(gave.some(Boolean));
  }
  // Heart rate (the API's heartrate: timestamp, bpm, source) as 5-minute means, as live samples are kept.
  const heart = new HeartRateWindows();
  for (const cell of table('heartrate.csv', ['bpm'], 'timestamp')) {
    const at = instantOf(cell('timestamp'));
    const bpm = numberOf(cell('bpm'));
    if (at === null || bpm === null || bpm < 20 || bpm > 250) continue;
    heart.add(at, bpm, 0);
    used += 1;
  }
  // Files with Oura's names but other headers are not Oura's.
  if (!recognised) throw new ExportError('not_export');
  return { ...readingOf(days, records, used, 'Oura'), heartRate: heart.size ? heart.means() : undefined };
}
