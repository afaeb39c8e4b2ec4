import 'server-only';
import { mkdir, statfs } from 'node:fs/promises';
import { db } from '@/lib/db';
import { env } from '@/lib/env';
import { ApiError } from '@/lib/errors';
import { uploadsDir } from '@/lib/labs/storage';

// What one member may have of the app's storage, and what the disk keeps back: at most UPLOADS_IN_FLIGHT
// uploads on their way at once (a lease per slot in upload_leases, shared by every instance), at most
// UPLOADS_MAX_KEPT_MB of history files waiting and as much of blood-test reports kept, and nothing
// written once the disk under UPLOADS_DIR has less than UPLOADS_MIN_FREE_MB free.

/** Uploads (history files and blood-test reports together) one member may have on their way at once. */
export const UPLOADS_IN_FLIGHT = 2;
/** A lease lasts this long unless renewed; the upload renews it every LEASE_RENEW_MS while it runs. */
const LEASE_SECONDS = 120;
const LEASE_RENEW_MS = 30_000;
/** How often an upload on its way looks at the disk's free space. */
export const DISK_CHECK_EVERY_BYTES = 64 * 1024 ** 2;

export const QUOTA_MESSAGES = {
  inFlight: 'Two of your files are still on their way to us. Wait for one of them to finish, then send this one.',
  diskFull: 'We can’t take files just now: our storage is nearly full. Nothing was saved. Please try again in a little while.',
  importsKept: 'Your history files waiting to be read or confirmed already take all the room we keep for one member. Confirm or remove one on My devices, then send this file.',
  reportsKept: 'Your blood-test reports already take all the room we keep for one member. Remove an old report, then send this one.',
} as const;

/** The most one member may keep, in bytes, of each kind (UPLOADS_MAX_KEPT_MB). */
export const maxKeptBytes = (): number => env.UPLOADS_MAX_KEPT_MB * 1024 ** 2;

/**
 * Runs `upload` holding one of the member's UPLOADS_IN_FLIGHT slots; 429 when both are held. A slot is a
 * row of upload_leases taken with one statement (inserted, or taken over once its lease has run out), so
 * two instances never hand out the same one; a holder that dies frees it within LEASE_SECONDS.
 */
export async function withUploadSlot<T>(userId: string, upload: () => Promise<T>): Promise<T> {
  let slot: number | null = null;
  for (let candidate = 1; candidate <= UPLOADS_IN_FLIGHT && slot === null; candidate += 1) {
    const taken = await db.$executeRaw`
      INSERT INTO upload_leases ("userId", slot, "expiresAt") VALUES (${userId}, ${candidate}, now() + make_interval(secs => ${LEASE_SECONDS}))
      ON CONFLICT ("userId", slot) DO UPDATE SET "expiresAt" = EXCLUDED."expiresAt" WHERE upload_leases."expiresAt" < now()`;
    if (taken === 1) slot = candidate;
  }
  if (slot === null) throw new ApiError(429, QUOTA_MESSAGES.inFlight);
  const held = slot;
  const renew = setInterval(() => {
    db.$executeRaw`UPDATE upload_leases SET "expiresAt" = now() + make_interval(secs => ${LEASE_SECONDS}) WHERE "userId" = ${userId} AND slot = ${held}`.catch(() => undefined);
  }, LEASE_RENEW_MS);
  renew.unref();
  try {
    return await upload();
  } finally {
    clearInterval(renew);
    await db.$executeRaw`DELETE FROM upload_leases WHERE "userId" = ${userId} AND slot = ${held}`.catch(() => undefined);
  }
}

/** 413 (in the member's words) when a report of `bytes` would take the member's kept reports past UPLOADS_MAX_KEPT_MB. */
export async function assertReportRoom(userId: string, bytes: number): Promise<void> {
  const { _sum } = await db.labReport.aggregate({ where: { userId }, _sum: { sizeBytes: true } });
  if ((_sum.sizeBytes ?? 0) + bytes > maxKeptBytes()) throw new ApiError(413, QUOTA_MESSAGES.reportsKept);
}

/** Bytes free to the app on the disk under UPLOADS_DIR; null with a bucket (S3_BUCKET) or with the check off. */
async function freeDiskBytes(): Promise<number | null> {
  if (env.S3_BUCKET || env.UPLOADS_MIN_FREE_MB === 0) return null;
  const dir = uploadsDir();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const { bavail, bsize } = await statfs(dir);
  return Number(bavail) * Number(bsize);
}

/** 507 (in the member's words) when the disk under UPLOADS_DIR has less than UPLOADS_MIN_FREE_MB free. */
export async function assertDiskRoom(): Promise<void> {
  const free = await freeDiskBytes();
  if (free !== null && free < env.UPLOADS_MIN_FREE_MB * 1024 ** 2) throw new ApiError(507, QUOTA_MESSAGES.diskFull);
}

/**
 * The body passed through, with the disk's free space looked at every DISK_CHECK_EVERY_BYTES: an upload
 * that would take the disk below its floor stops there (507), and the store removes what it wrote.
 */
export async function* watchingDisk(body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let since = 0;
  for await (const chunk of body) {
    since += chunk.byteLength;
    if (since >= DISK_CHECK_EVERY_BYTES) {
      since = 0;
      await assertDiskRoom();
    }
    yield chunk;
  }
}
