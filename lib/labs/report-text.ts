import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { env } from '@/lib/env';
import { layoutText, type PlacedText } from './layout';

// The text layer of an uploaded lab report, for parseLabReport (./parse-report.ts).
//
// PDF.js runs in a child process (./pdf-text-process.mjs), never on the web server's thread: one hostile
// file (two million text operators, a content stream that inflates to a gigabyte) used to hold every other
// request for up to minutes and grow the server by gigabytes. A child process rather than worker_threads
// because a worker's resourceLimits do not bound ArrayBuffer memory, which is where an inflated stream
// lives. The child is killed when it overruns its time or memory, and the upload goes to manual entry.

/** Lab reports run to a few pages; anything past this is not read. */
export const MAX_PAGES = 20;

export const EXTRACTION_LIMITS = {
  /** Wall-clock time from spawn to answer (LAB_PDF_READ_TIMEOUT_MS, 10 s); a real lab report takes well under a second. */
  timeMs: env.LAB_PDF_READ_TIMEOUT_MS,
  /** Resident memory (heap and ArrayBuffers) of one child, checked every `pollMs`. */
  rssBytes: 320 * 1024 * 1024,
  /** V8's old-generation cap, below the RSS limit so an ordinary heap overrun ends in V8's own OOM exit. */
  heapMb: 256,
  pollMs: 100,
  /** Children at once per server process, so that their memory stays within the server's budget; others wait. */
  concurrent: 2,
  /** CPU seconds, enforced by the kernel: the backstop that ends a child even if the server itself was killed. */
  cpuSeconds: 15,
  /** Twenty pages of text are far below this; more means something is wrong. */
  outputBytes: 32 * 1024 * 1024,
} as const;

/**
 * What reading a PDF gave: its text, rows and columns rebuilt from where the words stand (./layout.ts:
 * one line per row, a tab between cells), null for a scan or a file that is not a PDF; or nothing
 * because the reader was stopped. OCR gives an `alternate`: a second reading of the same pictures in
 * another page-segmentation mode, for the parser to merge with the first (./read-report.ts).
 */
export type PdfReading = { readable: true; text: string | null; alternate?: string | null } | { readable: false; reason: 'time' | 'memory' | 'crash' };

/**
 * OCR's child (./ocr-process.mjs): Tesseract's WebAssembly engine and three languages' trained data want
 * more memory and time than reading a text layer; one child at a time. Each page is enlarged and read
 * twice: a four-page photographed PDF took 40 s and peaked at 484 MB on an idle 2-core machine, so the
 * limits leave room for a busy one.
 */
export const OCR_LIMITS = {
  timeMs: 150_000,
  rssBytes: 768 * 1024 * 1024,
  heapMb: 512,
  pollMs: 100,
  concurrent: 1,
  cpuSeconds: 240,
  outputBytes: 16 * 1024 * 1024,
} as const;

/** A scanned PDF's pages read by OCR: the first few hold the results, and each costs seconds. */
export const MAX_OCR_PAGES = 4;

/** A word OCR is less sure of than this (Tesseract's 0–100) is not used as a figure: its digits become "?". */
export const MIN_OCR_CONFIDENCE = 60;

// Loaded by path from the project root: `next dev`, `next start`/server.mjs and Jest all run there, and
// bundling would not carry the scripts along.
const SCRIPTS = { pdf: path.join(process.cwd(), 'lib', 'labs', 'pdf-text-process.mjs'), ocr: path.join(process.cwd(), 'lib', 'labs', 'ocr-process.mjs') };

/** Every child still running, so that none outlives this process when it exits normally. */
const live = new Set<ChildProcess>();
const killLive = () => live.forEach((child) => child.kill('SIGKILL'));
const exitHookKey = Symbol.for('vitality.pdf-text.exit-hook');
const globalFlags = globalThis as typeof globalThis & { [exitHookKey]?: true };
if (!globalFlags[exitHookKey]) {
  globalFlags[exitHookKey] = true;
  process.once('exit', killLive);
}

/** Children of one kind at once: the others wait for a slot. */
function slots(concurrent: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    while (running >= concurrent) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}
const pdfSlots = slots(EXTRACTION_LIMITS.concurrent);
const ocrSlots = slots(OCR_LIMITS.concurrent);

/** A process's resident memory in bytes from /proc, or null where there is no /proc (or it has gone). */
async function residentBytes(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

type Limits = { timeMs: number; rssBytes: number; heapMb: number; pollMs: number; cpuSeconds: number; outputBytes: number };

/**
 * The child's pages as placed text, or null when the answer is not the shape the scripts write: each
 * item [text, x, y, width, height], and from OCR a sixth, its confidence. A word OCR is unsure of keeps
 * its place but not its digits, so no figure is read from it.
 */
function placedPages(pages: unknown): PlacedText[][] | null {
  if (!Array.isArray(pages)) return null;
  const result: PlacedText[][] = [];
  for (const items of pages) {
    if (!Array.isArray(items)) return null;
    const page: PlacedText[] = [];
    for (const item of items) {
      if (!Array.isArray(item) || (item.length !== 5 && item.length !== 6) || typeof item[0] !== 'string' || !item.slice(1).every((n) => typeof n === 'number')) return null;
      const [text, x, y, width, height, confidence] = item as [string, number, number, number, number, number | undefined];
      const unsure = confidence !== undefined && confidence < MIN_OCR_CONFIDENCE;
      page.push({ text: unsure ? text.replace(/\d/g, '?') : text, x, y, width, height });
    }
    result.push(page);
  }
  return result;
}

/** How far a reading has gone: `done` of `total` steps (OCR: each page read in each mode, then the second looks). */
export type ReadingProgress = (done: number, total: number) => void;

type Job = { name: string; script: string; args: readonly string[]; progress?: ReadingProgress };

/** A reader process started with these limits: it loads its libraries, then waits for the bytes on stdin. */
function startReader({ script, args, progress }: Job, limits: Limits): ChildProcessWithoutNullStreams {
  // `ulimit -t` then exec: the same pid becomes node, with a CPU limit the kernel enforces on its own.
  const child = spawn(
    '/bin/sh',
    ['-c', `ulimit -t ${limits.cpuSeconds} && exec "$0" "$@"`, process.execPath, `--max-old-space-size=${limits.heapMb}`, script, ...args, ...(progress ? ['--progress'] : []), `--parent=${process.pid}`],
    // Next to no environment: the child parses untrusted bytes and needs no secrets (nor the parent's NODE_OPTIONS).
    // A process group of its own: a deploy's SIGTERM to the server's group (a terminal's Ctrl-C, a process
    // manager stopping the group) does not cut a reading short; the server's graceful stop lets the request
    // it serves finish within SHUTDOWN_GRACE_MS, and its exit kills whatever is left (killLive). Killed
    // outright, it cannot: the child then sees its parent (--parent) gone and stops by itself.
    // A fourth pipe, when asked for, carries the child's progress lines ("done/total").
    { stdio: ['pipe', 'pipe', 'pipe', ...(progress ? (['pipe'] as const) : [])], env: { NODE_ENV: env.NODE_ENV }, detached: true },
  ) as ChildProcessWithoutNullStreams;
  if (progress) followProgress(child, progress);
  live.add(child);
  child.once('exit', () => live.delete(child));
  if (child.pid !== undefined) {
    try {
      // The web server's requests come first (at the default, 19): the child gets the CPU they leave.
      os.setPriority(child.pid, env.LAB_READER_NICENESS);
    } catch {
      // Already gone: its exit is handled where it is used.
    }
  }
  return child;
}

/** Reads the child's progress lines from its fourth pipe; anything not of their shape is ignored. */
function followProgress(child: ChildProcess, progress: ReadingProgress): void {
  const lines = child.stdio[3] as NodeJS.ReadableStream | null | undefined;
  if (!lines) return;
  let pending = '';
  lines.setEncoding('utf8');
  lines.on('data', (chunk: string) => {
    pending += chunk;
    const parts = pending.split('\n');
    pending = (parts.pop() ?? '').slice(-64);
    for (const line of parts) {
      const match = /^(\d{1,4})\/(\d{1,4})$/.exec(line);
      if (match && Number(match[1]) <= Number(match[2])) progress(Number(match[1]), Number(match[2]));
    }
  });
  lines.on('error', () => {});
}

/**
 * Text-PDF readers kept between files: a small pool (at most EXTRACTION_LIMITS.concurrent, the files read at
 * once) of processes that have loaded and compiled PDF.js, each reading one file after another (--serve),
 * so an upload waits neither for a process to start nor for one to exit. A reader is killed, never
 * reused, after any overrun (time, memory, output, a crash), and retired after READER_USES files, or once
 * it has used a third of its CPU seconds (the kernel's limit counts its whole life) or holds half its
 * memory limit, so that the next file always meets a reader with its full limits ahead of it. Idle, a
 * reader holds this process open by nothing (unref'd) and uses no CPU; the process's exit kills it.
 */
export const READER_USES = 50;
type Pooled = { child: ChildProcessWithoutNullStreams; uses: number };
const pools = new Map<string, Pooled[]>();
const keyOf = (job: Job, limits: Limits) => JSON.stringify([job.script, job.args, limits.cpuSeconds, limits.heapMb]);
const idle = (child: ChildProcess, hold: boolean) => {
  for (const handle of [child, child.stdin, child.stdout, child.stderr] as ({ ref?: () => void; unref?: () => void } | null)[]) (hold ? handle?.ref : handle?.unref)?.call(handle);
};
const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
/** The process ids of the readers waiting for their next file (tests: every other reader is at work). */
export const waitingReaders = (): number[] =>
  [...pools.values()]
    .flat()
    .filter(({ child }) => alive(child))
    .map(({ child }) => child.pid)
    .filter((pid): pid is number => pid !== undefined);

/** CPU seconds a process has used (user and system, from /proc), or null where that cannot be read. */
async function cpuSeconds(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, the 14th and 15th fields, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

function takePooled(job: Job, limits: Limits): Pooled {
  const pool = pools.get(keyOf(job, limits)) ?? [];
  for (let reader = pool.pop(); reader; reader = pool.pop()) {
    if (alive(reader.child)) {
      idle(reader.child, true);
      return reader;
    }
    reader.child.kill('SIGKILL');
  }
  const child = startReader(job, limits);
  // PDF.js's complaints can quote a member's file: drained, never logged.
  child.stderr.resume();
  // A reader that dies before reading its input makes the write fail (EPIPE); its exit says why.
  child.stdin.on('error', () => {});
  return { child, uses: 0 };
}

/** A reader back in its pool after a reading that kept within its limits, unless it is due to retire. */
async function givePooled(job: Job, limits: Limits, reader: Pooled): Promise<void> {
  reader.uses += 1;
  const pid = reader.child.pid;
  const [cpu, rss] = pid === undefined ? [null, null] : await Promise.all([cpuSeconds(pid), residentBytes(pid)]);
  const pool = pools.get(keyOf(job, limits)) ?? [];
  const spent = reader.uses >= READER_USES || cpu === null || cpu > limits.cpuSeconds / 3 || rss === null || rss > limits.rssBytes / 2;
  if (spent || !alive(reader.child) || pool.length >= EXTRACTION_LIMITS.concurrent) return ended(reader.child);
  idle(reader.child, false);
  pool.push(reader);
  pools.set(keyOf(job, limits), pool);
}

/** Kills a reader and waits for it to be gone. */
function ended(child: ChildProcess): Promise<void> {
  if (!alive(child)) return Promise.resolve();
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return gone;
}

/** The reading a child's answer gives, or null when the answer is not the shape the scripts write. */
function readingOf(answer: string): PdfReading | null {
  try {
    const { pages, alternate = null } = JSON.parse(answer) as { pages: unknown; alternate?: unknown };
    // Each reading laid out as text; undefined when its shape is not the one the scripts write.
    const texts = [pages, alternate].map((reading) => {
      if (reading === null) return null;
      const placed = placedPages(reading);
      if (!placed) return undefined;
      const text = layoutText(placed);
      return text.trim() === '' ? null : text;
    });
    if (texts.includes(undefined)) return null;
    const [text = null, second = null] = texts;
    return { readable: true, text: text ?? second, alternate: text === null ? null : second };
  } catch {
    return null;
  }
}

const stopMessage = (stopped: 'time' | 'memory' | 'crash', limits: Limits) =>
  stopped === 'time' ? `over ${limits.timeMs / 1000} s` : stopped === 'memory' ? `over ${limits.rssBytes / 1024 / 1024} MB` : 'too much output';

/** Watches a reading: its clock and its reader's memory; `stop` is called with the first limit overrun. */
function watch(child: ChildProcess, limits: Limits, stop: (reason: 'time' | 'memory') => void): () => void {
  const timer = setTimeout(() => stop('time'), limits.timeMs);
  let polling = false;
  const poll = setInterval(() => {
    if (polling || child.pid === undefined) return;
    polling = true;
    void residentBytes(child.pid).then((rss) => {
      polling = false;
      if (rss !== null && rss > limits.rssBytes) stop('memory');
    });
  }, limits.pollMs);
  return () => {
    clearTimeout(timer);
    clearInterval(poll);
  };
}

/** One file read by a pooled reader: sent as its length and bytes, answered with one line of JSON. */
function runPooled(job: Job, bytes: Uint8Array, limits: Limits): Promise<PdfReading> {
  return new Promise((resolve) => {
    const reader = takePooled(job, limits);
    const { child } = reader;
    let stopped: 'time' | 'memory' | 'crash' | null = null;
    let settled = false;
    const out: Buffer[] = [];
    let outBytes = 0;
    const settle = (reading: PdfReading, reuse: boolean) => {
      if (settled) return;
      settled = true;
      unwatch();
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      child.off('error', onError);
      // Back in the pool (or retired) before the answer goes, so the next file finds it there; a reader
      // that is done with is gone before the answer goes, so its memory is free before the slot is.
      void (reuse ? givePooled(job, limits, reader) : ended(child)).finally(() => resolve(reading));
    };
    const stop = (reason: 'time' | 'memory' | 'crash') => {
      stopped ??= reason;
      console.warn(`${job.name} stopped: ${stopMessage(reason, limits)}`);
      settle({ readable: false, reason }, false);
    };
    const unwatch = watch(child, limits, stop);
    const onData = (chunk: Buffer) => {
      const end = chunk.indexOf(10);
      outBytes += end === -1 ? chunk.byteLength : end;
      if (outBytes > limits.outputBytes) return stop('crash');
      if (end === -1) return void out.push(chunk);
      out.push(chunk.subarray(0, end));
      const reading = end === chunk.byteLength - 1 ? readingOf(Buffer.concat(out).toString('utf8')) : null;
      if (reading) return settle(reading, true);
      console.error(`${job.name} failed (an answer not of its shape)`);
      settle({ readable: false, reason: 'crash' }, false);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      console.error(`${job.name} failed (${signal ?? `exit code ${code}`})`);
      settle({ readable: false, reason: stopped ?? 'crash' }, false);
    };
    const onError = (error: Error) => {
      console.error(`${job.name} could not start: ${error.message}`);
      settle({ readable: false, reason: 'crash' }, false);
    };
    child.stdout.on('data', onData);
    child.once('exit', onExit);
    child.once('error', onError);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.byteLength);
    child.stdin.write(length);
    child.stdin.write(bytes);
  });
}

function runChild(job: Job, bytes: Uint8Array, limits: Limits): Promise<PdfReading> {
  const { name } = job;
  return new Promise((resolve) => {
    const child = startReader(job, limits);
    let stopped: 'time' | 'memory' | 'crash' | null = null;
    const stop = (reason: 'time' | 'memory' | 'crash') => {
      stopped ??= reason;
      child.kill('SIGKILL');
    };
    const unwatch = watch(child, limits, stop);

    const out: Buffer[] = [];
    let outBytes = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.byteLength;
      if (outBytes > limits.outputBytes) stop('crash');
      else out.push(chunk);
    });
    // PDF.js's complaints can quote the member's file: drained, never logged.
    child.stderr.resume();
    // A child that dies before reading all its input makes the write fail (EPIPE); its exit says why.
    child.stdin.on('error', () => {});
    child.stdin.end(bytes);

    let settled = false;
    const settle = (reading: PdfReading) => {
      if (settled) return;
      settled = true;
      unwatch();
      live.delete(child);
      resolve(reading);
    };
    child.once('error', (error) => {
      console.error(`${name} could not start: ${error.message}`);
      child.kill('SIGKILL');
      settle({ readable: false, reason: 'crash' });
    });
    child.once('close', (code, signal) => {
      if (stopped) {
        console.warn(`${name} stopped: ${stopMessage(stopped, limits)}`);
        return settle({ readable: false, reason: stopped });
      }
      const reading = code === 0 ? readingOf(Buffer.concat(out).toString('utf8')) : null;
      if (reading) return settle(reading);
      console.error(`${name} failed (${signal ?? `exit code ${code}`})`);
      settle({ readable: false, reason: 'crash' });
    });
  });
}

/**
 * Reads the text of a PDF's first MAX_PAGES pages in a child process with a time and a memory limit
 * (EXTRACTION_LIMITS, any of which `limits` can tighten). The bytes given are left as they were.
 */
export async function readPdfText(bytes: Uint8Array, limits: Partial<Limits> = {}): Promise<PdfReading> {
  return pdfSlots(() => runPooled({ name: 'PDF text extraction', script: SCRIPTS.pdf, args: [String(MAX_PAGES), '--serve'] }, bytes, { ...EXTRACTION_LIMITS, ...limits }));
}

/**
 * Reads an image, or a PDF without a text layer (its first MAX_OCR_PAGES pages' pictures), by OCR in a
 * child process with OCR_LIMITS; the text comes back laid out as readPdfText's does, null when nothing
 * was recognised.
 */
export async function readImageText(bytes: Uint8Array, kind: 'image' | 'pdf', limits: Partial<Limits> = {}, progress?: ReadingProgress): Promise<PdfReading> {
  return ocrSlots(() => runChild({ name: 'Lab report OCR', script: SCRIPTS.ocr, args: [kind, String(MAX_OCR_PAGES)], progress }, bytes, { ...OCR_LIMITS, ...limits }));
}

/**
 * The text of a PDF's first MAX_PAGES pages; null when it has none (a scan: only images or drawings),
 * cannot be read at all (not a PDF, corrupt, or encrypted with a password), or overran the reader's limits.
 */
export async function pdfText(bytes: Uint8Array): Promise<string | null> {
  const reading = await readPdfText(bytes);
  return reading.readable ? reading.text : null;
}
