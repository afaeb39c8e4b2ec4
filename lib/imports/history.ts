import 'server-only';
import { ISO_DAY } from '@/lib/codecs';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { MetricSource } from '@/lib/generated/prisma/enums';
import type { DayMetrics } from '@/lib/wearables/apple-health-normalise';
import type { ExportReading } from './apple-health-export';

// A history file's days (an Apple Health export, read by ./apple-health-export.ts) previewed, then
// stored: under their own source (APPLE_HEALTH_EXPORT, ranked right after the live Apple Health rows in
// lib/metrics/source-priority.ts, so the per-field priority merges them with connected devices and
// nothing counts twice), each day linked to its import. The same file again (by SHA-256) adds nothing;
// a later file replaces the days it shares with an earlier one; removing an import takes the days it
// still holds, and nothing else.

const SOURCE = MetricSource.APPLE_HEALTH_EXPORT;
const MEASURES = ['steps', 'activeCaloriesKcal', 'restingHeartRateBpm', 'hrvMs', 'weightKg', 'systolicBpMmhg', 'diastolicBpMmhg', 'vo2Max', 'sleepDurationMinutes'] as const satisfies readonly (keyof DayMetrics)[];
type Measure = (typeof MEASURES)[number];

/** What the member sees before anything is stored. */
export type ImportPreview = {
  records: number;
  first: string | null;
  last: string | null;
  days: number;
  /** Days that hold each measure. */
  measures: Record<Measure, number>;
  /** Days new to this member's imported history, and days an earlier import holds that this one replaces. */
  added: number;
  replaced: number;
  /** The devices and apps behind the days, most records first. */
  sources: string[];
  /** This very file was imported before: importing it again adds nothing. */
  alreadyImported: boolean;
};

export async function previewImport(userId: string, reading: ExportReading, sha256: string): Promise<ImportPreview> {
  const days = [...reading.days.keys()];
  const [stored, same] = await Promise.all([
    days.length
      ? db.dailyMetric.findMany({ where: { userId, source: SOURCE, day: { gte: ISO_DAY.toDate(days[0]!), lte: ISO_DAY.toDate(days.at(-1)!) } }, select: { day: true } })
      : [],
    db.historyImport.findUnique({ where: { userId_sha256: { userId, sha256 } }, select: { id: true } }),
  ]);
  const held = new Set(stored.map((row) => ISO_DAY.fromDate(row.day)));
  const measures = Object.fromEntries(MEASURES.map((m) => [m, 0])) as Record<Measure, number>;
  for (const metrics of reading.days.values()) for (const m of MEASURES) if (metrics[m] !== null) measures[m] += 1;
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
    alreadyImported: same !== null,
  };
}

export type StoredImport = { id: string; created: boolean; daysStored: number };

/** Stores the reading's days in one transaction; the same file (sha256) a second time returns the first import. */
export async function storeImport(userId: string, reading: ExportReading, file: { name: string; sha256: string }): Promise<StoredImport> {
  const existing = await db.historyImport.findUnique({ where: { userId_sha256: { userId, sha256: file.sha256 } }, select: { id: true, daysStored: true } });
  if (existing) return { id: existing.id, created: false, daysStored: existing.daysStored };
  const days = [...reading.days.entries()];
  return db.$transaction(
    async (tx) => {
      const created = await tx.historyImport.create({
        data: {
          userId,
          kind: 'apple_health',
          fileName: file.name.slice(0, 200),
          sha256: file.sha256,
          recordsRead: reading.records,
          daysStored: days.length,
          firstDay: reading.first ? ISO_DAY.toDate(reading.first) : null,
          lastDay: reading.last ? ISO_DAY.toDate(reading.last) : null,
        },
        select: { id: true },
      });
      // A later file replaces the days it shares with earlier imports, whole: its figures, its link.
      if (days.length) await tx.dailyMetric.deleteMany({ where: { userId, source: SOURCE, day: { in: days.map(([day]) => ISO_DAY.toDate(day)) } } });
      for (let at = 0; at < days.length; at += 1000) {
        await tx.dailyMetric.createMany({
          data: days.slice(at, at + 1000).map(([day, metrics]) => ({ userId, day: ISO_DAY.toDate(day), source: SOURCE, importId: created.id, ...metrics })),
        });
      }
      return { id: created.id, created: true, daysStored: days.length };
    },
    { timeout: 60_000 },
  );
}

const NOT_FOUND = 'That import was not found.';

/** Removes an import and the days it still holds; anyone else's id is the same 404. */
export async function removeImport(userId: string, importId: string): Promise<{ daysRemoved: number }> {
  const found = await db.historyImport.findFirst({ where: { id: importId, userId }, select: { id: true, _count: { select: { days: true } } } });
  if (!found) throw new ApiError(404, NOT_FOUND);
  // The days go with it (daily_metrics.importId cascades).
  await db.historyImport.delete({ where: { id: found.id } });
  return { daysRemoved: found._count.days };
}
