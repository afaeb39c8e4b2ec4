import { Decoder, Stream, Utils } from '@garmin/fitsdk';
import type { MetricField } from '@/lib/metrics/source-priority';
import { type DayFigures, ExportError, type HistoryReading, jsonOf, numberOf, plausible, readingOf, setFigure } from './export-file';

// Garmin's history, from two kinds of file (docs/integrations/history-imports.md §2):
// - the Garmin Connect account export (Account → Data Management → Export Your Data): a zip whose
//   DI_CONNECT folders hold daily summaries as JSON (steps, calories, resting heart rate, stress), nights,
//   HRV, weight and VO2 max, each already filed on the member's calendar date;
// - FIT files, the watch's own records (monitoring, sleep, HRV status, weight scale, blood pressure),
//   alone or in a zip (the account export nests some in zips of their own), read with Garmin's FIT SDK,
//   each checked whole (size and CRC) before a message is read: a damaged file stops the import.
// Where both give a day's figure, the daily summary's is kept: it is Garmin's own total for the day.

const JSON_FILES = [/^udsfile_.*\.json$/, /_sleepdata\.json$/, /_healthstatusdata\.json$/, /_userbiometrics\.json$/, /^metricsmaxmetdata_.*\.json$/];

/** The account export's JSON files this reader takes (base names, lower-cased). */
export const isGarminJson = (name: string) => JSON_FILES.some((pattern) => pattern.test(name));
export const isFitFile = (name: string) => name.endsWith('.fit');

/** A FIT file starts with a header whose bytes 8–11 are ".FIT". */
export function looksLikeFit(head: Uint8Array): boolean {
  return head.length >= 12 && String.fromCharCode(...head.subarray(8, 12)) === '.FIT';
}

type Mesg = Record<string, unknown>;
const dateOf = (value: unknown): Date | null => (value instanceof Date && Number.isFinite(value.getTime()) ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

type Mean = { sum: number; n: number };

/** FIT files folded into days as each one arrives; nothing of a file is kept once it is read. */
export class FitDays {
  records = 0;
  used = 0;
  files = 0;
  private readonly steps = new Map<string, Map<string, number>>();
  private readonly stress = new Map<string, Mean>();
  private readonly latest = new Map<string, Map<MetricField, { at: number; value: number }>>();

  private keep(day: string, field: MetricField, at: number, value: number | null) {
    if (plausible(field, value) === null) return;
    const fields = this.latest.get(day) ?? new Map();
    const current = fields.get(field);
    if (!current || current.at <= at) fields.set(field, { at, value: value! });
    this.latest.set(day, fields);
    this.used += 1;
  }

  /** Reads one FIT file; a file that is not FIT, or whose size or CRC does not check, is refused whole. */
  read(bytes: Uint8Array): void {
    if (!Decoder.isFIT(Stream.fromByteArray(bytes)) || !new Decoder(Stream.fromByteArray(bytes)).checkIntegrity()) throw new ExportError('damaged');
    const { messages, errors } = new Decoder(Stream.fromByteArray(bytes)).read();
    if (errors.length) throw new ExportError('damaged');
    this.files += 1;
    const all = messages as unknown as Record<string, Mesg[] | undefined>;
    const list = (name: string) => all[name] ?? [];
    this.records += Object.values(all).reduce((sum, mesgs) => sum + (mesgs?.length ?? 0), 0);

    // The member's local time: monitoring_info gives it as a second timestamp; without one, UTC.
    const info = list('monitoringInfoMesgs').find((m) => dateOf(m.timestamp) && num(m.localTimestamp) !== null);
    const offsetMs = info ? num(info.localTimestamp)! * 1000 + Utils.FIT_EPOCH_MS - dateOf(info.timestamp)!.getTime() : 0;
    const dayOf = (date: Date) => new Date(date.getTime() + offsetMs).toISOString().slice(0, 10);

    // Monitoring step counts run up through the day per activity type: the day's largest, added across types.
    for (const m of list('monitoringMesgs')) {
      const at = dateOf(m.timestamp);
      const steps = num(m.steps);
      if (!at || steps === null) continue;
      const day = dayOf(at);
      const types = this.steps.get(day) ?? new Map<string, number>();
      const type = String(m.activityType ?? 'unknown');
      types.set(type, Math.max(types.get(type) ?? 0, steps));
      this.steps.set(day, types);
    }
    for (const m of list('monitoringHrDataMesgs')) {
      const at = dateOf(m.timestamp);
      if (at) this.keep(dayOf(at), 'restingHeartRateBpm', at.getTime(), num(m.restingHeartRate) ?? num(m.currentDayRestingHeartRate));
    }
    for (const m of list('stressLevelMesgs')) {
      const at = dateOf(m.stressLevelTime);
      const value = num(m.stressLevelValue);
      // A negative stress level means "no reading" (moving, or the watch off the wrist).
      if (!at || value === null || value < 0 || value > 100) continue;
      const mean = this.stress.get(dayOf(at)) ?? { sum: 0, n: 0 };
      this.stress.set(dayOf(at), { sum: mean.sum + value, n: mean.n + 1 });
    }
    // A night: each stage lasts until the next begins; light, deep and REM are sleep; filed on the day it ends.
    const stages = list('sleepLevelMesgs')
      .map((m) => ({ at: dateOf(m.timestamp), level: String(m.sleepLevel ?? '') }))
      .filter((s): s is { at: Date; level: string } => s.at !== null)
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    if (stages.length > 1) {
      let asleepMs = 0;
      for (let i = 0; i + 1 < stages.length; i += 1) if (['light', 'deep', 'rem'].includes(stages[i]!.level)) asleepMs += stages[i + 1]!.at.getTime() - stages[i]!.at.getTime();
      const end = stages.at(-1)!.at;
      this.keep(dayOf(end), 'sleepDurationMinutes', end.getTime(), Math.round(asleepMs / 60_000));
      const score = list('sleepAssessmentMesgs').map((m) => num(m.overallSleepScore)).find((s) => s !== null);
      if (score !== undefined) this.keep(dayOf(end), 'sleepScore', end.getTime(), score);
    }
    for (const m of list('hrvStatusSummaryMesgs')) {
      const at = dateOf(m.timestamp);
      if (at) this.keep(dayOf(at), 'hrvMs', at.getTime(), num(m.lastNightAverage));
    }
    for (const m of list('weightScaleMesgs')) {
      const at = dateOf(m.timestamp);
      if (!at) continue;
      this.keep(dayOf(at), 'weightKg', at.getTime(), num(m.weight));
      this.keep(dayOf(at), 'bodyFatPercent', at.getTime(), num(m.percentFat));
    }
    for (const m of list('bloodPressureMesgs')) {
      const at = dateOf(m.timestamp);
      const high = num(m.systolicPressure);
      const low = num(m.diastolicPressure);
      if (!at || high === null || low === null || high <= low) continue;
      this.keep(dayOf(at), 'systolicBpMmhg', at.getTime(), high);
      this.keep(dayOf(at), 'diastolicBpMmhg', at.getTime(), low);
    }
    for (const m of list('maxMetDataMesgs')) {
      const at = dateOf(m.updateTime) ?? dateOf(m.timestamp);
      if (at) this.keep(dayOf(at), 'vo2Max', at.getTime(), num(m.vo2Max));
    }
  }

  /** The days the FIT files gave. */
  days(): Map<string, DayFigures> {
    const days = new Map<string, DayFigures>();
    for (const [day, types] of this.steps) setFigure(days, day, 'steps', [...types.values()].reduce((a, b) => a + b, 0));
    for (const [day, { sum, n }] of this.stress) setFigure(days, day, 'stressScore', sum / n);
    for (const [day, fields] of this.latest) for (const [field, { value }] of fields) setFigure(days, day, field, value);
    return days;
  }
}

const arrayOf = (value: unknown): Mesg[] => (Array.isArray(value) ? value.filter((item): item is Mesg => typeof item === 'object' && item !== null) : []);
const object = (value: unknown): Mesg => (typeof value === 'object' && value !== null ? (value as Mesg) : {});
const calendarDate = (value: unknown): string | null => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

/** The account export's JSON files folded into days. */
function jsonDays(files: ReadonlyMap<string, Uint8Array>): { days: Map<string, DayFigures>; records: number; used: number; recognised: boolean } {
  const days = new Map<string, DayFigures>();
  let records = 0;
  let used = 0;
  let recognised = false;
  const entries = (pattern: RegExp) => [...files].filter(([name]) => pattern.test(name)).flatMap(([, bytes]) => {
    const rows = arrayOf(jsonOf(bytes));
    records += rows.length;
    return rows;
  });
  const set = (day: string | null, field: MetricField, value: unknown) => setFigure(days, day, field, numberOf(value as number | string | null));
  const count = (gave: boolean[]) => {
    if (gave.some(Boolean)) used += 1;
  };

  for (const row of entries(JSON_FILES[0]!)) {
    const day = calendarDate(row.calendarDate);
    if (!day) continue;
    recognised = true;
    const total = arrayOf(object(row.allDayStress).aggregatorList).find((a) => a.type === 'TOTAL');
    const stress = num(total?.averageStressLevel);
    count([
      set(day, 'steps', row.totalSteps),
      set(day, 'activeCaloriesKcal', row.activeKilocalories),
      set(day, 'totalCaloriesKcal', row.totalKilocalories),
      set(day, 'caloriesIntakeKcal', row.consumedKilocalories),
      set(day, 'restingHeartRateBpm', row.restingHeartRate),
      // A negative stress level means too little data that day.
      set(day, 'stressScore', stress !== null && stress >= 0 ? stress : null),
    ]);
  }
  for (const row of entries(JSON_FILES[1]!)) {
    const day = calendarDate(row.calendarDate);
    if (!day) continue;
    recognised = true;
    const stages = [row.deepSleepSeconds, row.lightSleepSeconds, row.remSleepSeconds].map(num);
    const asleep = stages.every((s) => s === null) ? null : stages.reduce<number>((sum, s) => sum + (s ?? 0), 0) / 60;
    count([set(day, 'sleepDurationMinutes', asleep), set(day, 'sleepScore', object(row.sleepScores).overallScore), set(day, 'respiratoryRateBpm', row.averageRespiration)]);
  }
  for (const row of entries(JSON_FILES[2]!)) {
    const day = calendarDate(row.calendarDate);
    if (!day) continue;
    recognised = true;
    const hrv = arrayOf(row.metrics).find((m) => m.type === 'HRV' && m.status !== 'UNKNOWN');
    count([set(day, 'hrvMs', num(hrv?.value) || null)]);
  }
  for (const row of entries(JSON_FILES[3]!)) {
    const day = calendarDate(object(row.metaData).calendarDate);
    if (!day) continue;
    recognised = true;
    const weight = object(row.weight);
    const grams = num(weight.weight);
    count([set(day, 'weightKg', grams === null ? null : grams / 1000), set(day, 'bodyFatPercent', weight.bodyFat)]);
  }
  // VO2 max: the running estimate where the day has one, else another sport's.
  const vo2 = entries(JSON_FILES[4]!).sort((a, b) => Number(a.sport === 'RUNNING') - Number(b.sport === 'RUNNING'));
  for (const row of vo2) {
    const day = calendarDate(row.calendarDate);
    if (!day) continue;
    recognised = true;
    count([set(day, 'vo2Max', row.vo2MaxValue)]);
  }
  return { days, records, used, recognised };
}

/** Garmin's days from an export's JSON files and its FIT files; null when there were neither. */
export function readGarminExport(files: ReadonlyMap<string, Uint8Array>, fit: FitDays): HistoryReading | null {
  const hasJson = [...files.keys()].some(isGarminJson);
  if (!hasJson && fit.files === 0) return null;
  const json = jsonDays(files);
  if (hasJson && !json.recognised && fit.files === 0) throw new ExportError('not_export');
  const days = fit.days();
  for (const [day, figures] of json.days) days.set(day, { ...days.get(day), ...Object.fromEntries(Object.entries(figures).filter(([, value]) => value !== null)) });
  return readingOf(days, json.records + fit.records, json.used + fit.used, 'Garmin');
}
