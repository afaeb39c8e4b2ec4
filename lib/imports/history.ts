import 'server-only';
import { ISO_DAY } from '@/lib/codecs';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import type { Prisma } from '@/lib/generated/prisma/client';
import { MetricSource } from '@/lib/generated/prisma/enums';
import { METRIC_FIELDS, type MetricField } from '@/lib/metrics/source-priority';
import { assertDiskRoom, maxKeptBytes, QUOTA_MESSAGES } from '@/lib/uploads/quota';
import { type DayFigures, ExportError, type HeartRateMeans, type ExportProblem, type HistoryReading } from './export-file';
import { chosenWeighIns, type MemberBody, type WeighIn, type WeighInChoices, weighInChoices, weighInId, withWeighIns } from './weigh-ins';
import type { ConfirmImportAnswers } from '@/lib/validation/history-import';
import { yielding } from '@/lib/jobs/priority';
import { laterFigures } from './merge-days';
import { importFileSize, readImportFile, removeImportFile, writeImportFile } from './files';
import { type ExportKind, readHistoryExport } from './read-export';
import { noteMember } from '@/lib/observability/runtime';

// A member's history file (an Apple Health, Garmin, Whoop, Oura or Withings export, or a Garmin FIT file)
// from upload to stored days:
//   upload (written to disk as it arrives) → queued → reading (a job on the queue: progress, cancellable)
//   → previewed (the range, days, measures, and what will be added or replaced; nothing stored yet)
//   → done (the days stored on confirmation), or failed (the member is told why), or cancelled.
// Days are stored under their vendor's own import source (APPLE_HEALTH_EXPORT, WHOOP_EXPORT…, each ranked
// right after the vendor's live rows in lib/metrics/source-priority.ts, so the per-field priority merges
// them with connected devices and nothing counts twice), each linked to its import. The same file again (by SHA-256) adds nothing; a later
// file replaces the measures it carries on the days it shares with an earlier one; removing an import takes the days it still holds.

/** Each kind of export's own source, ranked right after its vendor's live rows. */
const SOURCE_OF_KIND: Readonly<Record<ExportKind, MetricSource>> = {
  apple_health: MetricSource.APPLE_HEALTH_EXPORT,
  whoop: MetricSource.WHOOP_EXPORT,
  oura: MetricSource.OURA_EXPORT,
  withings: MetricSource.WITHINGS_EXPORT,
  garmin: MetricSource.GARMIN_EXPORT,
};
const sourceOf = (kind: string) => SOURCE_OF_KIND[kind as ExportKind] ?? MetricSource.APPLE_HEALTH_EXPORT;
/** Apple Health exports run to a few gigabytes for years of Apple Watch data. */
export const MAX_IMPORT_BYTES = 4 * 1024 ** 3;
export const IMPORT_TOO_LARGE = 'That file is larger than 4 GB, more than a health export holds.';

type ImportedDay = DayFigures;

/** What the member is told when a file is not read: what happened, and what to do instead. */
export const IMPORT_PROBLEMS: Readonly<Record<ExportProblem | 'unreadable' | 'interrupted', string>> = {
  not_zip: 'That file is not an export we can read. Upload the zip your Apple Health, Garmin, Whoop, Oura or Withings export came in, or a Garmin .fit file.',
  not_export: 'That zip holds no Apple Health, Garmin, Whoop, Oura or Withings export. Upload the zip exactly as the app or the email gave it to you.',
  truncated: 'That export is incomplete; it may have been cut short while it was copied. Export it again and upload the new file.',
  too_large: 'That file unpacks to far more than a health export holds, so it was not read.',
  damaged: 'A FIT file in that upload is damaged (its checksum does not match), so nothing was read. Copy the files from your watch or Garmin Connect again and upload them.',
  fit_undecodable: 'A FIT file in that upload is complete (its checksum matches) but holds records we cannot decode, so nothing was read. Upload your Garmin Connect export instead.',
  unsafe_xml: 'That export.xml declares entities of its own or points to outside files, which Apple Health’s export never does, so it was not read. Export it again from the Health app and upload the new file.',
  too_many_files: 'That zip holds more than 100,000 files, far more than a health export has, so it was not read.',
  unsafe_names: 'That zip has files whose names point outside it (such as ../), which no health export has, so it was not read.',
  oversized: 'That file has a single value or line millions of characters long, which no health export has, so it was not read.',
  fit_too_large: 'That FIT file is larger than 6 MB, more than a watch’s own files hold (kilobytes to a few megabytes a day), so it was not read. Upload the day’s files from your watch, or your Garmin Connect export.',
  unreadable: 'We couldn’t read that file. Export it again and upload the new file.',
  interrupted: 'Reading that file stopped before it finished (our server restarted). Upload it again.',
};

/** What the member sees before anything is stored. */
export type ImportPreview = {
  records: number;
  first: string | null;
  last: string | null;
  days: number;
  /** Days that hold each measure (only the measures the file has). */
  measures: Partial<Record<MetricField, number>>;
  /** Days new to this member's imported history, and days an earlier import holds that this one replaces. */
  added: number;
  replaced: number;
  /** The devices and apps behind the days, most records first. */
  sources: string[];
  /** Heart-rate readings the file holds, as the 5-minute means that will be stored. */
  heart_rate_means?: number;
  /** What the member is asked about the file's weigh-ins before they are stored; absent when nothing. */
  weigh_ins?: WeighInQuestions;
};

/** One weighing as the preview shows it; `id` is what the confirmation's answers name. */
export type WeighInShown = { id: string; at: string; day: string; kg: number };
export type WeighInQuestions = {
  /** The people of a scale several share, each with the weigh-ins under its profile; empty when all are the member's. */
  people: { id: string; sex: 'male' | 'female' | null; age: number | null; height_cm: number | null; weigh_ins: WeighInShown[]; days: number }[];
  /** The days stored when he is none of them (no weight from the file). */
  days_without: number;
  /** The profile matched to the member (his sex, age and height), or null. */
  person: string | null;
  /** Whether the member must say which person he is (`person` in the confirmation, or 'none'): nothing of theirs is stored before. */
  ask_person: boolean;
  /** Weigh-ins that jump implausibly from the one before ("a typing slip or another person"): stored only if kept. */
  held_back: (WeighInShown & { person: string | null; previous: { at: string; kg: number } })[];
};

/** An import as the API answers it. */
export type ImportView = {
  id: string;
  file_name: string;
  status: 'queued' | 'reading' | 'previewed' | 'done' | 'failed' | 'cancelled';
  progress: number;
  records_read: number;
  days_stored: number;
  first_day: string | null;
  last_day: string | null;
  preview: ImportPreview | null;
  /** Why it failed, in the member's words. */
  message: string | null;
  created_at: string;
};

/** The preview, and until confirmation what to store: the days, and heart-rate means as [minutes since 1970, bpm]. */
type Stored = { summary: ImportPreview; days?: [string, ImportedDay][]; heartRate?: HeartRateMeans; weighIns?: WeighIn[]; choices?: WeighInChoices };

/** The questions a preview asks about the weigh-ins; undefined when it asks none. */
function weighInQuestions(reading: HistoryReading, weighIns: readonly WeighIn[], choices: WeighInChoices): WeighInQuestions | undefined {
  if (!choices.people.length && !choices.heldBack.length) return undefined;
  // How many days the import stores with each answer: the button says it before he presses it.
  const daysWith = (person: string | null) => withWeighIns(reading.days, chosenWeighIns(weighIns, choices, person, new Set())).size;
  const shown = (index: number): WeighInShown => ({ id: weighInId(index), at: weighIns[index]!.at, day: weighIns[index]!.day, kg: weighIns[index]!.kg });
  return {
    people: choices.people.map((p) => ({ id: p.id, sex: p.sex, age: p.age, height_cm: p.heightCm, weigh_ins: weighIns.flatMap((w, i) => (w.person === p.id ? [shown(i)] : [])), days: daysWith(p.id) })),
    days_without: daysWith(null),
    person: choices.person,
    ask_person: choices.people.length > 0 && choices.person === null,
    held_back: choices.heldBack.map(({ index, previous }) => ({ ...shown(index), person: weighIns[index]!.person ?? null, previous: { at: weighIns[previous]!.at, kg: weighIns[previous]!.kg } })),
  };
}

/** The member's answers checked against what the preview asked; a 422 names what is wrong. */
function answersFor(stored: Stored | null, answers: ConfirmImportAnswers): { person: string | null; keep: Set<string> } {
  const choices = stored?.choices;
  const people = new Set(choices?.people.map((p) => p.id) ?? []);
  const heldBack = new Set(choices?.heldBack.map((h) => weighInId(h.index)) ?? []);
  if (answers.person !== undefined && !people.size) throw new ApiError(422, 'This import asks no question about people on a scale.');
  if (answers.person !== undefined && answers.person !== 'none' && !people.has(answers.person)) throw new ApiError(422, 'That person is not on this file’s scale.');
  if (people.size && choices?.person === null && answers.person === undefined) throw new ApiError(422, 'Say which person on the scale you are, or that you are none of them, before importing.');
  const unknown = (answers.keep ?? []).find((id) => !heldBack.has(id));
  if (unknown !== undefined) throw new ApiError(422, 'That weigh-in is not one held back in this import.');
  const person = answers.person ?? choices?.person ?? null;
  return { person: person === 'none' ? null : person, keep: new Set(answers.keep) };
}
type Row = Prisma.HistoryImportGetPayload<true>;

const STATUSES: readonly ImportView['status'][] = ['queued', 'reading', 'previewed', 'done', 'failed', 'cancelled'];

function viewOf(row: Row): ImportView {
  const stored = row.preview as Stored | null;
  return {
    id: row.id,
    file_name: row.fileName,
    status: STATUSES.find((s) => s === row.status) ?? 'failed',
    progress: row.progress,
    records_read: row.recordsRead,
    days_stored: row.daysStored,
    first_day: row.firstDay ? ISO_DAY.fromDate(row.firstDay) : null,
    last_day: row.lastDay ? ISO_DAY.fromDate(row.lastDay) : null,
    preview: stored?.summary ?? null,
    message: row.status === 'failed' ? (IMPORT_PROBLEMS[(row.problem ?? 'unreadable') as keyof typeof IMPORT_PROBLEMS] ?? IMPORT_PROBLEMS.unreadable) : null,
    created_at: row.createdAt.toISOString(),
  };
}

const NOT_FOUND = 'That import was not found.';

/** A 'reading' import whose reading has not moved on for this long was stopped with its job (killed, restarted). */
export const STALLED_IMPORT_MS = 10 * 60_000;

/**
 * Settles the imports left 'reading' by a job that ended without saying so (its process killed or
 * restarted, the server stopped): failed, 'interrupted', their files removed. For one member (as their
 * imports are shown) or all (housekeeping). How many were settled.
 */
export async function settleStalledImports(now = new Date(), userId?: string): Promise<number> {
  const stalled = await db.historyImport.findMany({ where: { ...(userId ? { userId } : {}), status: 'reading', activityAt: { lt: new Date(now.getTime() - STALLED_IMPORT_MS) } }, select: { id: true, storageKey: true } });
  let settled = 0;
  for (const row of stalled) {
    const { count } = await db.historyImport.updateMany({ where: { id: row.id, status: 'reading' }, data: { status: 'failed', problem: 'interrupted', storageKey: null, finishedAt: now } });
    settled += count;
    if (count && row.storageKey) await removeImportFile(row.storageKey).catch(() => undefined);
  }
  return settled;
}

async function ownImport(userId: string, importId: string): Promise<Row> {
  const find = () => db.historyImport.findFirst({ where: { id: importId, userId } });
  let row = await find();
  if (!row) throw new ApiError(404, NOT_FOUND);
  // One whose reading stalled is settled as it is shown (its status polled each second while it reads).
  if (row.status === 'reading' && row.activityAt.getTime() < Date.now() - STALLED_IMPORT_MS) {
    await settleStalledImports(new Date(), userId);
    row = (await find()) ?? row;
  }
  return row;
}

/** What an export's days would add or replace in this member's imported history of that kind. */
export async function previewOf(userId: string, reading: HistoryReading, kind: string): Promise<ImportPreview> {
  const days = [...reading.days.keys()];
  const stored = days.length
    ? await db.dailyMetric.findMany({ where: { userId, source: sourceOf(kind), day: { gte: ISO_DAY.toDate(days[0]!), lte: ISO_DAY.toDate(days.at(-1)!) } }, select: { day: true } })
    : [];
  const held = new Set(stored.map((row) => ISO_DAY.fromDate(row.day)));
  const measures: Partial<Record<MetricField, number>> = {};
  for (const metrics of reading.days.values()) for (const m of METRIC_FIELDS) if (metrics[m] !== null && metrics[m] !== undefined) measures[m] = (measures[m] ?? 0) + 1;
  const replaced = days.filter((day) => held.has(day)).length;
  return {
    records: reading.records,
    first: reading.first,
    last: reading.last,
    days: days.length,
    measures,
    added: days.length - replaced,
    replaced,
    sources: [...reading.sources].sort(([, a], [, b]) => b - a).map(([name]) => name),
    ...(reading.heartRate?.minute.length ? { heart_rate_means: reading.heartRate.minute.length } : {}),
  };
}

/**
 * POST /api/imports: the file written to disk as it arrives, then queued for reading (`queue` puts the
 * job on the queue). The same file as an import already stored answers that import, and adds nothing.
 */
export async function uploadImport(userId: string, body: ReadableStream<Uint8Array>, fileName: string, queue: (importId: string) => Promise<void>): Promise<{ view: ImportView; alreadyImported: boolean }> {
  // The member's files still kept (waiting to be read or confirmed) count against their total: this one
  // may take what is left of it, and at most MAX_IMPORT_BYTES.
  await assertDiskRoom();
  const { _sum } = await db.historyImport.aggregate({ where: { userId, storageKey: { not: null } }, _sum: { sizeBytes: true } });
  const room = maxKeptBytes() - Number(_sum.sizeBytes ?? 0);
  if (room <= 0) throw new ApiError(413, QUOTA_MESSAGES.importsKept);
  const file = room < MAX_IMPORT_BYTES ? await writeImportFile(body, room, QUOTA_MESSAGES.importsKept) : await writeImportFile(body, MAX_IMPORT_BYTES, IMPORT_TOO_LARGE);
  const same = await db.historyImport.findUnique({ where: { userId_sha256: { userId, sha256: file.sha256 } } });
  if (same?.status === 'done') {
    await removeImportFile(file.storageKey);
    return { view: viewOf(same), alreadyImported: true };
  }
  // A try of the same file that failed, was cancelled or is still under way gives way to this one.
  if (same) await removeImport(userId, same.id);
  // One line of ordinary text already (the route refuses any other); its last 120 characters, never half of one.
  const name = [...(fileName.split(/[\\/]/).pop() ?? '').trim()].slice(-120).join('') || 'export.zip';
  const row = await db.historyImport.create({ data: { userId, kind: 'apple_health', fileName: name, sha256: file.sha256, storageKey: file.storageKey, sizeBytes: file.bytes, status: 'queued' } });
  await queue(row.id);
  return { view: viewOf(row), alreadyImported: false };
}

class Cancelled extends Error {}

/**
 * The job: reads the queued file with progress, stopping when the member cancels, and stores the preview.
 * However it ends (read, refused, cancelled, or any error, the file gone included), the import leaves
 * 'reading' before this returns or throws; a job that never returns (its process killed) is settled by
 * settleStalledImports.
 */
export async function runImportRead(importId: string, now: () => number = Date.now): Promise<void> {
  const row = await db.historyImport.findUnique({ where: { id: importId } });
  if (!row || !row.storageKey || (row.status !== 'queued' && row.status !== 'reading')) return;
  noteMember(row.userId);
  const storageKey = row.storageKey;
  await db.historyImport.update({ where: { id: row.id }, data: { status: 'reading', progress: 0, activityAt: new Date(now()) } });
  let bytes = 0;
  let records = 0;
  let size = 0;
  let told = now();
  const report = async () => {
    told = now();
    const { count } = await db.historyImport.updateMany({ where: { id: row.id, status: 'reading' }, data: { progress: size ? Math.min(0.99, bytes / size) : 0, recordsRead: records, activityAt: new Date(told) } });
    if (count === 0) throw new Cancelled();
  };
  async function* counted() {
    for await (const chunk of readImportFile(storageKey) as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (now() - told >= 1000) await report();
      yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length);
    }
  }
  let problem: string = 'unreadable';
  try {
    size = await importFileSize(storageKey);
    // The reading rests between stretches of work, so that the web server keeps answering meanwhile.
    const member = await db.user.findUnique({ where: { id: row.userId }, select: { timeZone: true, gender: true, dateOfBirth: true, heightCm: true } });
    const { kind, reading } = await readHistoryExport(yielding(counted()), (read) => (records = read), member?.timeZone ?? 'UTC');
    // Weigh-ins count in the preview as they would be stored without an answer: a shared scale's only when
    // its profile matched the member, a held-back one not at all.
    const weighIns = reading.weighIns ?? [];
    const body: MemberBody = { sex: member?.gender === 'MALE' ? 'male' : member?.gender === 'FEMALE' ? 'female' : null, born: member?.dateOfBirth ? ISO_DAY.fromDate(member.dateOfBirth) : null, heightCm: member?.heightCm ?? null };
    const choices = weighInChoices(weighIns, reading.people ?? [], body);
    const days = withWeighIns(reading.days, chosenWeighIns(weighIns, choices, choices.person, new Set()));
    const shown: HistoryReading = { ...reading, days, first: [...days.keys()][0] ?? null, last: [...days.keys()].at(-1) ?? null };
    const questions = weighInQuestions(reading, weighIns, choices);
    const summary: ImportPreview = { ...(await previewOf(row.userId, shown, kind)), ...(questions ? { weigh_ins: questions } : {}) };
    const stored: Stored = { summary, days: [...reading.days.entries()], heartRate: reading.heartRate?.minute.length ? reading.heartRate : undefined, ...(weighIns.length ? { weighIns, choices } : {}) };
    await db.historyImport.updateMany({
      where: { id: row.id, status: 'reading' },
      data: { status: 'previewed', kind, progress: 1, recordsRead: reading.records, activityAt: new Date(now()), preview: stored as unknown as Prisma.InputJsonValue, firstDay: shown.first ? ISO_DAY.toDate(shown.first) : null, lastDay: shown.last ? ISO_DAY.toDate(shown.last) : null },
    });
  } catch (error) {
    if (error instanceof Cancelled) return;
    if (error instanceof ExportError) problem = error.problem;
    else console.error(`[imports] reading import ${row.id} failed (${error instanceof Error ? error.name : 'unknown error'})`);
  } finally {
    // Whatever happened above: an import still 'reading' has failed, and a file not needed for a preview goes.
    await db.historyImport.updateMany({ where: { id: row.id, status: 'reading' }, data: { status: 'failed', problem, storageKey: null, finishedAt: new Date(now()) } }).catch(() => undefined);
    const after = await db.historyImport.findUnique({ where: { id: row.id }, select: { status: true } }).catch(() => null);
    if (after?.status !== 'previewed') {
      await removeImportFile(storageKey).catch(() => undefined);
      await db.historyImport.updateMany({ where: { id: row.id, storageKey }, data: { storageKey: null } }).catch(() => undefined);
    }
  }
}

/**
 * POST /api/imports/{id}/confirm: the previewed days stored, in one transaction; the file goes. `answers`: the
 * member's to the preview's questions (which person on a shared scale he is, the held-back weigh-ins he keeps);
 * an import that asked none takes none.
 */
export async function confirmImport(userId: string, importId: string, answers: ConfirmImportAnswers = {}): Promise<ImportView> {
  const row = await ownImport(userId, importId);
  if (row.status !== 'previewed') throw new ApiError(409, row.status === 'done' ? 'That import is already stored.' : 'That import has nothing to store yet.');
  const stored = row.preview as Stored | null;
  const { person, keep } = answersFor(stored, answers);
  const weighIns = stored?.weighIns ?? [];
  const days = stored?.choices && weighIns.length ? [...withWeighIns(new Map(stored.days ?? []), chosenWeighIns(weighIns, stored.choices, person, keep))] : (stored?.days ?? []);
  const done = await db.$transaction(
    async (tx) => {
      // A later file replaces only the measures and days it carries (a Garmin watch's files come one at a
      // time, each with some of a day's measures): the day's other measures stay; the day links to this file.
      const source = sourceOf(row.kind);
      for (let at = 0; at < days.length; at += 1000) {
        const batch = days.slice(at, at + 1000);
        const held = await tx.dailyMetric.findMany({ where: { userId, source, day: { in: batch.map(([day]) => ISO_DAY.toDate(day)) } }, select: { id: true, day: true, steps: true, activeCaloriesKcal: true } });
        const heldRows = new Map(held.map((day) => [ISO_DAY.fromDate(day.day), day]));
        for (const [day, metrics] of batch) {
          const before = heldRows.get(day);
          if (before) await tx.dailyMetric.update({ where: { id: before.id }, data: { ...laterFigures(row.kind, before, metrics), importId: row.id } });
        }
        const fresh = batch.filter(([day]) => !heldRows.has(day));
        if (fresh.length) await tx.dailyMetric.createMany({ data: fresh.map(([day, metrics]) => ({ userId, day: ISO_DAY.toDate(day), source, importId: row.id, ...laterFigures(row.kind, {}, metrics) })) });
      }
      // Heart rate the same way: this file's 5-minute means replace what an earlier import of its kind held for that stretch.
      const minutes = stored?.heartRate?.minute ?? [];
      const bpm = stored?.heartRate?.bpm ?? [];
      if (minutes.length) {
        // Oldest first (the readers sort them).
        await tx.heartRateSample.deleteMany({ where: { userId, source, recordedAt: { gte: new Date(minutes[0]! * 60_000), lte: new Date(minutes.at(-1)! * 60_000) } } });
      }
      for (let at = 0; at < minutes.length; at += 5000) {
        const data = minutes.slice(at, at + 5000).map((minute, i) => ({ userId, source, importId: row.id, recordedAt: new Date(minute * 60_000), bpm: bpm[at + i]! }));
        await tx.heartRateSample.createMany({ data, skipDuplicates: true });
      }
      return tx.historyImport.update({
        where: { id: row.id },
        data: { status: 'done', daysStored: days.length, storageKey: null, preview: { summary: stored?.summary } as unknown as Prisma.InputJsonValue, finishedAt: new Date() },
      });
    },
    { timeout: 60_000 },
  );
  if (row.storageKey) await removeImportFile(row.storageKey);
  return viewOf(done);
}

/** POST /api/imports/{id}/cancel: stops an import before its days are stored (a reading job notices within a second). */
export async function cancelImport(userId: string, importId: string): Promise<ImportView> {
  const row = await ownImport(userId, importId);
  if (!['queued', 'reading', 'previewed'].includes(row.status)) throw new ApiError(409, 'That import can no longer be cancelled.');
  const cancelled = await db.historyImport.update({ where: { id: row.id }, data: { status: 'cancelled', finishedAt: new Date() } });
  // A reading job removes the file itself when it stops.
  if (row.status !== 'reading' && row.storageKey) {
    await removeImportFile(row.storageKey);
    await db.historyImport.update({ where: { id: row.id }, data: { storageKey: null } });
  }
  return viewOf(cancelled);
}

/** DELETE /api/imports/{id}: the import and the days it still holds; anyone else's id is the same 404. */
export async function removeImport(userId: string, importId: string): Promise<{ daysRemoved: number }> {
  const found = await db.historyImport.findFirst({ where: { id: importId, userId }, select: { id: true, storageKey: true, _count: { select: { days: true } } } });
  if (!found) throw new ApiError(404, NOT_FOUND);
  // The days go with it (daily_metrics.importId cascades).
  await db.historyImport.delete({ where: { id: found.id } });
  if (found.storageKey) await removeImportFile(found.storageKey);
  return { daysRemoved: found._count.days };
}

export async function importView(userId: string, importId: string): Promise<ImportView> {
  return viewOf(await ownImport(userId, importId));
}

export async function listImports(userId: string): Promise<ImportView[]> {
  await settleStalledImports(new Date(), userId);
  const rows = await db.historyImport.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 50 });
  return rows.map(viewOf);
}
