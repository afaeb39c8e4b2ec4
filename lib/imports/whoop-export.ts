import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { parseCsv } from '@/lib/export/csv';
import type { MetricField } from '@/lib/metrics/source-priority';
import { ExportError, feedZip, type HistoryReading } from './apple-health-export';

// Whoop's data export (Whoop app → Menu → Export WHOOP Data: a zip of CSV files, mailed within a day):
// physiological_cycles.csv holds one row per cycle (sleep to sleep) with its recovery, resting heart
// rate, HRV (RMSSD), sleep performance, asleep minutes, respiratory rate and energy.
// docs/integrations/history-imports.md §3 has the columns. Days follow the Whoop adapter
// (lib/wearables/whoop): the night and its recovery on the local date of waking, the cycle's energy on
// the local date it started, so a CSV row and the API's land on the same day.

/** The cycles file is a few megabytes for years; past this it is not Whoop's. */
const MAX_CSV_BYTES = 64 * 1024 * 1024;

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

type Field = { column: keyof typeof COLUMNS; field: MetricField; day: 'wake' | 'start'; range: readonly [number, number]; round?: boolean };

/** Each column's measure, its day, and what a person's value can be (outside it: a broken row, not stored). */
const FIELDS: readonly Field[] = [
  { column: 'recovery', field: 'recoveryScore', day: 'wake', range: [0, 100], round: true },
  { column: 'restingHeartRate', field: 'restingHeartRateBpm', day: 'wake', range: [20, 250] },
  { column: 'hrv', field: 'hrvMs', day: 'wake', range: [1, 500] },
  { column: 'sleepPerformance', field: 'sleepScore', day: 'wake', range: [0, 100], round: true },
  { column: 'asleep', field: 'sleepDurationMinutes', day: 'wake', range: [0, 24 * 60], round: true },
  { column: 'respiratoryRate', field: 'respiratoryRateBpm', day: 'wake', range: [4, 60] },
  // "cal" in the header, kilocalories in the cells (a few thousand a day).
  { column: 'energy', field: 'totalCaloriesKcal', day: 'start', range: [0, 20_000], round: true },
];

/** "2024-06-08 07:12:45" → "2024-06-08"; null for anything else. */
const localDay = (text: string | undefined): string | null => (/^(\d{4}-\d{2}-\d{2})[ T]\d{2}:\d{2}/.exec(text?.trim() ?? '')?.[1] ?? null);

/** The cycles CSV's days, from a Whoop export zip streamed in. */
export async function readWhoopExport(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<HistoryReading> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let found = false;
  let failure: ExportError | null = null;
  const unzip = new Unzip((file) => {
    if (found || !/(^|\/)physiological_cycles\.csv$/i.test(file.name)) return;
    found = true;
    file.ondata = (error, data) => {
      if (failure) return;
      if (error) {
        failure = new ExportError('truncated');
        return;
      }
      size += data.length;
      if (size > MAX_CSV_BYTES) {
        failure = new ExportError('too_large');
        file.terminate();
        return;
      }
      chunks.push(data);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  await feedZip(unzip, source, () => failure);
  if (!found) throw new ExportError('not_export');

  const [header = [], ...rows] = parseCsv(new TextDecoder('utf-8').decode(Buffer.concat(chunks)));
  const at = new Map(header.map((name, i) => [name.trim().toLowerCase(), i]));
  // A CSV with other headers is not Whoop's cycles file.
  if (!at.has(COLUMNS.start) || !FIELDS.some((f) => at.has(COLUMNS[f.column]))) throw new ExportError('not_export');
  const cell = (row: string[], column: keyof typeof COLUMNS) => {
    const i = at.get(COLUMNS[column]);
    return i === undefined ? undefined : row[i];
  };

  const days = new Map<string, Partial<Record<MetricField, number | null>>>();
  let records = 0;
  let used = 0;
  for (const row of rows) {
    if (row.every((value) => value.trim() === '')) continue;
    records += 1;
    const start = localDay(cell(row, 'start'));
    // A cycle not yet slept out has no wake: its night's figures wait for the next export.
    const wake = localDay(cell(row, 'wake'));
    let any = false;
    for (const { column, field, day: which, range, round } of FIELDS) {
      const text = cell(row, column)?.trim();
      const day = which === 'wake' ? wake : start;
      if (!text || !day) continue;
      const value = Number(text);
      if (!Number.isFinite(value) || value < range[0] || value > range[1]) continue;
      const figures = days.get(day) ?? {};
      figures[field] = round ? Math.round(value) : Math.round(value * 10) / 10;
      days.set(day, figures);
      any = true;
    }
    if (any) used += 1;
  }
  const sorted = new Map([...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));
  const list = [...sorted.keys()];
  return { days: sorted, records, used, first: list[0] ?? null, last: list.at(-1) ?? null, sources: new Map(used ? [['Whoop', used]] : []) };
}
