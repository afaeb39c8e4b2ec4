import { CrcCalculator, Decoder, Stream, Utils } from '@garmin/fitsdk';
import type { MetricField } from '@/lib/metrics/source-priority';
import { dayInZone } from '@/lib/days';
import { HeartRateWindows } from './apple-days';
import { type DayFigures, ExportError, type HistoryReading, jsonOf, numberOf, plausible, readingOf, setFigure, setStages } from './export-file';
import type { ScalePerson, WeighIn } from './weigh-ins';

// Garmin's history, from two kinds of file (docs/integrations/history-imports.md §2):
// - the Garmin Connect account export (Account → Data Management → Export Your Data): a zip whose
//   DI_CONNECT folders hold daily summaries as JSON (steps, calories, resting heart rate, stress), nights,
//   HRV, weight and VO2 max, each already filed on the member's calendar date;
// - FIT files, the watch's own records (monitoring, sleep, HRV status, weight scale, blood pressure),
//   alone or in a zip (the account export nests some in zips of their own), read with Garmin's FIT SDK,
//   each checked whole (size and CRC of every file chained in it) before a message is read: a damaged file
//   stops the import.
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

const UINT32 = 2 ** 32;

/**
 * The local calendar day of each instant in one FIT file: the file's own local time where it gives one
 * (a message's local_timestamp beside its timestamp, or the device settings' time offset or zone), else
 * the member's time zone. One offset per file: a watch writes a day's file in one zone.
 */
export function localDays(all: Record<string, Mesg[] | undefined>, timeZone: string): (date: Date) => string {
  const list = (name: string) => all[name] ?? [];
  const localSeconds = (value: unknown) => (value instanceof Date ? (value.getTime() - Utils.FIT_EPOCH_MS) / 1000 : num(value));
  let offsetMs: number | null = null;
  for (const name of ['monitoringInfoMesgs', 'activityMesgs', 'timestampCorrelationMesgs', 'monitoringMesgs', 'skinTempOvernightMesgs']) {
    const found = list(name).find((m) => dateOf(m.timestamp) && localSeconds(m.localTimestamp) !== null);
    if (found) {
      offsetMs = localSeconds(found.localTimestamp)! * 1000 + Utils.FIT_EPOCH_MS - dateOf(found.timestamp)!.getTime();
      break;
    }
  }
  if (offsetMs === null) {
    const settings = list('deviceSettingsMesgs')[0];
    const first = (value: unknown) => num(Array.isArray(value) ? value[0] : value);
    const offset = first(settings?.timeOffset);
    const zone = first(settings?.timeZoneOffset);
    if (offset !== null) offsetMs = (offset >= UINT32 / 2 ? offset - UINT32 : offset) * 1000;
    else if (zone !== null) offsetMs = zone * 3_600_000;
  }
  if (offsetMs !== null && Math.abs(offsetMs) <= 14 * 3_600_000) {
    const fixed = Math.round(offsetMs / 60_000) * 60_000;
    return (date) => new Date(date.getTime() + fixed).toISOString().slice(0, 10);
  }
  return (date) => dayInZone(date, timeZone);
}

const COMPRESSED_HEADER = 0x80;
const DEFINITION_HEADER = 0x40;
const DEVELOPER_DATA = 0x20;
/** Field 253, the timestamp of every message that has one: a uint32 (base type 0x86). */
const TIMESTAMP_FIELD = [253, 4, 0x86] as const;

/**
 * The FIT files chained in the bytes (one upload may hold several, each with its own header and CRC); null when
 * they do not add up to the bytes (truncated) or a header's or file's CRC does not match: a damaged file.
 */
export function fitSections(bytes: Uint8Array): Uint8Array[] | null {
  const sections: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; ) {
    if (bytes.length - at < 14) return null;
    const size = bytes[at]! + new DataView(bytes.buffer, bytes.byteOffset + at, 8).getUint32(4, true) + 2;
    const section = bytes.subarray(at, at + size);
    if (section.length < size || !new Decoder(Stream.fromByteArray(section)).checkIntegrity()) return null;
    sections.push(section);
    at += size;
  }
  return sections.length ? sections : null;
}

type Definition = { bytes: Uint8Array; timed: Uint8Array; little: boolean; fieldsSize: number; devSize: number; timestampAt: number | null };

/**
 * One FIT file (a checked section) with its compressed-timestamp records written out as ordinary ones carrying
 * their full timestamp, so that Garmin's SDK, which refuses them ("not currently supported"), reads the file.
 * The FIT protocol's rule: the header's 5-bit offset replaces the low 5 bits of the last full timestamp, a
 * smaller offset than those bits meaning it rolled over 32 seconds. Only record headers are rewritten here;
 * every field is still the SDK's to read. Null when the file has no such record, or its records do not walk.
 */
export function withFullTimestamps(section: Uint8Array): Uint8Array | null {
  const end = section.length - 2;
  const out: Uint8Array[] = [];
  const definitions: (Definition | undefined)[] = [];
  const written: ('plain' | 'timed')[] = [];
  let last: number | null = null;
  let compressed = false;
  for (let at = section[0]!; at < end; ) {
    const header = section[at]!;
    if (header & COMPRESSED_HEADER) {
      const local = (header >> 5) & 0x03;
      const definition = definitions[local];
      if (!definition || last === null) return null;
      const offset = header & 0x1f;
      last = last - (last & 0x1f) + offset + (offset < (last & 0x1f) ? 0x20 : 0);
      const data = section.subarray(at + 1, at + 1 + definition.fieldsSize + definition.devSize);
      if (at + 1 + data.length > end) return null;
      const stamp = new Uint8Array(4);
      new DataView(stamp.buffer).setUint32(0, last, definition.little);
      const timed = definition.timestampAt === null;
      if (timed !== (written[local] === 'timed')) out.push(timed ? definition.timed : definition.bytes);
      written[local] = timed ? 'timed' : 'plain';
      if (timed) out.push(Uint8Array.of(local), data.subarray(0, definition.fieldsSize), stamp, data.subarray(definition.fieldsSize));
      else {
        const copy = data.slice();
        copy.set(stamp, definition.timestampAt!);
        out.push(Uint8Array.of(local), copy);
      }
      compressed = true;
      at += 1 + data.length;
    } else if (header & DEFINITION_HEADER) {
      if (at + 6 > end) return null;
      const little = section[at + 2] === 0;
      const fields = section[at + 5]!;
      let p = at + 6;
      let fieldsSize = 0;
      let timestampAt: number | null = null;
      for (let i = 0; i < fields; i += 1, p += 3) {
        if (section[p] === TIMESTAMP_FIELD[0] && section[p + 1] === 4) timestampAt = fieldsSize;
        fieldsSize += section[p + 1] ?? 0;
      }
      const fieldsEnd = p - at;
      let devSize = 0;
      if (header & DEVELOPER_DATA) {
        const devFields = section[p] ?? 0;
        p += 1;
        for (let i = 0; i < devFields; i += 1, p += 3) devSize += section[p + 1] ?? 0;
      }
      if (p > end) return null;
      const bytes = section.subarray(at, p);
      // The same definition with the timestamp after its own fields: what its compressed records become.
      const timed = new Uint8Array(bytes.length + 3);
      timed.set(bytes.subarray(0, fieldsEnd));
      timed[5] = fields + 1;
      timed.set(TIMESTAMP_FIELD, fieldsEnd);
      timed.set(bytes.subarray(fieldsEnd), fieldsEnd + 3);
      definitions[header & 0x0f] = { bytes, timed, little, fieldsSize, devSize, timestampAt };
      written[header & 0x0f] = 'plain';
      out.push(bytes);
      at = p;
    } else {
      const local = header & 0x0f;
      const definition = definitions[local];
      if (!definition) return null;
      const size = 1 + definition.fieldsSize + definition.devSize;
      if (at + size > end) return null;
      if (written[local] === 'timed') out.push(definition.bytes);
      written[local] = 'plain';
      if (definition.timestampAt !== null) {
        const value = new DataView(section.buffer, section.byteOffset + at + 1 + definition.timestampAt, 4).getUint32(0, definition.little);
        if (value !== 0xffffffff) last = value;
      }
      out.push(section.subarray(at, at + size));
      at += size;
    }
  }
  if (!compressed) return null;
  const size = out.reduce((sum, part) => sum + part.length, 0);
  const file = new Uint8Array(12 + size + 2);
  file.set(section.subarray(0, 12));
  file[0] = 12;
  const view = new DataView(file.buffer);
  view.setUint32(4, size, true);
  let at = 12;
  for (const part of out) {
    file.set(part, at);
    at += part.length;
  }
  view.setUint16(at, CrcCalculator.calculateCRC(file, 0, at), true);
  return file;
}

/** A user profile's sex as the member's record says it. */
const sexOf = (value: unknown) => (value === 'male' || value === 'female' ? value : null);

/** FIT files folded into days as each one arrives; nothing of a file is kept once it is read. */
export class FitDays {
  records = 0;
  used = 0;
  files = 0;
  private readonly steps = new Map<string, Map<string, number>>();
  private readonly activeCalories = new Map<string, Map<string, number>>();
  readonly heart = new HeartRateWindows();
  /** Each day's main sleep: its minutes asleep, its score, its stages in seconds. */
  private readonly nights = new Map<string, { asleepMinutes: number; score: number | null; stages: { deep: number; light: number; rem: number; awake: number } }>();

  /** `timeZone`: the member's, for a file that says nothing of its local time (IANA name). */
  constructor(private readonly timeZone = 'UTC') {}
  private readonly stress = new Map<string, Mean>();
  private readonly latest = new Map<string, Map<MetricField, { at: number; value: number }>>();
  /** Each weighing, and the profiles of a scale several people share (by sex, height and profile number). */
  readonly weighIns: WeighIn[] = [];
  readonly people = new Map<string, ScalePerson>();

  private keep(day: string, field: MetricField, at: number, value: number | null) {
    if (plausible(field, value) === null) return;
    const fields = this.latest.get(day) ?? new Map();
    const current = fields.get(field);
    if (!current || current.at <= at) fields.set(field, { at, value: value! });
    this.latest.set(day, fields);
    this.used += 1;
  }

  /**
   * Reads one FIT file: one that is not FIT, or whose size or CRC does not check, is refused whole ('damaged');
   * one that checks but still does not decode is 'fit_undecodable', not called damaged.
   */
  read(bytes: Uint8Array): void {
    const sections = Decoder.isFIT(Stream.fromByteArray(bytes)) ? fitSections(bytes) : null;
    if (!sections) throw new ExportError('damaged');
    const readable = sections.map((section) => withFullTimestamps(section) ?? section);
    const { messages, errors } = new Decoder(Stream.fromByteArray(readable.length === 1 ? readable[0]! : Buffer.concat(readable))).read();
    if (errors.length) throw new ExportError('fit_undecodable');
    this.files += 1;
    const all = messages as unknown as Record<string, Mesg[] | undefined>;
    const list = (name: string) => all[name] ?? [];
    this.records += Object.values(all).reduce((sum, mesgs) => sum + (mesgs?.length ?? 0), 0);

    const dayOf = localDays(all, this.timeZone);

    // Monitoring step counts and active calories run up through the day per activity type: the day's
    // largest, added across types. Heart-rate readings become 5-minute means.
    const runningUp = (store: Map<string, Map<string, number>>, day: string, type: string, value: number | null) => {
      if (value === null) return;
      const types = store.get(day) ?? new Map<string, number>();
      types.set(type, Math.max(types.get(type) ?? 0, value));
      store.set(day, types);
    };
    for (const m of list('monitoringMesgs')) {
      const at = dateOf(m.timestamp);
      if (!at) continue;
      // A summary of a logging interval (a daily log's duration_min 1440) is stamped at the interval's end,
      // 00:00:00 for a daily log (FIT profile, monitoring.timestamp): it belongs to the day the interval starts.
      const minutes = num(m.durationMin) ?? (num(m.duration) === null ? null : num(m.duration)! / 60);
      const day = dayOf(minutes && minutes > 0 ? new Date(at.getTime() - minutes * 60_000) : at);
      const type = String(m.activityType ?? 'unknown');
      runningUp(this.steps, day, type, num(m.steps));
      runningUp(this.activeCalories, day, type, num(m.activeCalories));
      const bpm = num(m.heartRate);
      if (bpm !== null && bpm >= 20 && bpm <= 250) this.heart.add(at.getTime(), bpm, 0);
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
    // A night: each stage lasts until the next begins; light, deep and REM are sleep; filed on the day it
    // ends. Of two sessions ending on one day (a night and a nap, in two files), the day keeps its main
    // sleep, the longer, with its own stages and score (§6): a nap never takes the night's place.
    const stages = list('sleepLevelMesgs')
      .map((m) => ({ at: dateOf(m.timestamp), level: String(m.sleepLevel ?? '') }))
      .filter((s): s is { at: Date; level: string } => s.at !== null)
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    if (stages.length > 1) {
      const ms: Record<string, number> = { light: 0, deep: 0, rem: 0, awake: 0 };
      for (let i = 0; i + 1 < stages.length; i += 1) if (stages[i]!.level in ms) ms[stages[i]!.level]! += stages[i + 1]!.at.getTime() - stages[i]!.at.getTime();
      const end = stages.at(-1)!.at;
      const asleepMinutes = Math.round((ms.light! + ms.deep! + ms.rem!) / 60_000);
      const held = this.nights.get(dayOf(end));
      if (plausible('sleepDurationMinutes', asleepMinutes) !== null && (!held || held.asleepMinutes < asleepMinutes)) {
        const score = list('sleepAssessmentMesgs').map((m) => num(m.overallSleepScore)).find((s) => s !== null) ?? null;
        this.nights.set(dayOf(end), { asleepMinutes, score, stages: { deep: ms.deep! / 1000, light: ms.light! / 1000, rem: ms.rem! / 1000, awake: ms.awake! / 1000 } });
        this.used += 1;
      }
    }
    for (const m of list('hrvStatusSummaryMesgs')) {
      const at = dateOf(m.timestamp);
      if (at) this.keep(dayOf(at), 'hrvMs', at.getTime(), num(m.lastNightAverage));
    }
    // A scale several people share writes each one's profile (user_profile) and tags each weighing with its
    // profile's message_index (weight_scale.user_profile_index); whose they are is the member's to confirm.
    const profiles = list('userProfileMesgs');
    const firstWeighed = dateOf(list('weightScaleMesgs').map((m) => dateOf(m.timestamp)).find(Boolean));
    const personOf = (index: unknown): string | undefined => {
      if (profiles.length < 2) return undefined;
      const profile = profiles.find((p) => p.messageIndex === index);
      if (!profile) return 'unknown';
      const height = num(profile.height);
      const person: ScalePerson = { id: '', sex: sexOf(profile.gender), age: num(profile.age), heightCm: height === null ? null : Math.round(height * 100), ageOn: firstWeighed ? dayOf(firstWeighed) : null };
      person.id = `${person.sex ?? 'unknown'}-${person.heightCm ?? 'unknown'}-${String(index)}`;
      const known = this.people.get(person.id);
      if (!known || (person.ageOn && (!known.ageOn || known.ageOn < person.ageOn))) this.people.set(person.id, person);
      return person.id;
    };
    for (const m of list('weightScaleMesgs')) {
      const at = dateOf(m.timestamp);
      const kg = plausible('weightKg', num(m.weight));
      if (!at || kg === null) continue;
      const person = personOf(m.userProfileIndex);
      if (person === 'unknown') this.people.set(person, { id: person, sex: null, age: null, heightCm: null, ageOn: null });
      this.weighIns.push({ at: at.toISOString(), day: dayOf(at), kg, fat: plausible('bodyFatPercent', num(m.percentFat)), ...(person ? { person } : {}) });
      this.used += 1;
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
    for (const [day, types] of this.activeCalories) setFigure(days, day, 'activeCaloriesKcal', [...types.values()].reduce((a, b) => a + b, 0));
    for (const [day, { sum, n }] of this.stress) setFigure(days, day, 'stressScore', sum / n);
    for (const [day, fields] of this.latest) for (const [field, { value }] of fields) setFigure(days, day, field, value);
    for (const [day, night] of this.nights) {
      setFigure(days, day, 'sleepDurationMinutes', night.asleepMinutes);
      setFigure(days, day, 'sleepScore', night.score);
      setStages(days, day, night.stages, 60);
    }
    return days;
  }
}

const arrayOf = (value: unknown): Mesg[] => (Array.isArray(value) ? value.filter((item): item is Mesg => typeof item === 'object' && item !== null) : []);
const object = (value: unknown): Mesg => (typeof value === 'object' && value !== null ? (value as Mesg) : {});
/**
 * A calendar date as Garmin Connect writes it: "2026-10-20", "2026-10-20T00:00:00.0" (weigh-ins), or
 * epoch milliseconds of that date's midnight; the date written, with no time zone applied.
 */
export function calendarDate(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return new Date(value).toISOString().slice(0, 10);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d{10,13}$/.test(text)) return calendarDate(Number(text));
  return /^(\d{4}-\d{2}-\d{2})(?:$|[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$)/.exec(text)?.[1] ?? null;
}

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
    setStages(days, day, { deep: num(row.deepSleepSeconds), light: num(row.lightSleepSeconds), rem: num(row.remSleepSeconds), awake: num(row.awakeSleepSeconds) }, 60);
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
  // Weigh-ins stay apart from the days until the member's choices are known (lib/imports/history.ts).
  const weighIns = [...fit.weighIns].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const reading = readingOf(days, json.records + fit.records, json.used + fit.used, 'Garmin');
  return { ...reading, heartRate: fit.heart.size ? fit.heart.means() : undefined, ...(weighIns.length ? { weighIns, people: [...fit.people.values()] } : {}) };
}
