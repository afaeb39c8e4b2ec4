import 'server-only';
import { readdir, stat } from 'node:fs/promises';
import { db } from '@/lib/db';
import { LIMITS } from '@/lib/rate-limit';
import { removeUpload, uploadPath, uploadsDir } from '@/lib/labs/storage';

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

/** Removes upload files that no report row names, once they are old enough not to be mid-upload. */
export async function sweepOrphanUploads(now = new Date()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(uploadsDir());
  } catch {
    return 0; // Nothing was ever uploaded.
  }
  const ours = names.filter((name) => {
    try {
      uploadPath(name);
      return true;
    } catch {
      return false; // Not a name this app writes: left alone.
    }
  });
  if (!ours.length) return 0;
  const known = new Set((await db.labReport.findMany({ where: { storageKey: { in: ours } }, select: { storageKey: true } })).map((r) => r.storageKey));
  let removed = 0;
  for (const name of ours) {
    if (known.has(name)) continue;
    const { mtimeMs } = await stat(uploadPath(name));
    if (now.getTime() - mtimeMs < ORPHAN_AFTER_MS) continue;
    await removeUpload(name);
    removed += 1;
  }
  return removed;
}

export async function runHousekeeping(now = new Date()): Promise<{ rateLimits: number; reminderLogs: number; uploads: number }> {
  return { rateLimits: await pruneRateLimits(now), reminderLogs: await pruneReminderLogs(now), uploads: await sweepOrphanUploads(now) };
}
