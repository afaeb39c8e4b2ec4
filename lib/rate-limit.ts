import 'server-only';
import { createHash } from 'node:crypto';
import { ApiError } from '@/lib/errors';
import { db } from '@/lib/db';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client-address';

export type Limit = {
  name: string;
  identifier: string;
  max: number;
  windowSeconds: number;
  /**
   * Counts failed attempts only. The attempt is still counted before it runs (so a burst of parallel
   * guesses cannot slip past the limit while the first ones are being checked) and handed back once it
   * has succeeded.
   */
  failuresOnly?: true;
};

// The limits of the accounts area; each counts every attempt unless it is marked `failuresOnly`.
export const LIMITS = {
  /** Failed sign-ins to one account from browsers that have never signed in to it. */
  loginPerEmail: { max: 10, windowSeconds: 15 * 60, failuresOnly: true },
  /** Failed sign-ins from one browser that holds the account's device cookie. */
  loginPerDevice: { max: 10, windowSeconds: 15 * 60, failuresOnly: true },
  /** Wrong second-step codes (authenticator or recovery) for one account, on top of 5 per pending sign-in. */
  secondStepPerUser: { max: 10, windowSeconds: 15 * 60, failuresOnly: true },
  /** Step-up proofs that failed, per member: a stolen session cannot guess the code or password. */
  stepUpPerUser: { max: 10, windowSeconds: 15 * 60, failuresOnly: true },
  /** Passkey ceremonies started from one address (each keeps a challenge for 5 minutes; /login starts one per visit for the autofill, and an office shares one address). */
  passkeyPerIp: { max: 300, windowSeconds: 15 * 60 },
  /** Current-password checks when changing the e-mail or password of a signed-in account. */
  credentialChangePerUser: { max: 10, windowSeconds: 15 * 60 },
  /** Failed sign-ins from one address (many members can share one, behind an office's or a phone network's NAT). */
  loginPerIp: { max: 30, windowSeconds: 15 * 60, failuresOnly: true },
  registerPerIp: { max: 10, windowSeconds: 60 * 60 },
  forgotPasswordPerEmail: { max: 5, windowSeconds: 60 * 60 },
  /** Checkout and billing-portal sessions: each is a call to Stripe. */
  billingPerUser: { max: 30, windowSeconds: 60 * 60 },
  /** Reflection chat turns: each may be a call to the model. A day's chat needs at most 20 messages. */
  reflectionPerUser: { max: 60, windowSeconds: 60 * 60 },
  /** Wearable calls that reach a provider (a submitted token checked, a sync asked for). */
  wearablePerUser: { max: 30, windowSeconds: 60 * 60 },
  /** Blood-test uploads: each is up to 10 MB on disk and a PDF to read. */
  labUploadPerUser: { max: 20, windowSeconds: 60 * 60 },
  /** Data exports: each reads the member's whole history. */
  exportPerUser: { max: 10, windowSeconds: 60 * 60 },
  /** Doctor's summary share links made (at most 5 work at once; this stops making and withdrawing in a loop). */
  doctorSharePerUser: { max: 20, windowSeconds: 60 * 60 },
  /** Openings of shared summaries from one address: each makes a PDF. A practice's shared address stays well under it. */
  sharedSummaryPerIp: { max: 60, windowSeconds: 60 * 60 },
} as const;

function keyOf(limit: Limit): string {
  // Identifiers (e-mails, addresses) are hashed so the table holds no personal data.
  return `${limit.name}:${createHash('sha256').update(limit.identifier.toLowerCase()).digest('hex')}`;
}

/** Counts one attempt against `limit`; answers how many seconds remain when it is over. */
async function hit(limit: Limit): Promise<number | null> {
  const rows = await db.$queryRaw<{ count: number; retry_after: number }[]>`
    INSERT INTO rate_limits (key, "windowStart", count) VALUES (${keyOf(limit)}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits."windowStart" <= now() - make_interval(secs => ${limit.windowSeconds})
                   THEN 1 ELSE rate_limits.count + 1 END,
      "windowStart" = CASE WHEN rate_limits."windowStart" <= now() - make_interval(secs => ${limit.windowSeconds})
                   THEN now() ELSE rate_limits."windowStart" END
    RETURNING count,
      GREATEST(1, CEIL(EXTRACT(EPOCH FROM ("windowStart" + make_interval(secs => ${limit.windowSeconds}) - now()))))::int AS retry_after`;
  const row = rows[0]!;
  return row.count > limit.max ? row.retry_after : null;
}

/** Counts the attempt against every limit, and refuses it with 429 and Retry-After past any of them. */
export async function enforceLimits(limits: Limit[], action: string): Promise<void> {
  let retryAfter = 0;
  for (const limit of limits) retryAfter = Math.max(retryAfter, (await hit(limit)) ?? 0);
  if (retryAfter > 0) {
    const minutes = Math.ceil(retryAfter / 60);
    throw new ApiError(429, `Too many ${action} attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
}

/** Hands back the attempt a `failuresOnly` limit counted, now that it has succeeded. */
export async function refundSuccesses(limits: Limit[]): Promise<void> {
  for (const limit of limits.filter((l) => l.failuresOnly)) {
    await db.$executeRaw`UPDATE rate_limits SET count = GREATEST(count - 1, 0) WHERE key = ${keyOf(limit)}`;
  }
}

/**
 * The client's address, as server.mjs resolved it from the socket or the nearest trusted proxy
 * (TRUSTED_PROXY_COUNT) and wrote over anything the client sent. Served any other way, every client
 * shares one bucket: the limits then err on the side of refusing.
 */
export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown';
}
