// An Apple Health export imported into a member's history (lib/imports/history.ts over
// lib/imports/apple-health-export.ts): the preview before anything is stored, the days stored under their
// own source and merged with a connected device's by the per-field priority, the same file twice adding
// nothing, a later file replacing the days it shares, removal taking exactly the import's days, and a bad
// file storing nothing.
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { mergedDays } from '@/lib/dashboard/merged-metrics';
import { db } from '@/lib/db';
import { ExportError, readAppleHealthExport } from '@/lib/imports/apple-health-export';
import { previewImport, removeImport, storeImport } from '@/lib/imports/history';
import { exportXml, exportZip, recordXml } from '../support/apple-health-export';
import { addDailyMetrics, createMember } from '../support/members';

afterAll(() => db.$disconnect());

const STEPS = 'HKQuantityTypeIdentifierStepCount';
const WEIGHT = 'HKQuantityTypeIdentifierBodyMass';
const SLEEP = 'HKCategoryTypeIdentifierSleepAnalysis';

/** An export of `days` consecutive days from 1 March 2026: steps 8,000 + 100 a day, a weighing, a 7-hour night. */
function exportOf(days: number, stepsBase = 8000): Uint8Array {
  const records: string[] = [];
  for (let i = 0; i < days; i += 1) {
    const day = new Date(Date.UTC(2026, 2, 1 + i)).toISOString().slice(0, 10);
    records.push(recordXml({ type: STEPS, value: stepsBase + 100 * i, unit: 'count', start: `${day} 12:00:00 +0000` }));
    records.push(recordXml({ type: WEIGHT, value: 90 - i / 10, unit: 'kg', start: `${day} 07:00:00 +0000`, source: 'Withings' }));
    records.push(recordXml({ type: SLEEP, value: 'HKCategoryValueSleepAnalysisAsleepCore', start: `${day} 00:00:00 +0000`, end: `${day} 07:00:00 +0000` }));
  }
  return exportZip(exportXml(records.join('')));
}

async function imported(bytes: Uint8Array, userId: string, name = 'export.zip') {
  const reading = await readAppleHealthExport([bytes]);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { reading, sha256, preview: await previewImport(userId, reading, sha256), store: () => storeImport(userId, reading, { name, sha256 }) };
}

const storedDays = (userId: string) => db.dailyMetric.count({ where: { userId, source: 'APPLE_HEALTH_EXPORT' } });

describe('importing an Apple Health export', () => {
  it('previews the date range, days and measures and what will be added, before storing anything', async () => {
    const { id } = await createMember();
    const { preview } = await imported(exportOf(10), id);
    expect(preview).toEqual({
      records: 30,
      first: '2026-03-01',
      last: '2026-03-10',
      days: 10,
      measures: { steps: 10, activeCaloriesKcal: 0, restingHeartRateBpm: 0, hrvMs: 0, weightKg: 10, systolicBpMmhg: 0, diastolicBpMmhg: 0, vo2Max: 0, sleepDurationMinutes: 10 },
      added: 10,
      replaced: 0,
      sources: ['Alex’s Apple Watch', 'Withings'],
      alreadyImported: false,
    });
    expect(await storedDays(id)).toBe(0);
    expect(await db.historyImport.count({ where: { userId: id } })).toBe(0);
  });

  it('stores each day once under its own source; the same file again adds nothing, and its preview says so', async () => {
    const { id } = await createMember();
    const file = exportOf(10);
    const first = await imported(file, id);
    expect(await first.store()).toMatchObject({ created: true, daysStored: 10 });
    const row = await db.dailyMetric.findFirstOrThrow({ where: { userId: id, source: 'APPLE_HEALTH_EXPORT', day: new Date('2026-03-03T00:00:00Z') } });
    expect(row).toMatchObject({ steps: 8200, weightKg: 89.8, sleepDurationMinutes: 420 });

    const again = await imported(file, id);
    expect(again.preview).toMatchObject({ alreadyImported: true, added: 0, replaced: 10 });
    expect(await again.store()).toMatchObject({ created: false, daysStored: 10 });
    expect(await storedDays(id)).toBe(10);
    expect(await db.historyImport.count({ where: { userId: id } })).toBe(1);
  });

  it('merges with a connected device’s days by the per-field priority: the live source first, the import filling in', async () => {
    const { id } = await createMember();
    // Withings weighs on 1–3 March; Oura sleeps on 2 March.
    await addDailyMetrics(id, ['2026-03-01', '2026-03-02', '2026-03-03'], () => ({ weightKg: 95 }), 'WITHINGS');
    await addDailyMetrics(id, ['2026-03-02'], () => ({ sleepDurationMinutes: 450 }), 'OURA');
    await (await imported(exportOf(5), id)).store();
    const days = await mergedDays(id, '2026-03-01', '2026-03-05', ['weightKg', 'steps', 'sleepDurationMinutes']);
    expect(days.map((d) => [d.day, d.weightKg, d.sources.weightKg, d.steps, d.sources.steps, d.sleepDurationMinutes, d.sources.sleepDurationMinutes])).toEqual([
      ['2026-03-01', 95, 'WITHINGS', 8000, 'APPLE_HEALTH_EXPORT', 420, 'APPLE_HEALTH_EXPORT'],
      ['2026-03-02', 95, 'WITHINGS', 8100, 'APPLE_HEALTH_EXPORT', 450, 'OURA'],
      ['2026-03-03', 95, 'WITHINGS', 8200, 'APPLE_HEALTH_EXPORT', 420, 'APPLE_HEALTH_EXPORT'],
      ['2026-03-04', 89.7, 'APPLE_HEALTH_EXPORT', 8300, 'APPLE_HEALTH_EXPORT', 420, 'APPLE_HEALTH_EXPORT'],
      ['2026-03-05', 89.6, 'APPLE_HEALTH_EXPORT', 8400, 'APPLE_HEALTH_EXPORT', 420, 'APPLE_HEALTH_EXPORT'],
    ]);
  });

  it('lets a later file replace the days it shares; removing an import takes exactly the days it still holds', async () => {
    const { id } = await createMember();
    const other = await createMember();
    const older = await (await imported(exportOf(10), id, 'march.zip')).store();
    await (await imported(exportOf(10), other.id)).store();
    // A newer export of the first 4 days only, with other step counts.
    const newer = await imported(exportOf(4, 9000), id, 'newer.zip');
    expect(newer.preview).toMatchObject({ days: 4, added: 0, replaced: 4 });
    const stored = await newer.store();
    expect(await db.dailyMetric.count({ where: { importId: older.id } })).toBe(6);
    expect(await db.dailyMetric.count({ where: { importId: stored.id } })).toBe(4);
    expect((await db.dailyMetric.findFirstOrThrow({ where: { userId: id, source: 'APPLE_HEALTH_EXPORT', day: new Date('2026-03-01T00:00:00Z') } })).steps).toBe(9000);

    // Someone else's import id removes nothing.
    await expect(removeImport(other.id, older.id)).rejects.toMatchObject({ status: 404 });
    expect(await removeImport(id, older.id)).toEqual({ daysRemoved: 6 });
    expect(await storedDays(id)).toBe(4);
    expect(await storedDays(other.id)).toBe(10);
    expect(await removeImport(id, stored.id)).toEqual({ daysRemoved: 4 });
    expect(await storedDays(id)).toBe(0);
    expect(await db.historyImport.count({ where: { userId: id } })).toBe(0);
  });

  it('stores nothing from a file that is not a whole export', async () => {
    const { id } = await createMember();
    const full = exportXml(recordXml({ type: STEPS, value: 812, unit: 'count', start: '2026-03-01 08:00:00 +0000' }).repeat(40));
    for (const bytes of [new TextEncoder().encode('not a zip'), exportZip(full.slice(0, full.length - 40)), exportZip('<Workbook/>')]) {
      await expect(readAppleHealthExport([bytes])).rejects.toBeInstanceOf(ExportError);
    }
    expect(await storedDays(id)).toBe(0);
    expect(await db.historyImport.count({ where: { userId: id } })).toBe(0);
  });
});
