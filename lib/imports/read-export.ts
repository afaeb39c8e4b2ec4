import { readAppleHealthExport } from './apple-health-export';
import { EntryGatherer, ExportError, type HistoryReading, MAX_FIT_BYTES } from './export-file';
import { FitDays, isFitFile, isGarminJson, looksLikeFit, readGarminExport } from './garmin-export';
import { isOuraFile, readOuraExport, readOuraTrends } from './oura-export';
import { readWhoopExport, WHOOP_FILES } from './whoop-export';
import { readWithingsExport, WITHINGS_FILES } from './withings-export';

// Any history file a member uploads, read once as it streams in: a Garmin FIT file on its own, Oura's older
// trends CSV on its own, or a zip in which Apple Health's export.xml is parsed as it inflates and every other
// vendor's files are gathered on the way (FIT files folded into days one at a time), then read by the vendor
// whose files are there.

export type ExportKind = 'apple_health' | 'whoop' | 'oura' | 'withings' | 'garmin';


/** Every other vendor's files gathered beside Apple Health's export.xml (base names, lower-cased). */
const gathered = (name: string) => WHOOP_FILES.has(name) || isOuraFile(name) || WITHINGS_FILES.has(name) || isGarminJson(name);

/** A file that is neither a zip nor a FIT file beyond this is no CSV a vendor gives on its own (years of Oura's trends are ~1 MB). */
const MAX_BARE_CSV_BYTES = 16 * 1024 ** 2;
const isZip = (head: Uint8Array) => head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

async function* rest(head: Uint8Array, more: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  if (head.length) yield head;
  for (let next = await more.next(); !next.done; next = await more.next()) yield next.value;
}

/** Which vendor's export the bytes are, and the days read from it; refuses (ExportError) what is none. */
/** `timeZone`: the member's (IANA), for a FIT file that says nothing of its local time. */
export async function readHistoryExport(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, onRecords?: (records: number) => void, timeZone = 'UTC'): Promise<{ kind: ExportKind; reading: HistoryReading }> {
  const more = (Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : (async function* () { yield* source; })()) as AsyncIterator<Uint8Array>;
  const start: Uint8Array[] = [];
  let size = 0;
  for (let next = size < 12 ? await more.next() : null; next && !next.done; next = size < 12 ? await more.next() : null) {
    start.push(next.value);
    size += next.value.length;
  }
  const head = Buffer.concat(start);
  const fit = new FitDays(timeZone);

  if (looksLikeFit(head)) {
    const chunks: Uint8Array[] = [head];
    for await (const chunk of rest(new Uint8Array(0), more)) {
      size += chunk.length;
      if (size > MAX_FIT_BYTES) throw new ExportError('fit_too_large');
      chunks.push(chunk);
    }
    fit.read(new Uint8Array(Buffer.concat(chunks)));
    return { kind: 'garmin', reading: readGarminExport(new Map(), fit)! };
  }

  // Not a zip: Oura's older trends CSV is the one export that comes as a bare file; anything else is no export.
  if (head.length >= 4 && !isZip(head)) {
    // Text has no NUL byte; a photo or a PDF is refused at once.
    if (head.includes(0)) throw new ExportError('not_zip');
    const chunks: Uint8Array[] = [head];
    for await (const chunk of rest(new Uint8Array(0), more)) {
      size += chunk.length;
      if (size > MAX_BARE_CSV_BYTES) throw new ExportError('not_zip');
      chunks.push(chunk);
    }
    const reading = readOuraTrends([new Uint8Array(Buffer.concat(chunks))]);
    if (!reading) throw new ExportError('not_zip');
    return { kind: 'oura', reading };
  }

  const others = new EntryGatherer(gathered, { wants: isFitFile, take: (_, data) => fit.read(data) });
  try {
    return { kind: 'apple_health', reading: await readAppleHealthExport(rest(head, more), undefined, onRecords, others) };
  } catch (error) {
    if (!(error instanceof ExportError) || error.problem !== 'not_export') throw error;
  }
  const readers: [ExportKind, () => HistoryReading | null][] = [
    ['whoop', () => readWhoopExport(others.files)],
    ['oura', () => readOuraExport(others.files)],
    ['withings', () => readWithingsExport(others.files)],
    ['garmin', () => readGarminExport(others.files, fit)],
  ];
  for (const [kind, read] of readers) {
    const reading = read();
    if (reading) return { kind, reading };
  }
  throw new ExportError('not_export');
}
