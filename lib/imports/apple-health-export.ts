import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { type DayFigures, type EntryGatherer, entryProblem, ExportError, feedZip, type HistoryReading, longestRun, MAX_RUN_CHARS, plausible } from './export-file';
import { SaxesParser } from 'saxes';
import { HK, inAppUnit, isPlausible, type Sample } from '@/lib/wearables/apple-health-normalise';
import { nightsOf, type SleepSegment } from '@/lib/wearables/sleep-sessions';
import { exportInstant, HeartRateWindows, MinuteSums, sourceRank, userEntered } from './apple-days';

// The Apple Health app's "Export All Health Data" file (export.zip → apple_health_export/export.xml, often
// hundreds of megabytes and for years of Apple Watch data well over a gigabyte) read as a stream: the zip
// is inflated chunk by chunk (fflate), the XML parsed event by event (saxes), and each Record of a type
// the app reads is folded into its day once its element closes (its metadata may say the member entered
// it): a few bytes per step or energy sample (kept for the source priority), running means and latest
// readings, 5-minute heart-rate means, the sleep segments.
// docs/integrations/history-imports.md §1 describes the format and the rules (lib/imports/apple-days.ts):
// a record's day is the local date its own date carries, steps and energy follow the Health app's source
// priority (what the member entered by hand counts beside it), a night is one sleep session on the day it
// ends, with its stages, sources merged over time.

export type ExportLimits = {
  /** export.xml inflated beyond this is refused (a zip bomb, or not a person's history). */
  maxXmlBytes: number;
  /** Inflated bytes per compressed byte beyond this are a zip bomb (real exports inflate about 10–20 times). */
  maxRatio: number;
};

export const EXPORT_LIMITS: ExportLimits = { maxXmlBytes: 8 * 1024 ** 3, maxRatio: 200 };

export type ExportReading = HistoryReading & { days: Map<string, DayFigures>; sources: Map<string, number> };

type Latest = { at: number; value: number };
type Mean = { sum: number; n: number };
type Instant = NonNullable<ReturnType<typeof exportInstant>>;
/** A Record read, waiting for its closing tag: a MetadataEntry inside it may say the member entered it. */
type Pending = { type: string; value: number; start: Instant; end: Instant; source: string; device: string | undefined; flag: string | undefined };

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

const READ_TYPES: ReadonlySet<string> = new Set(Object.values(HK));
/** What XML 1.0 forbids (www.w3.org/TR/xml/#charsets): iOS 16 writes U+000B into metadata values, and saxes stops there. */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const FORBIDDEN_ALL = new RegExp(FORBIDDEN.source, 'g');
const NO_DATE = new Date(0);
const LATEST_FIELDS = {
  [HK.bodyMass]: 'weightKg',
  [HK.systolic]: 'systolicBpMmhg',
  [HK.diastolic]: 'diastolicBpMmhg',
  [HK.vo2Max]: 'vo2Max',
} as const;
const MEAN_FIELDS = { [HK.restingHeartRate]: 'restingHeartRateBpm', [HK.hrv]: 'hrvMs' } as const;

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
  // A day's date is a slice of the chunk it was parsed from: each is copied once and that copy kept.
  const dayNames = new Map<string, string>();
  const dayName = (day: string) => {
    let kept = dayNames.get(day);
    if (kept === undefined) {
      kept = Buffer.from(day).toString();
      dayNames.set(kept, kept);
    }
    return kept;
  };
  // Two sources in the Health app's order: by rank, then (two apps of one rank never adding up) by name.
  const compareSources = (a: number, b: number) => {
    const [first, second] = [sourceList[a]!, sourceList[b]!];
    return first.rank - second.rank || (first.name < second.name ? -1 : first.name > second.name ? 1 : 0);
  };
  const steps = new MinuteSums(compareSources);
  const energy = new MinuteSums(compareSources);
  const means = new Map<string, Map<string, Mean>>();
  const latest = new Map<string, Map<string, Latest>>();
  const sleep: SleepSegment[] = [];
  const heart = new HeartRateWindows();
  const sources = new Map<string, number>();
  /** Each source's index, name and rank (its best: a source's records name their device most of the time). */
  const sourceIndex = new Map<string, number>();
  /** What the member entered by hand is a source of its own, ranked first, under the name it was written with. */
  const enteredIndex = new Map<string, number>();
  const sourceList: { name: string; rank: number }[] = [];
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
  const sourceOf = (name: string, device: string | undefined, entered: boolean): number => {
    const index = entered ? enteredIndex : sourceIndex;
    let at = index.get(name);
    if (at === undefined) {
      const kept = Buffer.from(name, 'utf8').toString('utf8');
      at = sourceList.push({ name: kept, rank: sourceRank(kept, device, entered) }) - 1;
      index.set(kept, at);
    } else if (device && !entered) sourceList[at]!.rank = Math.min(sourceList[at]!.rank, sourceRank(name, device));
    return at;
  };
  const dayFields = <T>(store: Map<string, Map<string, T>>, day: string) => {
    let fields = store.get(day);
    if (!fields) {
      fields = new Map();
      store.set(Buffer.from(day).toString(), fields);
    }
    return fields;
  };

  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('error', () => {
    failure ??= new ExportError(root === 'HealthData' ? 'truncated' : 'not_export');
  });
  // Apple's export.xml declares its elements in an internal DTD and nothing else: an entity declared there
  // (a billion laughs) or an external DTD (an external entity's way in) is no export of Apple's. saxes
  // never expands either; the member is told what was wrong rather than that the file was cut short.
  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype) || /^\s*\S+\s+(SYSTEM|PUBLIC)\b/i.test(doctype)) failure ??= new ExportError('unsafe_xml');
  });
  let pending: Pending | null = null;
  parser.on('opentag', (tag) => {
    if (pending && tag.name === 'MetadataEntry' && tag.attributes.key === 'HKWasUserEntered') pending.flag = tag.attributes.value;
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
    const { type, sourceName = 'unknown', unit = '', value, startDate, endDate, device } = tag.attributes as Record<string, string | undefined>;
    if (!type || !READ_TYPES.has(type)) return;
    const start = exportInstant(startDate);
    const end = exportInstant(endDate);
    if (!start || !end || end.at < start.at) return;
    const numeric = type === HK.sleep ? SLEEP_VALUES[value ?? ''] : Number(value);
    if (numeric === undefined || !Number.isFinite(numeric)) return;
    // The checks read the type, value and unit only: no Date is made for each of millions of records.
    const sample: Sample = { type, value: numeric, unit, startAt: NO_DATE, endAt: NO_DATE };
    if (!isPlausible(sample)) return;
    const inUnit = type === HK.sleep ? numeric : inAppUnit(sample);
    if (inUnit !== null) pending = { type, value: inUnit, start, end, source: sourceName, device, flag: undefined };
  });
  /** A Record read whole: folded into its day. */
  const fold = ({ type, value, start, end, source: name, device, flag }: Pending) => {
    const entered = userEntered(name, device, flag);
    const source = sourceOf(name, device, entered);
    if (type === HK.sleep) sleep.push({ start: start.at, end: end.at, stage: value, source, endDay: dayName(end.day) });
    else if (type === HK.steps || type === HK.activeEnergy) {
      const sums = type === HK.steps ? steps : energy;
      if (entered) sums.addEntered(dayName(start.day), value);
      else sums.add(dayName(start.day), start.minute, end.at - start.at, value, source);
    } else if (type === HK.heartRate) heart.add(start.at, value, sourceList[source]!.rank);
    else if (type in MEAN_FIELDS) {
      const fields = dayFields(means, start.day);
      const held = fields.get(type) ?? { sum: 0, n: 0 };
      fields.set(type, { sum: held.sum + value, n: held.n + 1 });
    } else if (type in LATEST_FIELDS) {
      const fields = dayFields(latest, start.day);
      const held = fields.get(type);
      if (!held || held.at <= start.at) fields.set(type, { at: start.at, value });
    }
    used += 1;
    const kept = sourceList[source]!.name;
    sources.set(kept, (sources.get(kept) ?? 0) + 1);
  };
  parser.on('closetag', (tag) => {
    if (tag.name === 'Record' && pending) {
      fold(pending);
      pending = null;
    }
    if (tag.name === 'Correlation') correlationDepth -= 1;
    if (tag.name === 'HealthData') closed = true;
  });

  const decoder = new TextDecoder('utf-8');
  // Every entry is counted and its name checked once: by the gatherer of the other vendors' files where
  // there is one (so nested zips count against the same total), else here.
  let entries = 0;
  const screened = (name: string): boolean => {
    if (others) return others.screen(name);
    const problem = entryProblem(name, (entries += 1));
    if (problem) failure ??= new ExportError(problem);
    return !problem;
  };
  let sinceTag = 0;
  const unzip = new Unzip((file) => {
    if (failure || !screened(file.name)) return;
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
      // An attribute or a text a million characters long is no Apple export's: refused before saxes holds it.
      const text = decoder.decode(data, { stream: !final });
      const run = longestRun(text, '<', sinceTag);
      sinceTag = run.tail;
      if (run.longest > MAX_RUN_CHARS) {
        failure = new ExportError('oversized');
        file.terminate();
        return;
      }
      // A character XML forbids is dropped (the value reads as it would without it); the test first keeps this cheap.
      parser.write(FORBIDDEN.test(text) ? text.replace(FORBIDDEN_ALL, '') : text);
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

  const days = new Map<string, DayFigures>();
  const set = (day: string, field: keyof DayFigures, value: number | null) => {
    const figure = plausible(field as Parameters<typeof plausible>[0], value);
    if (figure === null) return;
    const figures = days.get(day) ?? {};
    figures[field] = figure;
    days.set(day, figures);
  };
  const ranked = sourceList.map((_, i) => i).sort(compareSources);
  const position = new Uint32Array(sourceList.length);
  ranked.forEach((source, at) => (position[source] = at));
  const order = (source: number) => position[source]!;
  for (const [day, sum] of steps.totals()) set(day, 'steps', Math.round(sum));
  for (const [day, sum] of energy.totals()) set(day, 'activeCaloriesKcal', Math.round(sum));
  for (const [day, fields] of means) for (const [type, { sum, n }] of fields) set(day, MEAN_FIELDS[type as keyof typeof MEAN_FIELDS], sum / n);
  for (const [day, fields] of latest) for (const [type, { value }] of fields) set(day, LATEST_FIELDS[type as keyof typeof LATEST_FIELDS], value);
  for (const [day, night] of nightsOf(sleep, order)) {
    set(day, 'sleepDurationMinutes', night.asleepMinutes);
    if (days.get(day)?.sleepDurationMinutes === undefined) continue;
    for (const [field, minutes] of [['sleepDeepMinutes', night.deepMinutes], ['sleepLightMinutes', night.lightMinutes], ['sleepRemMinutes', night.remMinutes], ['sleepAwakeMinutes', night.awakeMinutes]] as const) {
      if (minutes !== null) days.get(day)![field] = minutes;
    }
  }
  const sorted = new Map([...days].sort(([a], [b]) => (a < b ? -1 : 1)));
  const list = [...sorted.keys()];
  return { days: sorted, records, used, first: list[0] ?? null, last: list.at(-1) ?? null, sources, heartRate: heart.size ? heart.means() : undefined };
}
