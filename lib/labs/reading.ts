import 'server-only';
import { buffer } from 'node:stream/consumers';
import { ApiError } from '@/lib/errors';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { bossOver, LAB_READ_QUEUE, sendLabRead } from '@/lib/jobs/queues';
import { readyJobQueue } from '@/lib/jobs/send';
import { LAB_MARKERS } from './markers';
import type { ParsedMarker } from './parse-report';
import { readByOcr, type ReportReading } from './read-report';
import { readUpload } from './storage';
import { UNREADABLE_MESSAGE, UPLOADED_MESSAGE } from './upload-messages';

// A scan or a photo of a blood test is read by OCR in the background (the `lab-report-read` queue, one
// reading at a time in the job process), never in the upload's request: OCR takes seconds of CPU each,
// and four photos read in requests at once made a fifth member wait two minutes. The upload is answered
// at once (202); the member sees the reading's place in the queue, then its progress, and may leave: the
// review waits in the report's row (lib/labs/reports.ts labReportReview). The queue is bounded, in all
// and per member, and fair: a member's later reports wait behind other members' first ones.

/** Reports one member may have waiting or being read at once; the next is refused until one is done. */
export const LAB_READS_PER_MEMBER = 3;
export const TOO_MANY_OF_YOURS = `You have ${LAB_READS_PER_MEMBER} reports being read already. Please send this one when one of them is done.`;
export const QUEUE_FULL = 'Many reports are being read right now. Please try again in a few minutes.';

/**
 * A reading quiet this long is given up (the job process not running, or killed twice over): the review
 * opens for the values to be typed in. Queued: the whole queue at its bound, read one after another,
 * takes well under this; reading: each step (a page read) moves it, and a killed job is retried first.
 */
export const STALLED_READING_MS = { queued: 30 * 60_000, reading: 10 * 60_000 } as const;

/** The review's markers: each with its label, as the screen shows it. */
export type ReviewMarker = Omit<ParsedMarker, 'line'> & { label: string; line: string };
const forReview = (markers: readonly ParsedMarker[]): ReviewMarker[] => markers.map((m) => ({ ...m, label: LAB_MARKERS[m.marker].label }));

/** What is kept of a reading (LabReport.reading), to answer the same review again. */
export type StoredReading = {
  message: string;
  kind: 'pdf' | 'image';
  /** false when no text was found (not even by OCR), or the file was too costly to read: the review starts empty. */
  text_found: boolean;
  /** 'ocr' when the values were read from a picture (a scan or a photo): the review asks for a closer check. */
  read_by: 'text' | 'ocr' | null;
  collected_on: string | null;
  /** Both readings of a date whose day and month could be either way round (03/04/2026), for the review to ask. */
  date_choices: string[];
  markers: ReviewMarker[];
  /** A cumulative report's earlier collections, newest first: each can be saved as its own dated results. */
  earlier: Array<{ collected_on: string; markers: ReviewMarker[] }>;
  /** Rows of the report that look like results and gave nothing, as printed: the review lists them for the member to add. */
  unread_rows: string[];
};

export function storedReading(reading: ReportReading, kind: 'pdf' | 'image'): StoredReading {
  return {
    message: reading.readable ? UPLOADED_MESSAGE : UNREADABLE_MESSAGE,
    kind,
    text_found: reading.textFound,
    read_by: reading.readBy,
    collected_on: reading.report.collectedOn,
    date_choices: reading.report.dateChoices,
    markers: forReview(reading.report.markers),
    earlier: reading.report.earlier.map((results) => ({ collected_on: results.collectedOn, markers: forReview(results.markers) })),
    unread_rows: reading.unread,
  };
}

/** Nothing read: the review opens empty, saying why. */
export const givenUp = (kind: 'pdf' | 'image'): StoredReading => ({ message: UNREADABLE_MESSAGE, kind, text_found: false, read_by: null, collected_on: null, date_choices: [], markers: [], earlier: [], unread_rows: [] });

const WAITING = ['queued', 'reading'];

/**
 * Refuses a reading the queue has no room for: the member's own bound (429), then everyone's (503); what
 * the member has waiting counts their reports already waiting or being read. Checked before the file is
 * stored, and again as the reading is queued (queueReading).
 */
export async function assertReadingRoom(userId: string, client: Pick<typeof db, 'labReport'> = db): Promise<number> {
  const [mine, all] = await Promise.all([
    client.labReport.count({ where: { userId, readingState: { in: WAITING } } }),
    client.labReport.count({ where: { readingState: { in: WAITING } } }),
  ]);
  if (mine >= LAB_READS_PER_MEMBER) throw new ApiError(429, TOO_MANY_OF_YOURS);
  if (all >= env.LAB_OCR_QUEUE_MAX) throw new ApiError(503, QUEUE_FULL, { headers: { 'Retry-After': '120' } });
  return mine;
}

/**
 * Records a report whose file is stored as waiting for OCR, and its job, in one transaction: the job is
 * committed with the row or not at all. Its priority falls by one for each of the member's reports already
 * waiting or being read, so that others' first reports go ahead of a member's second. A member's uploads
 * are queued one at a time (a lock on the member), so that two sent together neither share a priority
 * nor pass the member's bound together.
 */
export async function queueReading(data: { userId: string; fileName: string; mimeType: string; sizeBytes: number; storageKey: string }): Promise<string> {
  await readyJobQueue();
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`lab-read:${data.userId}`}, 0))`;
    const ahead = await assertReadingRoom(data.userId, tx);
    const report = await tx.labReport.create({ data: { ...data, readingState: 'queued', readingAt: new Date() }, select: { id: true } });
    const jobId = await sendLabRead(bossOver(tx), { reportId: report.id }, ahead);
    await tx.labReport.update({ where: { id: report.id }, data: { readingJobId: jobId } });
    return report.id;
  });
}

/** How many readings go before this job: the one being read, and those the queue would take first. */
async function readingsAhead(jobId: string): Promise<number> {
  const [row] = await db.$queryRaw<{ ahead: number }[]>`
    SELECT count(*)::int AS ahead FROM pgboss.job j, (SELECT priority, created_on FROM pgboss.job WHERE name = ${LAB_READ_QUEUE} AND id = ${jobId}::uuid) me
    WHERE j.name = ${LAB_READ_QUEUE} AND j.id <> ${jobId}::uuid
      AND (j.state = 'active' OR (j.state < 'active' AND (j.priority > me.priority OR (j.priority = me.priority AND j.created_on < me.created_on))))`;
  return row?.ahead ?? 0;
}

/** Where a report's reading stands, as the review screen shows it while it waits. */
export type ReadingStatus = { status: 'ready' } | { status: 'queued'; ahead: number } | { status: 'reading'; progress: number };

export async function readingStatus(report: { readingState: string; readingProgress: number | null; readingJobId: string | null }): Promise<ReadingStatus> {
  if (report.readingState === 'reading') return { status: 'reading', progress: report.readingProgress ?? 0 };
  if (report.readingState === 'queued') return { status: 'queued', ahead: report.readingJobId ? await readingsAhead(report.readingJobId).catch(() => 0) : 0 };
  return { status: 'ready' };
}

/**
 * Gives up the readings that stalled (of one member, or everyone's): the review then opens for the values
 * to be typed in. Run as a report is shown, and by the daily housekeeping.
 */
export async function settleStalledReadings(now = new Date(), userId?: string): Promise<number> {
  const before = (state: keyof typeof STALLED_READING_MS) => ({ readingState: state, readingAt: { lt: new Date(now.getTime() - STALLED_READING_MS[state]) } });
  const stalled = await db.labReport.findMany({ where: { ...(userId ? { userId } : {}), OR: [before('queued'), before('reading')] }, select: { id: true, mimeType: true, readingState: true, readingAt: true } });
  let settled = 0;
  for (const report of stalled) {
    // Only if it has not moved meanwhile.
    const { count } = await db.labReport.updateMany({
      where: { id: report.id, readingState: report.readingState, readingAt: report.readingAt },
      data: { readingState: 'done', readingProgress: null, readingAt: now, reading: givenUp(report.mimeType === 'application/pdf' ? 'pdf' : 'image') },
    });
    settled += count;
  }
  return settled;
}

/** A stalled reading of this one report, settled as it is shown. */
export function isStalled(report: { readingState: string; readingAt: Date | null }, now = Date.now()): boolean {
  const limit = report.readingState === 'queued' || report.readingState === 'reading' ? STALLED_READING_MS[report.readingState] : null;
  return limit !== null && (report.readingAt?.getTime() ?? 0) < now - limit;
}

/** A step read moves the progress at most this often (each is a write to the report's row). */
const PROGRESS_EVERY_MS = 500;

/**
 * The job (scripts/job-worker.ts): reads one report's file by OCR and keeps what it gave for the review.
 * However it ends, short of the process dying, the report leaves 'reading': an error keeps "couldn't
 * read" (the job fails and is not read again); a process that died leaves it 'reading' for the queue to
 * retry once it expires (LAB_READ_QUEUE's retry), and housekeeping settles it past that.
 */
export async function runLabReportRead(reportId: string): Promise<void> {
  const report = await db.labReport.findUnique({ where: { id: reportId }, select: { storageKey: true, mimeType: true, readingState: true } });
  // Removed meanwhile, or already read (a retry after the reading was kept).
  if (!report || report.readingState === 'done') return;
  const kind = report.mimeType === 'application/pdf' ? 'pdf' : 'image';
  const started = await db.labReport.updateMany({ where: { id: reportId, readingState: { in: WAITING } }, data: { readingState: 'reading', readingProgress: 0, readingAt: new Date() } });
  if (!started.count) return;

  let stored = givenUp(kind);
  let shown = 0;
  let lastWrite = 0;
  let writing: Promise<unknown> = Promise.resolve();
  const progress = (done: number, total: number) => {
    const percent = Math.min(99, Math.floor((100 * done) / Math.max(1, total)));
    if (percent <= shown || Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
    shown = percent;
    lastWrite = Date.now();
    writing = writing.then(() => db.labReport.updateMany({ where: { id: reportId, readingState: 'reading' }, data: { readingProgress: percent, readingAt: new Date() } })).catch(() => undefined);
  };
  try {
    const bytes = new Uint8Array(await bytesOf(report.storageKey));
    stored = storedReading(await readByOcr(bytes, kind, progress), kind);
  } finally {
    await writing;
    await db.labReport.updateMany({ where: { id: reportId, readingState: { in: WAITING } }, data: { readingState: 'done', readingProgress: null, readingAt: new Date(), reading: stored } });
  }
}

const bytesOf = (storageKey: string): Promise<Buffer> => buffer(readUpload(storageKey));
