import 'server-only';
import { fileTypeFromBuffer } from 'file-type';
import { ApiError } from '@/lib/errors';
import { ISO_DAY } from '@/lib/codecs';
import { db } from '@/lib/db';
import type { LabResultsInput } from '@/lib/validation/labs';
import { labUnits } from './lab-units-preference';
import { inMemberUnits, type PrintedResult } from './lab-units';
import { isLabMarkerKey, LAB_MARKER_KEYS, LAB_MARKERS, type LabMarkerKey } from './markers';
import { PICTURE_MESSAGES, pictureProblem } from './picture-quality';
import { MAX_UNREAD_ROWS } from './parse-report';
import { readTextLayer } from './read-report';
import { assertReadingRoom, givenUp, isStalled, queueReading, readingStatus, settleStalledReadings, storedReading, type ReadingStatus, type ReviewMarker, type StoredReading } from './reading';
import { readUpload, removeUpload, storeUpload, type StoredExtension } from './storage';
import { toNgPerDl } from './testosterone';
import { READING_MESSAGE, UPLOADED_MESSAGE } from './upload-messages';

// Blood-test reports: the upload (checked by its bytes, stored outside the public folder), what a PDF's
// text says, and the values the member confirmed on the review screen. Nothing read from a report is
// saved until the member confirms it.

export const MAX_REPORT_BYTES = 10 * 1024 * 1024;
const NOT_FOUND = 'That report was not found.';
export const UPLOAD_MESSAGES = {
  tooLarge: 'The file is larger than 10 MB.',
  missing: 'Choose a PDF, JPEG or PNG file to upload.',
  wrongType: 'Only PDF, JPEG or PNG files can be uploaded.',
  mismatch: 'The file’s contents do not match its name. Please upload the original PDF, JPEG or PNG.',
};

/** The kind a file's name claims, when it claims one of ours. */
function claimedExtension(name: string): StoredExtension | null {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (ext === 'pdf') return 'pdf';
  if (ext === 'jpg' || ext === 'jpeg') return 'jpg';
  if (ext === 'png') return 'png';
  return null;
}

/** The MIME types accepted, by what the file's first bytes say it is (never its name). */
const ACCEPTED: Record<string, StoredExtension> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };

/**
 * What the upload and the review answer: the reading as StoredReading keeps it, and where it stands. A
 * scan or a photo is answered 'queued' and read in the background (./reading.ts): the review shows its
 * place in the queue (`ahead`), then its progress, and opens once it is 'ready'.
 */
export type UploadAnswer = StoredReading & { report_id: string; file_name: string } & ReadingStatus;

/** A name safe to show and to put in a Content-Disposition: no path, no control characters, 120 characters at most. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim().slice(-120);
  return clean || 'blood-test';
}

/**
 * Stores an uploaded report, once `room` (the member's storage quota) lets it. A PDF's own text is read
 * here (a fraction of a second, in a child process) and answered with the values (201); an image, or a
 * PDF without text (a scan), is queued for OCR and answered at once (202), if the queue has room for it.
 */
export async function uploadLabReport(userId: string, file: { bytes: Uint8Array; name: string }, room: () => Promise<void> = async () => {}): Promise<{ status: 201 | 202; answer: UploadAnswer }> {
  const detected = await fileTypeFromBuffer(file.bytes);
  const extension = detected ? ACCEPTED[detected.mime] : undefined;
  if (!detected || !extension) throw new ApiError(415, UPLOAD_MESSAGES.wrongType);
  // The bytes decide what a file is; a name that says otherwise (a PNG called report.pdf) is refused too,
  // since the member would be reviewing something other than what they think they sent.
  const claimed = claimedExtension(file.name);
  if (claimed && claimed !== extension) throw new ApiError(415, UPLOAD_MESSAGES.mismatch);

  const kind = extension === 'pdf' ? 'pdf' : 'image';
  // A photo too dark, faint or small to read is refused at once, with what to do, before it is stored or queued.
  const problem = kind === 'image' ? await pictureProblem(file.bytes) : null;
  if (problem) throw new ApiError(422, PICTURE_MESSAGES[problem]);
  // The text is read (in a child process, on another core) while `room` checks the member may keep the
  // file and the file is written: the answer waits for the longest of them, not for all in turn.
  const reading = kind === 'pdf' ? readTextLayer(file.bytes) : Promise.resolve(null);
  // Handled, should `room` refuse the file before the reading is awaited.
  reading.catch(() => undefined);
  await room();
  const storing = storeUpload(file.bytes, extension);
  const [layer, stored] = await Promise.all([reading, storing.then(
    (key) => ({ key }),
    (error: unknown) => ({ error }),
  )]);
  if ('error' in stored) throw stored.error;
  const storageKey = stored.key;
  const row = { userId, fileName: displayName(file.name), mimeType: detected.mime, sizeBytes: file.bytes.byteLength };
  try {
    if (!layer) {
      await assertReadingRoom(userId);
      const reportId = await queueReading({ ...row, storageKey });
      const answer = { ...givenUp(kind), message: READING_MESSAGE, report_id: reportId, file_name: row.fileName };
      return { status: 202, answer: { ...answer, ...(await readingStatus({ readingState: 'queued', readingProgress: null, readingJobId: await jobOf(reportId) })) } };
    }
    // Kept so that the review can be reopened until the member confirms it.
    const stored = storedReading(layer, kind);
    const report = await db.labReport.create({ data: { ...row, storageKey, reading: stored }, select: { id: true } });
    return { status: 201, answer: { ...stored, report_id: report.id, file_name: row.fileName, status: 'ready' } };
  } catch (error) {
    // No row, no file: an orphan would never be exported or deleted.
    await removeUpload(storageKey);
    throw error;
  }
}

const jobOf = async (reportId: string) => (await db.labReport.findUnique({ where: { id: reportId }, select: { readingJobId: true } }))?.readingJobId ?? null;

const NO_READING: StoredReading = { message: UPLOADED_MESSAGE, kind: 'pdf', text_found: false, read_by: null, collected_on: null, date_choices: [], markers: [], earlier: [], unread_rows: [] };

/** The well-formed markers of a stored list; anything else in it is dropped. */
const storedMarkers = (value: unknown): ReviewMarker[] =>
  Array.isArray(value) ? value.filter((m) => m && typeof m === 'object' && isLabMarkerKey(String(m.marker)) && typeof m.value === 'number') : [];

/** A stored reading as the review takes it; anything unexpected in it (an older shape) reads as nothing found. */
function keptReading(value: unknown, mimeType: string): StoredReading {
  const kind = mimeType === 'application/pdf' ? 'pdf' : 'image';
  if (!value || typeof value !== 'object') return { ...NO_READING, kind };
  const reading = value as Partial<StoredReading>;
  const markers = storedMarkers(reading.markers);
  const earlier = Array.isArray(reading.earlier)
    ? reading.earlier.flatMap((results: unknown) => {
        const { collected_on, markers: listed } = (results ?? {}) as { collected_on?: unknown; markers?: unknown };
        const kept = storedMarkers(listed);
        return typeof collected_on === 'string' && ISO_DAY.isReal(collected_on) && kept.length ? [{ collected_on, markers: kept }] : [];
      })
    : [];
  return {
    message: typeof reading.message === 'string' ? reading.message : UPLOADED_MESSAGE,
    kind,
    text_found: reading.text_found === true,
    read_by: reading.read_by === 'text' || reading.read_by === 'ocr' ? reading.read_by : null,
    collected_on: typeof reading.collected_on === 'string' && ISO_DAY.isReal(reading.collected_on) ? reading.collected_on : null,
    date_choices: Array.isArray(reading.date_choices) ? reading.date_choices.filter((d): d is string => typeof d === 'string' && ISO_DAY.isReal(d)) : [],
    markers,
    earlier,
    unread_rows: Array.isArray(reading.unread_rows) ? reading.unread_rows.filter((row): row is string => typeof row === 'string').slice(0, MAX_UNREAD_ROWS).map((row) => row.slice(0, 300)) : [],
  };
}

/**
 * GET /api/lab-reports/{id}: the review of an uploaded report again, for its owner, or where its reading
 * stands while it waits; anyone else's is the same 404.
 */
export async function labReportReview(userId: string, reportId: string): Promise<UploadAnswer> {
  const find = () => db.labReport.findFirst({ where: { id: reportId, userId }, select: { id: true, fileName: true, mimeType: true, reading: true, readingState: true, readingProgress: true, readingAt: true, readingJobId: true } });
  let report = await find();
  if (!report) throw new ApiError(404, NOT_FOUND);
  if (isStalled(report)) {
    await settleStalledReadings(new Date(), userId);
    report = (await find()) ?? report;
  }
  const status = await readingStatus(report);
  const reading = status.status === 'ready' ? keptReading(report.reading, report.mimeType) : { ...givenUp(report.mimeType === 'application/pdf' ? 'pdf' : 'image'), message: READING_MESSAGE };
  return { ...reading, ...status, report_id: report.id, file_name: report.fileName };
}

/**
 * The confirmed values, in one transaction: a second confirmation of the same marker and day replaces the
 * first (as does a marker given twice in one confirmation: the last one counts). Two statements whatever
 * the count (a full panel is 40 values or more), so the save stays quick on a busy machine: the day's rows
 * of these markers go, and the new ones come in together.
 */
export async function saveLabResults(userId: string, input: LabResultsInput): Promise<{ message: string; saved: number }> {
  if (input.report_id) {
    const report = await db.labReport.findFirst({ where: { id: input.report_id, userId }, select: { id: true } });
    if (!report) throw new ApiError(404, NOT_FOUND);
  }
  const takenAt = ISO_DAY.toDate(input.taken_on);
  const byMarker = new Map(input.results.map((r) => [r.marker, r]));
  const rows = [...byMarker.values()].map((r) => ({
    userId,
    marker: r.marker,
    takenAt,
    reportId: input.report_id ?? null,
    value: r.value,
    comparator: r.comparator ?? null,
    unit: r.unit,
    valueNgDl: r.marker === 'total_testosterone' ? toNgPerDl(r.value, r.unit) : null,
    referenceLow: r.reference_low ?? null,
    referenceHigh: r.reference_high ?? null,
  }));
  await db.$transaction([
    db.labResult.deleteMany({ where: { userId, takenAt, marker: { in: [...byMarker.keys()] } } }),
    db.labResult.createMany({ data: rows }),
  ]);
  return { message: 'Your blood test results are saved.', saved: rows.length };
}

/** The member's reports, newest first, with how many values each gave. */
export async function labReports(userId: string) {
  const reports = await db.labReport.findMany({
    where: { userId },
    orderBy: [{ uploadedAt: 'desc' }, { id: 'desc' }],
    select: { id: true, fileName: true, uploadedAt: true, readingState: true, _count: { select: { results: true } } },
    take: 50,
  });
  return reports.map((r) => ({ id: r.id, fileName: r.fileName, uploadedAt: r.uploadedAt.toISOString(), results: r._count.results, reading: r.readingState !== 'done' }));
}

/**
 * The member's latest value of each marker with the lab's reference range, in the unit the report gave
 * (so the list reads like the report beside it), in the catalogue's order (for the profile's list).
 */
export async function latestLabValues(userId: string): Promise<LatestLabValue[]> {
  const [rows, system] = await Promise.all([
    db.labResult.findMany({ where: { userId }, orderBy: [{ marker: 'asc' }, { takenAt: 'desc' }, { id: 'desc' }], distinct: ['marker'] }),
    labUnits(userId),
  ]);
  return rows
    .filter((r): r is typeof r & { marker: LabMarkerKey } => isLabMarkerKey(r.marker))
    .sort((a, b) => LAB_MARKER_KEYS.indexOf(a.marker) - LAB_MARKER_KEYS.indexOf(b.marker))
    .map((r) => ({
      marker: r.marker,
      label: LAB_MARKERS[r.marker].label,
      ...inMemberUnits(r.marker, { value: r.value, unit: r.unit, low: r.referenceLow, high: r.referenceHigh }, system),
      comparator: r.comparator,
      takenOn: ISO_DAY.fromDate(r.takenAt),
    }));
}

/** The newest value of each marker, in the member's units (`printed`: the lab's own figure, when converted). */
export type LatestLabValue = { marker: LabMarkerKey; label: string; value: number; comparator: string | null; unit: string; low: number | null; high: number | null; takenOn: string; printed: PrintedResult | null };

/** An uploaded file for its owner; anyone else's (or an unknown id) is the same 404. */
export async function labReportFile(userId: string, reportId: string) {
  const report = await db.labReport.findFirst({ where: { id: reportId, userId }, select: { storageKey: true, mimeType: true, fileName: true, sizeBytes: true } });
  if (!report) throw new ApiError(404, NOT_FOUND);
  return { stream: readUpload(report.storageKey), mimeType: report.mimeType, fileName: report.fileName, sizeBytes: report.sizeBytes };
}

/**
 * Removes an uploaded report and its file. Values already confirmed from it stay (they are the member's
 * results, typed or read); they only lose the link to the file. Anyone else's id is the same 404.
 */
export async function removeLabReport(userId: string, reportId: string): Promise<void> {
  const report = await db.labReport.findFirst({ where: { id: reportId, userId }, select: { id: true, storageKey: true } });
  if (!report) throw new ApiError(404, NOT_FOUND);
  await db.labReport.delete({ where: { id: report.id } });
  // After the row: a file left behind by a failure here is swept by the housekeeping job.
  await removeUpload(report.storageKey);
}
