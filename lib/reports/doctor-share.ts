import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { browserName } from '@/lib/http/browser-name';

// "Prepare for your doctor", the share (the PDF itself: ./doctor-summary.ts): a read-only link to the member's summary PDF,
// for a doctor without an account. Like an API key, the token is shown once and only its SHA-256 is kept,
// so the table gives no working link. A link works for SHARE_DAYS unless revoked; each opening is logged
// (when, and the browser family) and shown to the member.

export const SHARE_DAYS = 7;
/** Links that still work, per member: enough for a GP and a specialist or two, few enough to keep track of. */
export const MAX_ACTIVE_SHARES = 5;
/** The public path a token is opened at (no session needed: app/api/shared/doctor-summary/[token]). */
export const SHARED_SUMMARY_PATH = '/api/shared/doctor-summary';

export const SHARE_LIMIT_MESSAGE = `You already have ${MAX_ACTIVE_SHARES} links that work. Revoke one you no longer need, or wait for one to expire, before you make another.`;
export const SHARE_NOT_FOUND = 'This link has expired or was revoked. Ask the person who sent it for a new one.';
const SHARE_UNKNOWN_TO_OWNER = 'That link was not found.';

const DAY_MS = 86_400_000;
/** The most links /my_results lists (newest first), and the most views it lists for each. */
const LISTED_SHARES = 20;
const LISTED_VIEWS = 50;
/** 32 random bytes in base64url: 43 characters. Anything else is no token of ours. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A refused token's answer is kept out of search engines too (the JSON 404 of lib/api/route.ts, plus these). */
const NOT_FOUND_HEADERS = { 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type ShareStatus = 'active' | 'expired' | 'revoked';

export type DoctorShareSummary = {
  id: string;
  label: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  status: ShareStatus;
  views: { viewed_at: string; browser: string }[];
};

const statusOf = (share: { expiresAt: Date; revokedAt: Date | null }, now: Date): ShareStatus =>
  share.revokedAt ? 'revoked' : share.expiresAt <= now ? 'expired' : 'active';

/**
 * A new link for the member; the only time its token (and so its path) is given out. Refused (409) when
 * MAX_ACTIVE_SHARES still work. The member's row is locked while counting, so parallel requests cannot
 * both take the last place.
 */
export async function createDoctorShare(userId: string, label: string | undefined, now = new Date()): Promise<{ share: DoctorShareSummary; token: string; path: string }> {
  const token = randomBytes(32).toString('base64url');
  const row = await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`;
    const active = await tx.doctorShare.count({ where: { userId, revokedAt: null, expiresAt: { gt: now } } });
    if (active >= MAX_ACTIVE_SHARES) throw new ApiError(409, SHARE_LIMIT_MESSAGE);
    return tx.doctorShare.create({ data: { userId, label: label || null, tokenHash: hashOf(token), createdAt: now, expiresAt: new Date(now.getTime() + SHARE_DAYS * DAY_MS) } });
  });
  return { share: summaryOf({ ...row, views: [] }, now), token, path: `${SHARED_SUMMARY_PATH}/${token}` };
}

function summaryOf(
  share: { id: string; label: string | null; createdAt: Date; expiresAt: Date; revokedAt: Date | null; views: { viewedAt: Date; browser: string }[] },
  now: Date,
): DoctorShareSummary {
  return {
    id: share.id,
    label: share.label,
    created_at: share.createdAt.toISOString(),
    expires_at: share.expiresAt.toISOString(),
    revoked_at: share.revokedAt?.toISOString() ?? null,
    status: statusOf(share, now),
    views: share.views.map((v) => ({ viewed_at: v.viewedAt.toISOString(), browser: v.browser })),
  };
}

/** The member's own links, newest first, each with its status and views (newest first); never a token or hash. */
export async function listDoctorShares(userId: string, now = new Date()): Promise<DoctorShareSummary[]> {
  const rows = await db.doctorShare.findMany({
    where: { userId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: LISTED_SHARES,
    select: {
      id: true,
      label: true,
      createdAt: true,
      expiresAt: true,
      revokedAt: true,
      views: { orderBy: [{ viewedAt: 'desc' }, { id: 'desc' }], take: LISTED_VIEWS, select: { viewedAt: true, browser: true } },
    },
  });
  return rows.map((row) => summaryOf(row, now));
}

/** Stops one of the member's own links at once; someone else's, or none, is a 404 that reveals nothing. Revoking twice is a no-op. */
export async function revokeDoctorShare(userId: string, id: string, now = new Date()): Promise<void> {
  const share = await db.doctorShare.findFirst({ where: { id, userId }, select: { revokedAt: true } });
  if (!share) throw new ApiError(404, SHARE_UNKNOWN_TO_OWNER);
  if (!share.revokedAt) await db.doctorShare.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: now } });
}

/** The member a working token shares, or a 404 (unknown, expired or revoked alike, so a guess learns nothing). */
export async function sharedMember(token: string, now = new Date()): Promise<{ shareId: string; userId: string }> {
  if (!TOKEN_SHAPE.test(token)) throw new ApiError(404, SHARE_NOT_FOUND, { headers: NOT_FOUND_HEADERS });
  const share = await db.doctorShare.findUnique({ where: { tokenHash: hashOf(token) }, select: { id: true, userId: true, expiresAt: true, revokedAt: true } });
  if (!share || statusOf(share, now) !== 'active') throw new ApiError(404, SHARE_NOT_FOUND, { headers: NOT_FOUND_HEADERS });
  return { shareId: share.id, userId: share.userId };
}

/** Logs one opening of a link: when, and the browser's family only (lib/http/browser-name.ts). */
export async function logShareView(shareId: string, userAgent: string | null, now = new Date()): Promise<void> {
  await db.doctorShareView.create({ data: { shareId, viewedAt: now, browser: browserName(userAgent) } });
}
