import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { type EntryGatherer, ExportError, feedZip, type HistoryReading } from './export-file';
import { SaxesParser } from 'saxes';
import { ASLEEP, dayOf, type DayMetrics, HK, inAppUnit, isPlausible, type Sample } from '@/lib/wearables/apple-health-normalise';

// The Apple Health app's "Export All Health Data" file (export.zip → apple_health_export/export.xml, often
// hundreds of megabytes and for years of Apple Watch data well over a gigabyte) read as a stream: the zip
// is inflated chunk by chunk (fflate), the XML parsed event by event (saxes), and each Record of a type
// the app reads is folded at once into its day's running totals. Nothing but those totals is kept, so
// memory stays flat however large the file. docs/integrations/history-imports.md describes the format.
//
// A day's figures follow the companion app's rules (lib/wearables/apple-health-normalise.ts): the same
// units, plausible ranges and UTC day (sleep on the day it ends). Where an iPhone and a Watch both count
// steps, energy or sleep, summing them would count the day twice: each of those comes from the one
// source ("sourceName") that recorded the most of it that day.

export type ExportLimits = {
  /** export.xml inflated beyond this is refused (a zip bomb, or not a person's history). */
  maxXmlBytes: number;
  /** Inflated bytes per compressed byte beyond this are a zip bomb (real exports inflate about 10–20 times). */
  maxRatio: number;
};

export const EXPORT_LIMITS: ExportLimits = { maxXmlBytes: 8 * 1024 ** 3, maxRatio: 200 };

/** What the reader found: each day's figures as the companion app's dayMetrics gives them, and what a preview shows. */
export type ExportReading = HistoryReading & { days: Map<string, DayMetrics>; sources: Map<string, number> };

type Latest = { at: number; value: number };

/** One day's running totals; sums are kept per source, so that one source's can be chosen. */
type DayTotals = {
  steps: Map<string, number>;
  energy: Map<string, number>;
  sleepMs: Map<string, number>;
  restingHeartRate: { sum: number; n: number };
  hrv: { sum: number; n: number };
  weight: Latest | null;
  systolic: Latest | null;
  diastolic: Latest | null;
  vo2Max: Latest | null;
};

const newTotals = (): DayTotals => ({
  steps: new Map(),
  energy: new Map(),
  sleepMs: new Map(),
  restingHeartRate: { sum: 0, n: 0 },
  hrv: { sum: 0, n: 0 },
  weight: null,
  systolic: null,
  diastolic: null,
  vo2Max: null,
});

/** The sleep stages the export writes as text, as HKCategoryValueSleepAnalysis numbers. */
const SLEEP_VALUES: Readonly<Record<string, number>> = {
  HKCategoryValueSleepAnalysisInBed: 0,
  HKCategoryValueSleepAnalysisAsleep: 1,
  HKCategoryValueSleepAnalysisAsleepUnspecified: 1,
  HKCategoryValueSleepAnalysisAwake: 2,
  HKCategoryValueSleepAnalysisAsleepCore: 3,
  HKCategoryValueSleepAnalysisAsleepDeep: 4,
  HKCategoryValueSleepAnalysisAsleepREM: 5,
};

const READ_TYPES: ReadonlySet<string> = new Set(Object.values(HK).filter((type) => type !== HK.heartRate));

/** "2024-06-08 14:12:17 -0400" → the instant; NaN for anything else. */
function exportDate(text: string | undefined): number {
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{2})(\d{2})$/.exec(text ?? '');
  return match ? Date.parse(`${match[1]}T${match[2]}${match[3]}:${match[4]}`) : Number.NaN;
}

const add = (sums: Map<string, number>, source: string, value: number) => sums.set(source, (sums.get(source) ?? 0) + value);
const later = (current: Latest | null, at: number, value: number): Latest => (current && current.at > at ? current : { at, value });

/** The largest of the sources' sums: the day's one source for a quantity that sources would double. */
const largest = (sums: Map<string, number>): number | null => (sums.size ? Math.max(...sums.values()) : null);
const round = (value: number | null, places = 0) => (value === null ? null : Math.round(value * 10 ** places) / 10 ** places);

/** A day's figures, as the companion app's dayMetrics gives them. */
function figures(totals: DayTotals): DayMetrics {
  const steps = round(largest(totals.steps));
  const energy = round(largest(totals.energy));
  const sleep = largest(totals.sleepMs);
  return {
    steps: steps !== null && steps <= 200_000 ? steps : null,
    activeCaloriesKcal: energy !== null && energy <= 30_000 ? energy : null,
    restingHeartRateBpm: totals.restingHeartRate.n ? round(totals.restingHeartRate.sum / totals.restingHeartRate.n, 1) : null,
    hrvMs: totals.hrv.n ? round(totals.hrv.sum / totals.hrv.n, 1) : null,
    weightKg: round(totals.weight?.value ?? null, 2),
    systolicBpMmhg: round(totals.systolic?.value ?? null),
    diastolicBpMmhg: round(totals.diastolic?.value ?? null),
    vo2Max: round(totals.vo2Max?.value ?? null, 1),
    sleepDurationMinutes: sleep === null ? null : Math.round(sleep / 60_000),
  };
}

/**
 * Reads an Apple Health export.zip from its bytes, as they arrive. Refuses (ExportError) a file that is
 * not a zip, a zip without export.xml or whose export.xml is not Apple Health's, an XML file cut short,
 * and one that inflates past the limits.
 */
export async function readAppleHealthExport(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  limits: ExportLimits = EXPORT_LIMITS,
  /** Told the records read so far, every 20,000 (a job's progress). */
  onRecords?: (records: number) => void,
  /** Given every other entry of the zip, in the same pass (another vendor's files, should this not be Apple's). */
  others?: EntryGatherer,
): Promise<ExportReading> {
  const totals = new Map<string, DayTotals>();
  const sources = new Map<string, number>();
  let records = 0;
  let used = 0;
  let compressed = 0;
  let inflated = 0;
  let found = false;
  let root: string | null = null;
  let closed = false;
  let failure: ExportError | null = null;
  /** Records inside a blood-pressure Correlation also stand on their own: only the top-level ones count. */
  let correlationDepth = 0;

  // An attribute's value is a slice of the chunk it was parsed from, and keeping it (as a map key) would
  // keep the whole chunk: a source's name is copied once and that copy kept.
  const names = new Map<string, string>();
  const interned = (name: string) => {
    let kept = names.get(name);
    if (kept === undefined) {
      kept = Buffer.from(name, 'utf8').toString('utf8');
      names.set(kept, kept);
    }
    return kept;
  };

  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('error', () => {
    failure ??= new ExportError(root === 'HealthData' ? 'truncated' : 'not_export');
  });
  parser.on('opentag', (tag) => {
    if (root === null) {
      root = tag.name;
      if (root !== 'HealthData') failure ??= new ExportError('not_export');
      return;
    }
    if (tag.name === 'Correlation') correlationDepth += 1;
    if (tag.name !== 'Record') return;
    records += 1;
    if (onRecords && records % 20_000 === 0) onRecords(records);
    if (correlationDepth > 0) return;
    const { type, sourceName: rawSource = 'unknown', unit = '', value, startDate, endDate } = tag.attributes as Record<string, string | undefined>;
    if (!type || !READ_TYPES.has(type)) return;
    const startAt = exportDate(startDate);
    const endAt = exportDate(endDate);
    if (!Number.isFinite(startAt) || !Number.isFinite(endAt)) return;
    const numeric = type === HK.sleep ? SLEEP_VALUES[value ?? ''] : Number(value);
    if (numeric === undefined || !Number.isFinite(numeric)) return;
    const sample: Sample = { type, value: numeric, unit, startAt: new Date(startAt), endAt: new Date(endAt) };
    if (!isPlausible(sample)) return;
    const sourceName = interned(rawSource);
    const day = dayOf(sample);
    let today = totals.get(day);
    if (!today) {
      today = newTotals();
      totals.set(day, today);
    }
    if (type === HK.sleep) {
      if (!ASLEEP.has(numeric) || endAt <= startAt) return;
      add(today.sleepMs, sourceName, endAt - startAt);
    } else {
      const inUnit = inAppUnit(sample);
      if (inUnit === null) return;
      if (type === HK.steps) add(today.steps, sourceName, inUnit);
      else if (type === HK.activeEnergy) add(today.energy, sourceName, inUnit);
      else if (type === HK.restingHeartRate) today.restingHeartRate = { sum: today.restingHeartRate.sum + inUnit, n: today.restingHeartRate.n + 1 };
      else if (type === HK.hrv) today.hrv = { sum: today.hrv.sum + inUnit, n: today.hrv.n + 1 };
      else if (type === HK.bodyMass) today.weight = later(today.weight, startAt, inUnit);
      else if (type === HK.systolic) today.systolic = later(today.systolic, startAt, inUnit);
      else if (type === HK.diastolic) today.diastolic = later(today.diastolic, startAt, inUnit);
      else if (type === HK.vo2Max) today.vo2Max = later(today.vo2Max, startAt, inUnit);
    }
    used += 1;
    sources.set(sourceName, (sources.get(sourceName) ?? 0) + 1);
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'Correlation') correlationDepth -= 1;
    if (tag.name === 'HealthData') closed = true;
  });

  const decoder = new TextDecoder('utf-8');
  const unzip = new Unzip((file) => {
    // apple_health_export/export.xml (or export.xml at the top); export_cda.xml and the rest are passed over.
    if (found || !/(^|\/)export\.xml$/.test(file.name)) return others?.take(file);
    found = true;
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = new ExportError('truncated');
        return;
      }
      inflated += data.length;
      if (inflated > limits.maxXmlBytes || (inflated > 64 * 1024 * 1024 && inflated > compressed * limits.maxRatio)) {
        failure = new ExportError('too_large');
        file.terminate();
        return;
      }
      parser.write(decoder.decode(data, { stream: !final }));
      if (final) parser.close();
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);

  await feedZip(
    unzip,
    source,
    () => failure ?? others?.failure ?? null,
    (bytes) => {
      compressed += bytes;
      if (others) others.compressed += bytes;
    },
  );
  if (!found) throw new ExportError('not_export');
  if (!closed) throw new ExportError(root === 'HealthData' ? 'truncated' : 'not_export');

  const days = new Map<string, DayMetrics>();
  for (const day of [...totals.keys()].sort()) {
    const metrics = figures(totals.get(day)!);
    if (Object.values(metrics).some((value) => value !== null)) days.set(day, metrics);
  }
  const list = [...days.keys()];
  return { days, records, used, first: list[0] ?? null, last: list.at(-1) ?? null, sources };
}
