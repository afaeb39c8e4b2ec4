import 'server-only';
import { db } from '@/lib/db';
import type { MetricSource } from '@/lib/generated/prisma/enums';
import type { Wearable } from './providers';

// What every provider's sync shares: the window and progress types, one data request with the
// provider's rate limit waited out, and the upserts that make a rerun add nothing twice.

export type SyncWindow = { from: Date; to: Date };
export type SyncOptions = {
  now?: Date;
  /** Told how far the sync has got (0 to 1) after each page, for the "Syncing" bar on /my_devices. */
  onProgress?: (fraction: number) => Promise<void> | void;
};
export type SyncResult = { days: number; requests: number };
export type RequestCounter = { requests: number };

/** A data call that failed in a way a later retry of the whole job may fix (an outage, a 5xx, too many 429s). */
export class ProviderSyncError extends Error {
  constructor(
    readonly provider: Wearable,
    readonly kind: string,
  ) {
    super(`${provider} sync failed: ${kind}`);
    this.name = 'ProviderSyncError';
  }
}

/** Longest single wait for a rate limit, and how many waits one request may take before the job gives up (and the queue retries it later). */
export const MAX_WAIT_S = 60;
export const MAX_RETRIES = 5;
const REQUEST_TIMEOUT_MS = 20_000;

const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** Seconds to wait from a Retry-After header (delta-seconds or an HTTP date), at least 1 and at most MAX_WAIT_S. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number {
  if (!header) return 1;
  const seconds = Number(header);
  const value = Number.isFinite(seconds) ? seconds : (Date.parse(header) - now) / 1000;
  return Math.min(Math.max(Number.isFinite(value) ? Math.ceil(value) : 1, 1), MAX_WAIT_S);
}

/**
 * One data request, as JSON, with the member's bearer token. HTTP 429 waits for its Retry-After and
 * asks again (at most MAX_RETRIES times); `rateLimitedBody` lets a provider that signals its limit in
 * the body (Withings' status 601) be waited out the same way. Any other non-2xx throws ProviderSyncError.
 */
export async function providerJson(
  provider: Wearable,
  url: URL,
  {
    token,
    counter,
    form,
    rateLimitedBody,
  }: {
    token: () => Promise<string>;
    counter: RequestCounter;
    /** Sent as a form-encoded POST (Withings); a GET otherwise. */
    form?: URLSearchParams;
    /** Seconds to wait when this body means "too many requests", null otherwise. */
    rateLimitedBody?: (body: unknown) => number | null;
  },
): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    counter.requests += 1;
    let response: Response;
    try {
      response = await fetch(url, {
        method: form ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${await token()}`, accept: 'application/json', ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: form,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderSyncError(provider, error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network error');
    }
    if (response.status === 429) {
      await response.body?.cancel();
      if (attempt >= MAX_RETRIES) throw new ProviderSyncError(provider, 'rate limited');
      await wait(retryAfterSeconds(response.headers.get('retry-after')));
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ProviderSyncError(provider, `HTTP ${response.status} on ${url.pathname}`);
    }
    const body: unknown = await response.json().catch(() => {
      throw new ProviderSyncError(provider, `unreadable answer on ${url.pathname}`);
    });
    const limited = rateLimitedBody?.(body) ?? null;
    if (limited !== null) {
      if (attempt >= MAX_RETRIES) throw new ProviderSyncError(provider, 'rate limited');
      await wait(Math.min(Math.max(limited, 1), MAX_WAIT_S));
      continue;
    }
    return body;
  }
}

/** The daily-metric columns a provider can fill. */
export type DayFields = {
  sleepScore?: number;
  sleepDurationMinutes?: number;
  steps?: number;
  activeCaloriesKcal?: number;
  totalCaloriesKcal?: number;
  restingHeartRateBpm?: number;
  hrvMs?: number;
  stressScore?: number;
  recoveryScore?: number;
  respiratoryRateBpm?: number;
  weightKg?: number;
  bodyFatPercent?: number;
  systolicBpMmhg?: number;
  diastolicBpMmhg?: number;
};

const INT_FIELDS = ['sleepScore', 'sleepDurationMinutes', 'steps', 'activeCaloriesKcal', 'totalCaloriesKcal', 'recoveryScore', 'systolicBpMmhg', 'diastolicBpMmhg'] as const;
const FLOAT_FIELDS = ['restingHeartRateBpm', 'hrvMs', 'stressScore', 'respiratoryRateBpm', 'weightKg', 'bodyFatPercent'] as const;
const FIELDS = [...INT_FIELDS, ...FLOAT_FIELDS] as const satisfies readonly (keyof DayFields)[];
const quoted = (field: string) => `"${field}"`;

// One statement for a whole page of days: the columns travel as arrays (unnest), and a day already
// stored keeps each column this page does not give (COALESCE), so several endpoints each fill their
// part of a day. About 30 times faster than an upsert per day on this machine (npm run bench:sync).
const UPSERT_DAYS = `
  INSERT INTO daily_metrics (id, "userId", day, source, ${FIELDS.map(quoted).join(', ')}, "createdAt", "updatedAt")
  SELECT gen_random_uuid()::text, $1, d.day, $2::"MetricSource", ${FIELDS.map((f) => `d.${quoted(f)}`).join(', ')}, now(), now()
  FROM unnest($3::date[], ${FIELDS.map((f, i) => `$${i + 4}::${INT_FIELDS.includes(f as never) ? 'integer' : 'double precision'}[]`).join(', ')})
    AS d(day, ${FIELDS.map(quoted).join(', ')})
  ON CONFLICT ("userId", day, source) DO UPDATE SET
    ${FIELDS.map((f) => `${quoted(f)} = COALESCE(EXCLUDED.${quoted(f)}, daily_metrics.${quoted(f)})`).join(',\n    ')},
    "updatedAt" = now()`;

/**
 * Upserts days (YYYY-MM-DD → fields) for one user and source, in one statement. Only the fields given
 * are written, so several endpoints can each fill their part of the same day, and writing a day again
 * changes nothing.
 */
export async function storeDays(userId: string, source: MetricSource, days: ReadonlyMap<string, DayFields>): Promise<void> {
  const rows = [...days].filter(([, fields]) => FIELDS.some((field) => fields[field] !== undefined));
  if (rows.length === 0) return;
  const column = (field: (typeof FIELDS)[number]) =>
    rows.map(([, fields]) => {
      const value = fields[field];
      if (value === undefined || !Number.isFinite(value)) return null;
      return INT_FIELDS.includes(field as never) ? Math.round(value) : value;
    });
  // The database's enum labels are the lower-case names (@map in schema.prisma).
  await db.$executeRawUnsafe(UPSERT_DAYS, userId, source.toLowerCase(), rows.map(([day]) => day), ...FIELDS.map(column));
}

/** Inserts heart-rate samples; one already stored (same user, instant and source) is skipped. */
export async function storeHeartRates(userId: string, source: MetricSource, samples: readonly { recordedAt: Date; bpm: number }[]): Promise<number> {
  if (samples.length === 0) return 0;
  const { count } = await db.heartRateSample.createMany({ data: samples.map((s) => ({ userId, source, recordedAt: s.recordedAt, bpm: s.bpm })), skipDuplicates: true });
  return count;
}

/**
 * Progress through a sync of `steps` equal parts: `step` of them done (0-based) and, within the current
 * one, `covered` of the window's time. Each provider's sync reports it after each page.
 */
export function progressOf(step: number, steps: number, window: SyncWindow, covered: number): number {
  const span = Math.max(window.to.getTime() - window.from.getTime(), 1);
  const within = Math.min(Math.max(covered / span, 0), 1);
  return Math.min((step + within) / steps, 1);
}
