import { CsvError, parse } from 'csv-parse/sync';
import { Unzip, UnzipInflate, UnzipPassThrough, type UnzipFile } from 'fflate';
import { parseCsv } from '@/lib/export/csv';
import type { MetricField } from '@/lib/metrics/source-priority';

// What every history reader shares: why a file is refused, the zip fed in as it arrives, the small files
// of an export gathered on the way (CSV, JSON and FIT files, a few megabytes each), CSV tables read by
// their header names, and the plausible range of each measure.

/** One weighing (the readers find them; ./weigh-ins.ts judges them): the instant (ISO), its local day, kg, body fat (%), and on a shared scale whose profile. */
export type WeighIn = { at: string; day: string; kg: number; fat?: number | null; person?: string };
/** A profile on a scale shared by several people, as the scale holds it; `ageOn`: the day its age was given for. */
export type ScalePerson = { id: string; sex: 'male' | 'female' | null; age: number | null; heightCm: number | null; ageOn: string | null };

/** Why a file is not read, for the member's message (IMPORT_PROBLEMS in lib/imports/history.ts). */
export type ExportProblem = 'not_zip' | 'not_export' | 'truncated' | 'too_large' | 'damaged' | 'fit_undecodable' | 'unsafe_xml' | 'too_many_files' | 'unsafe_names' | 'oversized' | 'fit_too_large';

export class ExportError extends Error {
  constructor(readonly problem: ExportProblem) {
    super(`History export refused: ${problem}`);
    this.name = 'ExportError';
  }
}

/** A night's stages in minutes, where the export has them (kept beside the day's figures for the sleep-stages view). */
export type SleepStageField = 'sleepDeepMinutes' | 'sleepLightMinutes' | 'sleepRemMinutes' | 'sleepAwakeMinutes';

/** 5-minute heart-rate means as two plain lists (one pair of numbers a window; years of them stay a few megabytes). */
export type HeartRateMeans = { minute: number[]; bpm: number[] };

export type DayFigures = Partial<Record<MetricField | SleepStageField, number | null>>;

/** What any history reader found: each day's figures, and what a preview shows. */
export type HistoryReading = {
  days: ReadonlyMap<string, DayFigures>;
  /** Every record (row, message, element) in the files read. */
  records: number;
  /** Records that gave a figure. */
  used: number;
  first: string | null;
  last: string | null;
  /** The devices and apps behind the days, by records used. */
  sources: ReadonlyMap<string, number>;
  /** Heart-rate readings as 5-minute means, oldest first: each window's start in minutes since 1970, and its bpm. */
  heartRate?: HeartRateMeans;
  /**
   * Single weighings, kept apart from `days` until the member's choices are known: whose they are on a
   * scale shared by several people, and whether an implausible jump is kept (weighInChoices).
   */
  weighIns?: WeighIn[];
  /** The people a shared scale knows (its user profiles), when the files name more than one. */
  people?: ScalePerson[];
};

/** The days sorted, their range, and one source name: a reading from a vendor's own files. */
export function readingOf(days: Map<string, DayFigures>, records: number, used: number, source: string): HistoryReading {
  const kept = [...days.entries()].filter(([, figures]) => Object.values(figures).some((value) => value !== null && value !== undefined));
  kept.sort(([a], [b]) => (a < b ? -1 : 1));
  return { days: new Map(kept), records, used, first: kept[0]?.[0] ?? null, last: kept.at(-1)?.[0] ?? null, sources: new Map(used ? [[source, used]] : []) };
}

/** What a person's daily figure can be; outside it a row is broken, and the figure is not stored. */
const PLAUSIBLE: Readonly<Record<MetricField, readonly [number, number, number]>> = {
  // [lowest, highest, decimal places]
  sleepScore: [0, 100, 0],
  sleepDurationMinutes: [0, 24 * 60, 0],
  steps: [0, 200_000, 0],
  activeCaloriesKcal: [0, 30_000, 0],
  totalCaloriesKcal: [0, 30_000, 0],
  caloriesIntakeKcal: [0, 30_000, 0],
  restingHeartRateBpm: [20, 250, 1],
  hrvMs: [1, 500, 1],
  stressScore: [0, 100, 0],
  recoveryScore: [0, 100, 0],
  respiratoryRateBpm: [4, 60, 1],
  vo2Max: [10, 100, 1],
  weightKg: [20, 400, 2],
  bodyFatPercent: [1, 75, 1],
  systolicBpMmhg: [50, 260, 0],
  diastolicBpMmhg: [30, 180, 0],
};

/** The figure as stored (rounded), or null when it is no number or outside what a person can measure. */
export function plausible(field: MetricField, value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const [low, high, places] = PLAUSIBLE[field];
  if (value < low || value > high) return null;
  return Math.round(value * 10 ** places) / 10 ** places;
}

/** Sets a day's figure when it is plausible; says whether it did. */
export function setFigure(days: Map<string, DayFigures>, day: string | null, field: MetricField, value: number | null | undefined): boolean {
  const figure = plausible(field, value);
  if (figure === null || !day) return false;
  const figures = days.get(day) ?? {};
  figures[field] = figure;
  days.set(day, figures);
  return true;
}

/**
 * A night's stages on its day, in minutes, from durations in `unit` seconds (60 for minutes' columns
 * given in seconds, 1 for minutes): set only where the night's time asleep is, and each stage plausible.
 */
export function setStages(days: Map<string, DayFigures>, day: string | null, stages: { deep: number | null; light: number | null; rem: number | null; awake: number | null }, secondsPer: 60 | 1): void {
  const figures = day ? days.get(day) : undefined;
  if (!figures || figures.sleepDurationMinutes === undefined || figures.sleepDurationMinutes === null) return;
  const minutes = (value: number | null) => (value === null || value < 0 || value / secondsPer > 24 * 60 ? null : Math.round(value / secondsPer));
  const fields = { sleepDeepMinutes: minutes(stages.deep), sleepLightMinutes: minutes(stages.light), sleepRemMinutes: minutes(stages.rem), sleepAwakeMinutes: minutes(stages.awake) } as const;
  for (const [field, value] of Object.entries(fields)) if (value !== null) figures[field as SleepStageField] = value;
}

/** "2024-06-08 07:12:45", "2024-06-08T07:12:45+02:00", "2024-06-08" → "2024-06-08" (the local date written); null otherwise. */
export const localDay = (text: string | undefined | null): string | null => (/^(\d{4}-\d{2}-\d{2})(?:$|[ T]\d{1,2}:\d{2})/.exec(text?.trim() ?? '')?.[1] ?? null);

/** A number from a cell ("61.4", "", "null"); null when there is none. */
export function numberOf(text: string | number | undefined | null): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  const trimmed = text?.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export type CsvTable = {
  /** Whether the header has the column (names are matched trimmed and case-insensitively). */
  has(column: string): boolean;
  /** The non-empty rows, each read by column name. */
  rows: ((column: string) => string | undefined)[];
};

/**
 * The longest run of characters an export may have without a break: no line of a vendor's CSV and no
 * attribute or text of Apple's export.xml comes near it (each record is a line or an element of a few
 * hundred characters). A longer one is refused before it is held whole ('oversized').
 */
export const MAX_RUN_CHARS = 1_000_000;

/** The longest stretch of `text` between two `mark`s, counting `carried` characters before its start. */
export function longestRun(text: string, mark: string, carried = 0): { longest: number; tail: number } {
  let longest = 0;
  let from = 0;
  let run = carried;
  for (let at = text.indexOf(mark); at !== -1; at = text.indexOf(mark, from)) {
    longest = Math.max(longest, run + at - from);
    run = 0;
    from = at + 1;
  }
  const tail = run + text.length - from;
  return { longest: Math.max(longest, tail), tail };
}

/** The delimiters a vendor's CSV uses: commas, or semicolons (Oura's files). The first wins a tie. */
const DELIMITERS = [',', ';'] as const;
type Delimiter = (typeof DELIMITERS)[number];
/** A file's delimiter is told from its first lines (the header and some rows), within its first characters. */
const SAMPLE_LINES = 20;
const SAMPLE_CHARS = 64 * 1024;

/**
 * The whole records among the first lines of `text` read with `delimiter`, or null when a quote stands
 * where RFC 4180 allows none with that delimiter (so the file does not use it).
 */
function firstRecords(text: string, delimiter: Delimiter): string[][] | null {
  const cut = text.length > SAMPLE_CHARS;
  const records: string[][] = [];
  try {
    parse(text.slice(0, SAMPLE_CHARS), {
      delimiter,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      to_line: SAMPLE_LINES,
      // Kept as they are read, so that a sample cut inside a quoted cell still gives the records before it.
      on_record: (record: string[]) => {
        records.push(record);
        return null;
      },
    });
  } catch (error) {
    return cut && error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED' ? records : null;
  }
  // A cut sample's last record may be part of one.
  return cut ? records.slice(0, -1) : records;
}

/**
 * The file's delimiter, from its first lines read by csv-parse with each candidate: the one that gives
 * every row the header's number of columns (more than one), the most columns first; when none does (rows
 * of uneven length), the one that splits the header into the most; a comma when neither splits it.
 */
function delimiterOf(text: string): Delimiter {
  const readings = DELIMITERS.flatMap((delimiter) => {
    const [header = [], ...rows] = firstRecords(text, delimiter) ?? [];
    const even = rows.every((row) => row.length === header.length || row.every((cell) => cell.trim() === ''));
    return header.length > 1 ? [{ delimiter, columns: header.length, even }] : [];
  });
  // A stable sort: candidates alike keep DELIMITERS' order.
  readings.sort((a, b) => Number(b.even) - Number(a.even) || b.columns - a.columns);
  return readings[0]?.delimiter ?? ',';
}

/** The delimiter of a CSV file's bytes, once no line of it is longer than MAX_RUN_CHARS ('oversized'). */
function checkedDelimiter(bytes: Uint8Array): Delimiter {
  const text = new TextDecoder('utf-8').decode(bytes);
  if (longestRun(text, '\n').longest > MAX_RUN_CHARS) throw new ExportError('oversized');
  return delimiterOf(text);
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** A CSV file by its header names; comma- or semicolon-separated (Oura's files use semicolons). */
export function csvTable(bytes: Uint8Array): CsvTable {
  const body = UTF8_BOM.every((byte, i) => bytes[i] === byte) ? bytes.subarray(UTF8_BOM.length) : bytes;
  const delimiter = checkedDelimiter(body);
  let records: string[][];
  try {
    // The bytes, not the text: the text is let go once checked, so the file is not held twice as its cells are read.
    records = parseCsv(body, delimiter);
  } catch {
    throw new ExportError('truncated');
  }
  const [header = [], ...rest] = records;
  const at = new Map(header.map((name, i) => [name.trim().toLowerCase(), i]));
  const rows = rest
    .filter((row) => row.some((cell) => cell.trim() !== ''))
    .map((row) => (column: string) => {
      const i = at.get(column);
      return i === undefined ? undefined : row[i];
    });
  return { has: (column) => at.has(column), rows };
}

/** A JSON file's value, or null when it is not JSON. */
export function jsonOf(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** The most compressed bytes handed to the inflater at once. */
const PUSH_BYTES = 16 * 1024;

/**
 * Feeds a zip's bytes to fflate's streaming reader as they arrive: refuses what does not start as a zip
 * (however the bytes happen to be chunked), and stops at the first failure a file's handler records
 * (`failed()`) or a push fflate refuses (a cut-off or broken zip). `onChunk` is told each chunk's size.
 */
export async function feedZip(unzip: Unzip, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, failed: () => ExportError | null, onChunk?: (bytes: number) => void): Promise<void> {
  let head: number[] | null = [];
  const push = (chunk: Uint8Array, final: boolean) => {
    try {
      unzip.push(chunk, final);
    } catch {
      throw failed() ?? new ExportError('truncated');
    }
    const failure = failed();
    if (failure) throw failure;
  };
  for await (const chunk of source) {
    if (head) {
      head.push(...chunk.subarray(0, ZIP_MAGIC.length - head.length));
      if (head.some((byte, i) => byte !== ZIP_MAGIC[i])) throw new ExportError('not_zip');
      if (head.length === ZIP_MAGIC.length) head = null;
    }
    // Fed a piece at a time: deflate inflates up to about a thousand times, so a piece of PUSH_BYTES gives
    // at most ~16 MB at once to the limits' checks, where a whole read chunk could give hundreds.
    for (let at = 0; at < chunk.length; at += PUSH_BYTES) {
      const piece = chunk.subarray(at, at + PUSH_BYTES);
      onChunk?.(piece.length);
      push(piece, false);
    }
  }
  if (head) throw new ExportError('not_zip');
  push(new Uint8Array(0), true);
}

export type EntryLimits = {
  /** One gathered file inflated beyond this is refused. */
  maxEntryBytes: number;
  /** All gathered files held at once beyond this are refused (files handed on are not held). */
  maxHeldBytes: number;
  /** Every byte inflated, gathered or not, beyond this is refused. */
  maxInflatedBytes: number;
  /** Inflated bytes per compressed byte beyond this (past 64 MB) are a zip bomb. */
  maxRatio: number;
};

/**
 * The reading job's memory budget (256 MB above idle, bench:import's hostile files) sets these: a CSV or
 * JSON file costs its bytes, its text and its cells, about three times its size, and a FIT file the
 * SDK's decoded messages, many times more. Real files are far smaller: years of Oura's 5-minute heart
 * rate are ~15 MB of CSV, a watch's FIT files kilobytes to a few megabytes a day.
 */
export const ENTRY_LIMITS: EntryLimits = { maxEntryBytes: 32 * 1024 ** 2, maxHeldBytes: 128 * 1024 ** 2, maxInflatedBytes: 8 * 1024 ** 3, maxRatio: 200 };
/** A FIT file, on its own or in a zip, beyond this is refused before it is decoded. */
export const MAX_FIT_BYTES = 6 * 1024 ** 2;

/** A zip with more entries than this (a nested zip's included) is no export: Garmin's largest hold tens of thousands of FIT files. */
export const MAX_ZIP_ENTRIES = 100_000;

/**
 * Why a zip entry refuses the whole zip: its name leaves the archive (an absolute path, a drive, a `..`
 * segment, a NUL), which no vendor's export has, or it is past MAX_ZIP_ENTRIES (`count`: this entry's
 * number). Nothing is ever written out under an entry's name; the refusal is about what the file is.
 */
export function entryProblem(name: string, count: number): ExportProblem | null {
  if (count > MAX_ZIP_ENTRIES) return 'too_many_files';
  if (/^[\\/]|^[A-Za-z]:|\0/.test(name) || name.split(/[\\/]/).includes('..')) return 'unsafe_names';
  return null;
}

const baseName = (name: string) => name.slice(name.lastIndexOf('/') + 1);

/**
 * Gathers an export's small files as a zip streams past: those `keep` wants are held by name (their base
 * name, lower-cased), those `hand` wants are passed to it whole as each one ends and not held (FIT files,
 * of which an export may have thousands). Zips inside the zip (Garmin puts its FIT files in some) are read
 * the same way as they stream. A failure is recorded in `failure` for feedZip to raise.
 */
export class EntryGatherer {
  readonly files = new Map<string, Uint8Array>();
  failure: ExportError | null = null;
  compressed = 0;
  private inflated = 0;
  private held = 0;
  private entries = 0;

  constructor(
    private readonly keep: (name: string) => boolean,
    private readonly hand?: { wants: (name: string) => boolean; take: (name: string, data: Uint8Array) => void },
    private readonly limits: EntryLimits = ENTRY_LIMITS,
  ) {}

  private fail(problem: ExportProblem) {
    this.failure ??= new ExportError(problem);
  }

  /** Counts inflated bytes against the zip-bomb limits; false once they are passed. */
  private count(bytes: number): boolean {
    this.inflated += bytes;
    if (this.inflated > this.limits.maxInflatedBytes || (this.inflated > 64 * 1024 ** 2 && this.inflated > this.compressed * this.limits.maxRatio)) this.fail('too_large');
    return !this.failure;
  }

  /**
   * Counts an entry of the zip (or of a zip inside it) against MAX_ZIP_ENTRIES and checks its name
   * (entryProblem); false, with the failure recorded, when it refuses the zip. Apple's reader screens the
   * top-level entries through here before it hands any on; `take` screens the nested ones.
   */
  screen(entryName: string): boolean {
    if (this.failure) return false;
    const problem = entryProblem(entryName, (this.entries += 1));
    if (problem) this.fail(problem);
    return !problem;
  }

  /** fflate's Unzip callback: one entry of the zip (or of a zip inside it), already screened when it is at the top. */
  readonly take = (file: UnzipFile, nested = false): void => {
    if (nested ? !this.screen(file.name) : this.failure) return;
    const name = baseName(file.name).toLowerCase();
    if (!nested && name.endsWith('.zip')) return this.readNested(file);
    const kept = this.keep(name);
    const handed = !kept && (this.hand?.wants(name) ?? false);
    if (!kept && !handed) return;
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, data, final) => {
      if (this.failure) return;
      if (error) return this.fail('truncated');
      size += data.length;
      if (!this.count(data.length)) return file.terminate();
      if (handed && name.endsWith('.fit') && size > MAX_FIT_BYTES) {
        this.fail('fit_too_large');
        return file.terminate();
      }
      if (size > this.limits.maxEntryBytes || (kept && this.held + size > this.limits.maxHeldBytes)) {
        this.fail('too_large');
        return file.terminate();
      }
      chunks.push(data);
      if (!final) return;
      const whole = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      if (kept) {
        this.held += size;
        this.files.set(name, whole);
        return;
      }
      try {
        this.hand!.take(name, whole);
      } catch (failure) {
        if (!(failure instanceof ExportError)) throw failure;
        this.failure ??= failure;
      }
    };
    file.start();
  };

  private readNested(file: UnzipFile): void {
    const inner = new Unzip((entry) => this.take(entry, true));
    inner.register(UnzipInflate);
    inner.register(UnzipPassThrough);
    file.ondata = (error, data, final) => {
      if (this.failure) return;
      if (error) return this.fail('truncated');
      // The nested zip's own bytes count as compressed input for the ratio; its entries count as they inflate.
      this.compressed += data.length;
      try {
        inner.push(data, final);
      } catch {
        this.fail('truncated');
      }
    };
    file.start();
  }

  /** A new fflate Unzip that gives every entry to this gatherer. */
  unzip(): Unzip {
    const unzip = new Unzip((file) => this.take(file));
    unzip.register(UnzipInflate);
    unzip.register(UnzipPassThrough);
    return unzip;
  }
}
