import 'server-only';
import { db } from '@/lib/db';
import { LIMITS } from '@/lib/rate-limit';
import { listImportFiles, removeImportFile } from '@/lib/imports/files';
import { settleStalledImports } from '@/lib/imports/history';
import { settleStalledReadings } from '@/lib/labs/reading';
import { listUploads, removeUpload } from '@/lib/labs/storage';
import type { StoredObject } from '@/lib/storage/object-store';

// The daily upkeep job (scripts/job-worker.ts, queue `housekeeping`): what nothing else ever removes.

/** A counter whose window ended this long ago counts nothing any more (the longest window is an hour). */
const LONGEST_WINDOW_SECONDS = Math.max(...Object.values(LIMITS).map((limit) => limit.windowSeconds));

/** An upload file this old with no report row is an orphan (a crash between writing it and the row). */
export const ORPHAN_AFTER_MS = 60 * 60 * 1000;

/** Deletes the rate-limit counters whose window is over: each would restart at 1 anyway. */
export async function pruneRateLimits(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - LONGEST_WINDOW_SECONDS * 1000);
  return (await db.rateLimit.deleteMany({ where: { windowStart: { lt: before } } })).count;
}

/**
 * A reminder's log row is what its e-mail's unsubscribe link names, and what stops a second reminder the
 * same day; a year on, neither matters (such an old link then reads as no longer valid).
 */
export const REMINDER_LOG_DAYS = 365;

export async function pruneReminderLogs(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - REMINDER_LOG_DAYS * 24 * 60 * 60 * 1000);
  return (await db.reminderLog.deleteMany({ where: { sentAt: { lt: before } } })).count;
}

/** The security log keeps a year: enough to look back on a season's sign-ins, and no more. */
export const SECURITY_LOG_DAYS = 365;

/**
 * What sign-in leaves behind: WebAuthn challenges and pending second steps past their few
 * minutes (each is refused once expired anyway), remembered browsers past their 30 days, and security-log
 * entries past a year.
 */
export async function pruneSignInLeftovers(now = new Date()): Promise<number> {
  const logBefore = new Date(now.getTime() - SECURITY_LOG_DAYS * 24 * 60 * 60 * 1000);
  const counts = await db.$transaction([
    db.webAuthnChallenge.deleteMany({ where: { expiresAt: { lt: now } } }),
    db.pendingSignIn.deleteMany({ where: { expiresAt: { lt: now } } }),
    db.rememberedBrowser.deleteMany({ where: { expiresAt: { lt: now } } }),
    db.securityEvent.deleteMany({ where: { createdAt: { lt: logBefore } } }),
  ]);
  return counts.reduce((sum, { count }) => sum + count, 0);
}

/**
 * A doctor's share link stops working after 7 days (or when withdrawn); the member keeps seeing it and its
 * openings for a year after that, and then it goes (its views with it).
 */
export const ENDED_SHARE_DAYS = 365;

export async function pruneEndedShares(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ENDED_SHARE_DAYS * 24 * 60 * 60 * 1000);
  return (await db.doctorShare.deleteMany({ where: { OR: [{ expiresAt: { lt: before } }, { revokedAt: { lt: before } }] } })).count;
}

/** Removes the listed files that `needed` does not name, once they are old enough not to be mid-upload. */
async function sweepOrphans(pages: AsyncIterable<StoredObject[]>, needed: (names: string[]) => Promise<(string | null)[]>, remove: (name: string) => Promise<void>, now: Date): Promise<number> {
  let removed = 0;
  for await (const page of pages) {
    const known = new Set(await needed(page.map((file) => file.name)));
    for (const file of page) {
      if (known.has(file.name) || now.getTime() - file.modifiedAt.getTime() < ORPHAN_AFTER_MS) continue;
      await remove(file.name);
      removed += 1;
    }
  }
  return removed;
}

/**
 * Removes upload files that no report row names, once they are old enough not to be mid-upload: on disk by
 * the file's modification time, in a bucket by the object's LastModified. Names this app does not give an
 * upload are left alone.
 */
export function sweepOrphanUploads(now = new Date()): Promise<number> {
  const needed = async (names: string[]) => (await db.labReport.findMany({ where: { storageKey: { in: names } }, select: { storageKey: true } })).map((r) => r.storageKey);
  return sweepOrphans(listUploads(), needed, removeUpload, now);
}

/** The states in which an import still needs its file (lib/imports/history.ts removes it after the others). */
const IMPORT_NEEDS_FILE = ['queued', 'reading', 'previewed'];

/**
 * Removes history files no import still needs, once an hour old: those no import row names (a crash
 * between the upload and its row, an account deleted while a removal failed) and those whose import is
 * stored, failed or cancelled but whose removal did not happen. On disk and in a bucket alike.
 */
export function sweepOrphanImportFiles(now = new Date()): Promise<number> {
  const needed = async (names: string[]) =>
    (await db.historyImport.findMany({ where: { storageKey: { in: names }, status: { in: IMPORT_NEEDS_FILE } }, select: { storageKey: true } })).map((r) => r.storageKey);
  return sweepOrphans(listImportFiles(), needed, removeImportFile, now);
}

export async function runHousekeeping(
  now = new Date(),
): Promise<{ rateLimits: number; reminderLogs: number; signInLeftovers: number; endedShares: number; uploads: number; stalledImports: number; stalledReadings: number }> {
  // Imports left 'reading' by a job that died first: settled, so their files are swept below.
  const stalledImports = await settleStalledImports(now);
  // Blood-test readings no job finished: the review opens for the values to be typed in.
  const stalledReadings = await settleStalledReadings(now);
  const uploads = (await sweepOrphanUploads(now)) + (await sweepOrphanImportFiles(now));
  return { rateLimits: await pruneRateLimits(now), reminderLogs: await pruneReminderLogs(now), signInLeftovers: await pruneSignInLeftovers(now), endedShares: await pruneEndedShares(now), uploads, stalledImports, stalledReadings };
}
