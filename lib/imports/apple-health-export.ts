import { Unzip, UnzipInflate, UnzipPassThrough, type UnzipFile } from 'fflate';
import { type DayFigures, type EntryGatherer, entryProblem, ExportError, type ExportProblem, feedZip, type HistoryReading, longestRun, MAX_RUN_CHARS } from './export-file';
import { SaxesParser } from 'saxes';
import { HK, inAppUnit, isPlausible, type Sample } from '@/lib/wearables/apple-health-normalise';
import { exportInstant } from './apple-days';
import { AppleHealthTally, type HealthRecord } from './apple-health-tally';

// The Apple Health app's "Export All Health Data" file (export.zip → apple_health_export/export.xml, often
// hundreds of megabytes and for years of Apple Watch data well over a gigabyte) read as a stream: the zip
// is inflated chunk by chunk (fflate), the XML parsed event by event (saxes), and each Record of a type
// the app reads is folded into its day once its element closes (its metadata may say the member entered
// it), by ./apple-health-tally.ts. docs/integrations/history-imports.md §1 describes the format and the rules.

export type ExportLimits = {
  /** export.xml inflated beyond this is refused (a zip bomb, or not a person's history). */
  maxXmlBytes: number;
  /** Inflated bytes per compressed byte beyond this are a zip bomb (real exports inflate about 10–20 times). */
  maxRatio: number;
};

export const EXPORT_LIMITS: ExportLimits = { maxXmlBytes: 8 * 1024 ** 3, maxRatio: 200 };

export type ExportReading = HistoryReading & { days: Map<string, DayFigures>; sources: Map<string, number> };

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
/** apple_health_export/export.xml, or export.xml at the top; export_cda.xml and the rest are passed over. */
const EXPORT_XML = /(^|\/)export\.xml$/;
/** Records read between two calls of `onRecords`. */
const PROGRESS_EVERY = 20_000;

/** The first refusal wins: what went wrong first is what the member is told. */
class Refusal {
  failure: ExportError | null = null;

  refuse(problem: ExportProblem): void {
    this.failure ??= new ExportError(problem);
  }
}

/** A Record's attributes as a record the app keeps; null for a type it does not read, or a date or value it cannot. */
function healthRecord(attributes: Record<string, string | undefined>): HealthRecord | null {
  const { type, sourceName = 'unknown', unit = '', value, startDate, endDate, device } = attributes;
  if (!type || !READ_TYPES.has(type)) return null;
  const start = exportInstant(startDate);
  const end = exportInstant(endDate);
  if (!start || !end || end.at < start.at) return null;
  const numeric = type === HK.sleep ? SLEEP_VALUES[value ?? ''] : Number(value);
  if (numeric === undefined || !Number.isFinite(numeric)) return null;
  // The checks read the type, value and unit only: no Date is made for each of millions of records.
  const sample: Sample = { type, value: numeric, unit, startAt: NO_DATE, endAt: NO_DATE };
  if (!isPlausible(sample)) return null;
  const inUnit = type === HK.sleep ? numeric : inAppUnit(sample);
  return inUnit === null ? null : { type, value: inUnit, start, end, source: sourceName, device, flag: undefined };
}

/** export.xml, event by event: the document checked, each top-level Record handed to the tally when its element closes. */
class ExportXml {
  /** Every Record element, those inside a Correlation too. */
  records = 0;
  private readonly parser = new SaxesParser({ xmlns: false, position: false });
  private root: string | null = null;
  private closed = false;
  /** Records inside a blood-pressure Correlation also stand on their own: only the top-level ones count. */
  private correlationDepth = 0;
  /** A Record read, waiting for its closing tag: a MetadataEntry inside it may say the member entered it. */
  private pending: HealthRecord | null = null;

  constructor(
    private readonly tally: AppleHealthTally,
    private readonly refusal: Refusal,
    private readonly onRecords?: (records: number) => void,
  ) {
    this.parser.on('error', () => refusal.refuse(this.root === 'HealthData' ? 'truncated' : 'not_export'));
    // Apple's export.xml declares its elements in an internal DTD and nothing else: an entity declared there
    // (a billion laughs) or an external DTD (an external entity's way in) is no export of Apple's. saxes
    // never expands either; the member is told what was wrong rather than that the file was cut short.
    this.parser.on('doctype', (doctype) => {
      if (/<!ENTITY/i.test(doctype) || /^\s*\S+\s+(SYSTEM|PUBLIC)\b/i.test(doctype)) refusal.refuse('unsafe_xml');
    });
    this.parser.on('opentag', (tag) => this.open(tag.name, tag.attributes));
    this.parser.on('closetag', (tag) => this.close(tag.name));
  }

  write(text: string, final: boolean): void {
    this.parser.write(text);
    if (final) this.parser.close();
  }

  /** Refuses (ExportError) a document that never closed its HealthData element. */
  checkWhole(): void {
    if (!this.closed) throw new ExportError(this.root === 'HealthData' ? 'truncated' : 'not_export');
  }

  private open(name: string, attributes: Record<string, string | undefined>): void {
    if (this.pending && name === 'MetadataEntry' && attributes.key === 'HKWasUserEntered') this.pending.flag = attributes.value;
    if (this.root === null) {
      this.root = name;
      if (name !== 'HealthData') this.refusal.refuse('not_export');
      return;
    }
    if (name === 'Correlation') this.correlationDepth += 1;
    if (name !== 'Record') return;
    this.records += 1;
    if (this.onRecords && this.records % PROGRESS_EVERY === 0) this.onRecords(this.records);
    if (this.correlationDepth > 0) return;
    const record = healthRecord(attributes);
    if (record) this.pending = record;
  }

  private close(name: string): void {
    if (name === 'Record' && this.pending) {
      this.tally.add(this.pending);
      this.pending = null;
    }
    if (name === 'Correlation') this.correlationDepth -= 1;
    if (name === 'HealthData') this.closed = true;
  }
}

/** The zip around export.xml: each entry screened, export.xml inflated into the XML within the limits, the others handed on. */
class ExportZip {
  readonly unzip = new Unzip((file) => this.entry(file));
  found = false;
  private compressed = 0;
  private inflated = 0;
  private entries = 0;
  /** Characters since the last "<", carried from one chunk to the next. */
  private sinceTag = 0;
  private readonly decoder = new TextDecoder('utf-8');

  constructor(
    private readonly xml: ExportXml,
    private readonly refusal: Refusal,
    private readonly limits: ExportLimits,
    /** Given every other entry of the zip (another vendor's files, should this not be Apple's). */
    private readonly others?: EntryGatherer,
  ) {
    this.unzip.register(UnzipInflate);
    this.unzip.register(UnzipPassThrough);
  }

  /** Compressed bytes fed in, which the inflated ones are judged against (the gatherer's too, for zips inside). */
  fed(bytes: number): void {
    this.compressed += bytes;
    if (this.others) this.others.compressed += bytes;
  }

  /**
   * Every entry is counted and its name checked once: by the gatherer of the other vendors' files where
   * there is one (so nested zips count against the same total), else here.
   */
  private screened(name: string): boolean {
    if (this.others) return this.others.screen(name);
    const problem = entryProblem(name, (this.entries += 1));
    if (problem) this.refusal.refuse(problem);
    return !problem;
  }

  private entry(file: UnzipFile): void {
    if (this.refusal.failure || !this.screened(file.name)) return;
    if (this.found || !EXPORT_XML.test(file.name)) return this.others?.take(file);
    this.found = true;
    file.ondata = (error, data, final) => this.inflate(file, error, data, final);
    file.start();
  }

  private inflate(file: UnzipFile, error: Error | null, data: Uint8Array, final: boolean): void {
    if (this.refusal.failure) return;
    if (error) return this.refusal.refuse('truncated');
    this.inflated += data.length;
    if (this.inflated > this.limits.maxXmlBytes || (this.inflated > 64 * 1024 * 1024 && this.inflated > this.compressed * this.limits.maxRatio)) {
      this.refusal.refuse('too_large');
      return file.terminate();
    }
    // An attribute or a text a million characters long is no Apple export's: refused before saxes holds it.
    const text = this.decoder.decode(data, { stream: !final });
    const run = longestRun(text, '<', this.sinceTag);
    this.sinceTag = run.tail;
    if (run.longest > MAX_RUN_CHARS) {
      this.refusal.refuse('oversized');
      return file.terminate();
    }
    // A character XML forbids is dropped (the value reads as it would without it); the test first keeps this cheap.
    this.xml.write(FORBIDDEN.test(text) ? text.replace(FORBIDDEN_ALL, '') : text, final);
  }
}

/**
 * Reads an Apple Health export.zip from its bytes, as they arrive. Refuses (ExportError) a file that is
 * not a zip, a zip without export.xml or whose export.xml is not Apple Health's, an XML file cut short,
 * and one that inflates past the limits. `onRecords` is told the records read so far, every 20,000 (a
 * job's progress); `others` is given every other entry of the zip in the same pass.
 */
export async function readAppleHealthExport(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  limits: ExportLimits = EXPORT_LIMITS,
  onRecords?: (records: number) => void,
  others?: EntryGatherer,
): Promise<ExportReading> {
  const refusal = new Refusal();
  const tally = new AppleHealthTally();
  const xml = new ExportXml(tally, refusal, onRecords);
  const zip = new ExportZip(xml, refusal, limits, others);
  await feedZip(zip.unzip, source, () => refusal.failure ?? others?.failure ?? null, (bytes) => zip.fed(bytes));
  if (!zip.found) throw new ExportError('not_export');
  xml.checkWhole();

  const days = tally.days();
  const list = [...days.keys()];
  return { days, records: xml.records, used: tally.used, first: list[0] ?? null, last: list.at(-1) ?? null, sources: tally.perSource, heartRate: tally.heartRate() };
}
