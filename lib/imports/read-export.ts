import { readAppleHealthExport } from './apple-health-export';
import { EntryGatherer, ExportError, type ExportProblem, type HistoryReading, MAX_FIT_BYTES } from './export-file';
import { FitDays, isFitFile, isGarminJson, looksLikeFit, readGarminExport } from './garmin-export';
import { isOuraFile, readOuraExport, readOuraTrends } from './oura-export';
import { readWhoopExport, WHOOP_FILES } from './whoop-export';
import { readWithingsExport, WITHINGS_FILES } from './withings-export';

// Any history file a member uploads, read once as it streams in: a Garmin FIT file on its own, Oura's older
// trends CSV on its own, or a zip in which Apple Health's export.xml is parsed as it inflates and every other
// vendor's files are gathered on the way (FIT files folded into days one at a time), then read by the vendor
// whose files are there.

export type ExportKind = 'apple_health' | 'whoop' | 'oura' | 'withings' | 'garmin';

type Chunks = AsyncIterator<Uint8Array>;
type Read = { kind: ExportKind; reading: HistoryReading };

/** Enough of the file's start to tell a FIT file's header and a zip's signature. */
const HEAD_BYTES = 12;
/** A file that is neither a zip nor a FIT file beyond this is no CSV a vendor gives on its own (years of Oura's trends are ~1 MB). */
const MAX_BARE_CSV_BYTES = 16 * 1024 ** 2;

/** Every other vendor's files gathered beside Apple Health's export.xml (base names, lower-cased). */
const gathered = (name: string) => WHOOP_FILES.has(name) || isOuraFile(name) || WITHINGS_FILES.has(name) || isGarminJson(name);

/** The vendors whose files come in a zip, tried in this order once the zip holds no Apple Health export. */
const ZIP_READERS: readonly { kind: ExportKind; read: (files: ReadonlyMap<string, Uint8Array>, fit: FitDays) => HistoryReading | null }[] = [
  { kind: 'whoop', read: (files) => readWhoopExport(files) },
  { kind: 'oura', read: (files) => readOuraExport(files) },
  { kind: 'withings', read: (files) => readWithingsExport(files) },
  { kind: 'garmin', read: (files, fit) => readGarminExport(files, fit) },
];

const isZip = (head: Uint8Array) => head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

async function* fromIterable(source: Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield* source;
}

function chunksOf(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Chunks {
  return Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : fromIterable(source);
}

/** The chunks not yet read. */
async function* remaining(chunks: Chunks): AsyncGenerator<Uint8Array> {
  while (true) {
    const next = await chunks.next();
    if (next.done) return;
    yield next.value;
  }
}

/** The head read already, then the chunks not yet read. */
async function* withHead(head: Uint8Array, chunks: Chunks): AsyncGenerator<Uint8Array> {
  if (head.length) yield head;
  yield* remaining(chunks);
}

/** The first chunks, joined, until they hold at least `bytes` bytes or the file ends. */
async function readHead(chunks: Chunks, bytes: number): Promise<Buffer> {
  const start: Uint8Array[] = [];
  let size = 0;
  while (size < bytes) {
    const next = await chunks.next();
    if (next.done) break;
    start.push(next.value);
    size += next.value.length;
  }
  return Buffer.concat(start);
}

/** The whole file, its head and the rest; refused with `problem` once the rest takes it past `maxBytes`. */
async function readWhole(head: Uint8Array, chunks: Chunks, maxBytes: number, problem: ExportProblem): Promise<Uint8Array> {
  const all: Uint8Array[] = [head];
  let size = head.length;
  for await (const chunk of remaining(chunks)) {
    size += chunk.length;
    if (size > maxBytes) throw new ExportError(problem);
    all.push(chunk);
  }
  return new Uint8Array(Buffer.concat(all));
}

/** A Garmin FIT file on its own. */
async function readFitFile(head: Uint8Array, chunks: Chunks, timeZone: string): Promise<Read> {
  const fit = new FitDays(timeZone);
  fit.read(await readWhole(head, chunks, MAX_FIT_BYTES, 'fit_too_large'));
  return { kind: 'garmin', reading: readGarminExport(new Map(), fit)! };
}

/** Oura's older trends CSV, the one export that comes as a bare file; anything else is no export. */
async function readBareCsv(head: Uint8Array, chunks: Chunks): Promise<Read> {
  // Text has no NUL byte; a photo or a PDF is refused at once.
  if (head.includes(0)) throw new ExportError('not_zip');
  const reading = readOuraTrends([await readWhole(head, chunks, MAX_BARE_CSV_BYTES, 'not_zip')]);
  if (!reading) throw new ExportError('not_zip');
  return { kind: 'oura', reading };
}

/** A zip: Apple Health's when it holds export.xml, else the first other vendor whose files it holds. */
async function readZip(head: Uint8Array, chunks: Chunks, timeZone: string, onRecords?: (records: number) => void): Promise<Read> {
  const fit = new FitDays(timeZone);
  const others = new EntryGatherer(gathered, { wants: isFitFile, take: (_, data) => fit.read(data) });
  try {
    return { kind: 'apple_health', reading: await readAppleHealthExport(withHead(head, chunks), undefined, onRecords, others) };
  } catch (error) {
    if (!(error instanceof ExportError) || error.problem !== 'not_export') throw error;
  }
  for (const { kind, read } of ZIP_READERS) {
    const reading = read(others.files, fit);
    if (reading) return { kind, reading };
  }
  throw new ExportError('not_export');
}

/**
 * Which vendor's export the bytes are, and the days read from it; refuses (ExportError) what is none.
 * `onRecords` is told an Apple Health export's progress; `timeZone` is the member's (IANA), for a FIT file
 * that says nothing of its local time.
 */
export async function readHistoryExport(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, onRecords?: (records: number) => void, timeZone = 'UTC'): Promise<Read> {
  const chunks = chunksOf(source);
  const head = await readHead(chunks, HEAD_BYTES);
  if (looksLikeFit(head)) return readFitFile(head, chunks, timeZone);
  if (head.length >= 4 && !isZip(head)) return readBareCsv(head, chunks);
  return readZip(head, chunks, timeZone, onRecords);
}
