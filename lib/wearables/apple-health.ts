import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { db } from '@/lib/db';
import { MetricSource } from '@/lib/generated/prisma/enums';
import { ISO_DAY } from '@/lib/codecs';
import { addDays } from '@/lib/days';
import { nightsOf } from './sleep-sessions';
import { dayMetrics, dayOf, hasAny, heartRates, HK, isPlausible, type Sample } from './apple-health-normalise';

const DAY_MS = 86_400_000;

// Apple Health has no cloud API: the companion iOS app posts HealthKit samples with a per-device API
// token the user makes (and revokes) on /my_devices. Samples are kept by their UUID, so a resend adds
// nothing, and each day they touch is recomputed from all of its samples (docs/api/apple-health.md).

export const MAX_SAMPLES = 1_000;
const TOKEN_PREFIX = 'vtd_';
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const UNKNOWN_TOKEN = 'Unknown device token.';
export const REVOKED_TOKEN = 'This device token was revoked. Make a new one on My devices.';
export const OTHER_USER = 'This device token belongs to another account.';

export const ingestSchema = z.object({
  /** Optional: the account the app believes it is signed in to; a token of another account is refused. */
  user_id: z.string().max(40).optional(),
  samples: z
    .array(
      z.object({
        uuid: z.string().trim().min(1).max(64),
        type: z.string().trim().min(1).max(100),
        value: z.number(),
        unit: z.string().trim().min(1).max(20),
        start: z.iso.datetime({ offset: true }),
        end: z.iso.datetime({ offset: true }),
      }),
      { error: 'Send samples as a list.' },
    )
    .min(1, 'Send at least one sample.')
    .max(MAX_SAMPLES, `Send at most ${MAX_SAMPLES} samples at a time.`),
});
export type IngestBody = z.output<typeof ingestSchema>;

/** A new device token for the user: the only time its value is shown. */
export async function createDeviceToken(userId: string, name: string): Promise<{ id: string; token: string; name: string; created_at: string }> {
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db.deviceToken.create({ data: { userId, name, tokenHash: hashOf(token) } });
  return { id: row.id, token, name: row.name, created_at: row.createdAt.toISOString() };
}

export async function listDeviceTokens(userId: string) {
  const rows = await db.deviceToken.findMany({ where: { userId, revokedAt: null }, orderBy: { createdAt: 'desc' }, select: { id: true, name: true, createdAt: true, lastUsedAt: true } });
  return rows.map((r) => ({ id: r.id, name: r.name, created_at: r.createdAt.toISOString(), last_used_at: r.lastUsedAt?.toISOString() ?? null }));
}

/** Revokes one of the user's own tokens; someone else's, or none, is a 404 that reveals nothing. */
export async function revokeDeviceToken(userId: string, id: string): Promise<void> {
  const { count } = await db.deviceToken.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count === 0) throw new ApiError(404, 'Device token not found.');
}

/** The token's owner, from `Authorization: Bearer …`: 401 for none, an unknown or a revoked token. */
export async function deviceTokenOwner(request: Request): Promise<{ tokenId: string; userId: string }> {
  const header = request.headers.get('authorization') ?? '';
  const token = /^Bearer\s+(\S{1,200})$/i.exec(header)?.[1];
  if (!token) throw new ApiError(401, UNKNOWN_TOKEN, { code: 'invalid_token', headers: { 'WWW-Authenticate': 'Bearer' } });
  const row = await db.deviceToken.findUnique({ where: { tokenHash: hashOf(token) }, select: { id: true, userId: true, revokedAt: true } });
  if (!row) throw new ApiError(401, UNKNOWN_TOKEN, { code: 'invalid_token', headers: { 'WWW-Authenticate': 'Bearer' } });
  if (row.revokedAt) throw new ApiError(401, REVOKED_TOKEN, { code: 'invalid_token', headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' } });
  return { tokenId: row.id, userId: row.userId };
}

/** The local calendar date an ISO date-time with its offset was written in ("2026-04-10T21:30:00-04:00" → 2026-04-10). */
const writtenDay = (iso: string) => iso.slice(0, 10);

/**
 * Stores a batch (new UUIDs only) and recomputes every day it touches, in one transaction. A sample's day
 * is the local date it was sent with (sleep: of its end), as for history imports (docs/integrations/
 * history-imports.md §6); a night is one sleep session on the day it ends, so the days beside a night's
 * are recomputed too (a night's first segments, before midnight, move to the day it ends once the rest arrive).
 */
export async function ingest(owner: { tokenId: string; userId: string }, body: IngestBody, now = new Date()): Promise<{ received: number; stored: number; days: string[] }> {
  if (body.user_id && body.user_id !== owner.userId) throw new ApiError(403, OTHER_USER);
  const samples = body.samples.map((s) => ({ uuid: s.uuid, type: s.type, value: s.value, unit: s.unit, startAt: new Date(s.start), endAt: new Date(s.end), day: ISO_DAY.toDate(writtenDay(s.type === HK.sleep ? s.end : s.start)) }));
  if (samples.some((s) => !Number.isFinite(s.value) || s.endAt < s.startAt)) throw new ApiError(422, 'Each sample needs a number and an end no earlier than its start.');
  if (!samples.every(isPlausible)) throw new ApiError(422, 'A sample’s value is outside what its type can measure.');
  const touched = samples.flatMap((s) => {
    const day = ISO_DAY.fromDate(s.day);
    return s.type === HK.sleep ? [addDays(day, -1), day, addDays(day, 1)] : [day];
  });
  const days = [...new Set(touched)].sort();
  const { userId } = owner;

  const stored = await db.$transaction(
    async (tx) => {
      const { count } = await tx.healthSample.createMany({ data: samples.map((s) => ({ userId, ...s })), skipDuplicates: true });
      // The nights around every day to rebuild, from one read: a night's segments end at most two days either side.
      const first = ISO_DAY.toDate(days[0]!);
      const last = ISO_DAY.toDate(days.at(-1)!);
      const sleep = await tx.healthSample.findMany({
        where: { userId, type: HK.sleep, endAt: { gte: new Date(first.getTime() - 2 * DAY_MS), lt: new Date(last.getTime() + 3 * DAY_MS) } },
        select: { value: true, startAt: true, endAt: true, day: true },
      });
      const nights = nightsOf(
        sleep.map((s) => ({ start: s.startAt.getTime(), end: s.endAt.getTime(), stage: s.value, source: 0, endDay: s.day ? ISO_DAY.fromDate(s.day) : dayOf({ type: HK.sleep, value: s.value, unit: '', startAt: s.startAt, endAt: s.endAt }) })),
        () => 0,
      );
      for (const day of days) {
        const from = ISO_DAY.toDate(day);
        const to = new Date(from.getTime() + DAY_MS);
        // Samples stored before their local day was kept count on their UTC day.
        const daySamples: Sample[] = await tx.healthSample.findMany({
          where: { userId, type: { not: HK.sleep }, OR: [{ day: from }, { day: null, startAt: { gte: from, lt: to } }] },
          select: { type: true, value: true, unit: true, startAt: true, endAt: true },
        });
        const night = nights.get(day);
        const fields = {
          ...dayMetrics(daySamples),
          sleepDurationMinutes: night?.asleepMinutes ?? null,
          sleepDeepMinutes: night?.deepMinutes ?? null,
          sleepLightMinutes: night?.lightMinutes ?? null,
          sleepRemMinutes: night?.remMinutes ?? null,
          sleepAwakeMinutes: night?.awakeMinutes ?? null,
        };
        const where = { userId_day_source: { userId, day: from, source: MetricSource.APPLE_HEALTH } };
        if (hasAny(fields)) await tx.dailyMetric.upsert({ where, create: { userId, day: from, source: MetricSource.APPLE_HEALTH, ...fields }, update: fields });
        // A day left with nothing (a night's first segments, now on the day the night ends) keeps no row.
        else await tx.dailyMetric.deleteMany({ where: { userId, day: from, source: MetricSource.APPLE_HEALTH } });
        const rates = heartRates(daySamples);
        if (rates.length) await tx.heartRateSample.createMany({ data: rates.map((r) => ({ userId, source: MetricSource.APPLE_HEALTH, ...r })), skipDuplicates: true });
      }
      await tx.deviceToken.update({ where: { id: owner.tokenId }, data: { lastUsedAt: now } });
      return count;
    },
    { timeout: 30_000 },
  );
  return { received: samples.length, stored, days: [...new Set(samples.map((s) => ISO_DAY.fromDate(s.day)))].sort() };
}
