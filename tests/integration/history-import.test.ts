// An Apple Health export imported into a member's history (lib/imports/history.ts over
// lib/imports/apple-health-export.ts), the way the routes and the job run it: the upload written to disk,
// the reading job with its progress and preview (nothing stored yet), confirmation storing the days under
// their own source, merged with a connected device's by the per-field priority; the same file twice adding
// nothing, a later file replacing the days it shares, cancellation, removal taking exactly the import's days,
// and each bad file ending failed with a message and no day stored.
// First: this file counts the files under UPLOADS_DIR, which other suites share unless it has its own.
import '../support/own-uploads-dir';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { zipSync } from 'fflate';
import { mergedDays } from '@/lib/dashboard/merged-metrics';
import { vitals } from '@/lib/dashboard/vitals';
import { addDays, utcDay } from '@/lib/days';
import { db } from '@/lib/db';
import { importsDir } from '@/lib/imports/files';
import { runHousekeeping } from '@/lib/maintenance/housekeeping';
import { cancelImport, confirmImport, importView, IMPORT_PROBLEMS, listImports, removeImport, runImportRead, uploadImport } from '@/lib/imports/history';
import { exportXml, exportZip, recordXml } from '../support/apple-health-export';
import { fitDay, fitZip, garminConnectZip, withBadCrc } from '../support/garmin-export';
import { ouraZip } from '../support/oura-export';
import { whoopZip, type WhoopCycle } from '../support/whoop-export';
import { withingsZip } from '../support/withings-export';
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

/** Uploads the bytes as the route does, and runs the reading job as the worker would. */
async function uploadAndRead(userId: string, bytes: Uint8Array, name = 'export.zip') {
  const queued: string[] = [];
  const { view, alreadyImported } = await uploadImport(userId, new Response(new Uint8Array(bytes)).body!, name, async (id) => void queued.push(id));
  for (const id of queued) await runImportRead(id);
  return { id: view.id, alreadyImported, queued, after: await importView(userId, view.id) };
}

const storedDays = (userId: string) => db.dailyMetric.count({ where: { userId, source: 'APPLE_HEALTH_EXPORT' } });
const filesLeft = () => (existsSync(importsDir()) ? readdirSync(importsDir()).length : 0);

describe('importing an Apple Health export', () => {
  it('reads the upload in a job into a preview of the range, days and measures, storing no day before it is confirmed', async () => {
    // This file's own folder (tests/support/own-uploads-dir.ts), not the one the other suites share.
    expect(importsDir()).toContain('vt-uploads-');
    const { id } = await createMember();
    const files = filesLeft();
    const { after, queued } = await uploadAndRead(id, exportOf(10));
    expect(queued).toHaveLength(1);
    expect(after).toMatchObject({ status: 'previewed', progress: 1, records_read: 30, first_day: '2026-03-01', last_day: '2026-03-10', message: null });
    expect(after.preview).toEqual({
      records: 30,
      first: '2026-03-01',
      last: '2026-03-10',
      days: 10,
      measures: { steps: 10, weightKg: 10, sleepDurationMinutes: 10 },
      added: 10,
      replaced: 0,
      sources: ['Alex’s Apple Watch', 'Withings'],
    });
    expect(await storedDays(id)).toBe(0);
    // The file waits on disk for the confirmation, and goes with it.
    expect(filesLeft()).toBe(files + 1);
    const done = await confirmImport(id, after.id);
    expect(done).toMatchObject({ status: 'done', days_stored: 10 });
    expect(filesLeft()).toBe(files);
    const row = await db.dailyMetric.findFirstOrThrow({ where: { userId: id, source: 'APPLE_HEALTH_EXPORT', day: new Date('2026-03-03T00:00:00Z') } });
    expect(row).toMatchObject({ steps: 8200, weightKg: 89.8, sleepDurationMinutes: 420, importId: after.id });
    await expect(confirmImport(id, after.id)).rejects.toMatchObject({ status: 409 });
  });

  it('adds nothing for the same file again, and answers the import it already made', async () => {
    const { id } = await createMember();
    const file = exportOf(10);
    const first = await uploadAndRead(id, file);
    await confirmImport(id, first.id);
    const again = await uploadAndRead(id, file);
    expect([again.alreadyImported, again.id, again.queued]).toEqual([true, first.id, []]);
    expect(await storedDays(id)).toBe(10);
    expect(await db.historyImport.count({ where: { userId: id } })).toBe(1);
  });

  it('merges with a connected device’s days by the per-field priority: the live source first, the import filling in', async () => {
    const { id } = await createMember();
    await addDailyMetrics(id, ['2026-03-01', '2026-03-02', '2026-03-03'], () => ({ weightKg: 95 }), 'WITHINGS');
    await addDailyMetrics(id, ['2026-03-02'], () => ({ sleepDurationMinutes: 450 }), 'OURA');
    await confirmImport(id, (await uploadAndRead(id, exportOf(5))).id);
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
    const older = await uploadAndRead(id, exportOf(10), 'march.zip');
    await confirmImport(id, older.id);
    await confirmImport(other.id, (await uploadAndRead(other.id, exportOf(10))).id);
    const newer = await uploadAndRead(id, exportOf(4, 9000), 'newer.zip');
    expect(newer.after.preview).toMatchObject({ days: 4, added: 0, replaced: 4 });
    await confirmImport(id, newer.id);
    expect(await db.dailyMetric.count({ where: { importId: older.id } })).toBe(6);
    expect(await db.dailyMetric.count({ where: { importId: newer.id } })).toBe(4);

    await expect(removeImport(other.id, older.id)).rejects.toMatchObject({ status: 404 });
    expect(await removeImport(id, older.id)).toEqual({ daysRemoved: 6 });
    expect(await storedDays(id)).toBe(4);
    expect(await storedDays(other.id)).toBe(10);
    expect(await removeImport(id, newer.id)).toEqual({ daysRemoved: 4 });
    expect(await storedDays(id)).toBe(0);
  });

  it('stores heart rate as 5-minute means a member who only imported sees on the heart-rate card; removing the import takes them', async () => {
    const { id } = await createMember();
    const yesterday = addDays(utcDay(new Date()), -1);
    const heart = (time: string, bpm: number) => recordXml({ type: 'HKQuantityTypeIdentifierHeartRate', value: bpm, unit: 'count/min', start: `${yesterday} ${time} +0000` });
    // 09:00–09:05: 60 and 70 (a mean of 65); 09:05–09:10: 90; 21:00: 55.
    const read = await uploadAndRead(id, exportZip(exportXml([heart('09:00:10', 60), heart('09:04:50', 70), heart('09:05:00', 90), heart('21:00:00', 55)].join(''))));
    expect(read.after.preview).toMatchObject({ heart_rate_means: 3 });
    await confirmImport(id, read.id);
    const samples = await db.heartRateSample.findMany({ where: { userId: id }, orderBy: { recordedAt: 'asc' } });
    expect(samples.map((s) => [s.recordedAt.toISOString(), s.bpm, s.source, s.importId])).toEqual([
      [`${yesterday}T09:00:00.000Z`, 65, 'APPLE_HEALTH_EXPORT', read.id],
      [`${yesterday}T09:05:00.000Z`, 90, 'APPLE_HEALTH_EXPORT', read.id],
      [`${yesterday}T21:00:00.000Z`, 55, 'APPLE_HEALTH_EXPORT', read.id],
    ]);
    const card = await vitals(id);
    expect(card.heart_rate_history.find((d) => d.day === yesterday)?.rate).toBeCloseTo((65 + 90 + 55) / 3, 0);
    expect(card.heart_rate_from).toMatch(/Apple Health/);
    await removeImport(id, read.id);
    expect(await db.heartRateSample.count({ where: { userId: id } })).toBe(0);
  });

  it('cancels before the days are stored: a queued import never reads, a previewed one stores nothing', async () => {
    const { id } = await createMember();
    const files = filesLeft();
    const queued: string[] = [];
    const { view } = await uploadImport(id, new Response(new Uint8Array(exportOf(3))).body!, 'export.zip', async (importId) => void queued.push(importId));
    expect((await cancelImport(id, view.id)).status).toBe('cancelled');
    await runImportRead(queued[0]!);
    expect(await importView(id, view.id)).toMatchObject({ status: 'cancelled', preview: null });
    const previewed = await uploadAndRead(id, exportOf(3, 7000));
    await cancelImport(id, previewed.id);
    await expect(confirmImport(id, previewed.id)).rejects.toMatchObject({ status: 409 });
    expect(await storedDays(id)).toBe(0);
    expect(filesLeft()).toBe(files);
  });

  it('reads Whoop’s export too: a cycle’s night, recovery and energy on the day of waking (the day the Whoop app shows it), below live Whoop rows', async () => {
    const { id } = await createMember();
    const cycles: WhoopCycle[] = [
      { start: '2026-03-01 23:10:00', wake: '2026-03-02 07:05:00', recovery: 67, restingHeartRate: 52, hrv: 61.4, sleepPerformance: 88, asleep: 431, respiratoryRate: 14.8, energy: 2716 },
      { start: '2026-03-02 22:50:00', wake: '2026-03-03 06:40:00', recovery: 41, restingHeartRate: 56, hrv: 48.2, sleepPerformance: 74, asleep: 402, respiratoryRate: 15.1, energy: 2390 },
      // A cycle still running: no wake yet, so only its energy counts, on the date 12 hours after it began.
      { start: '2026-03-03 23:05:00', wake: '', recovery: '', restingHeartRate: '', hrv: '', sleepPerformance: '', asleep: '', respiratoryRate: '', energy: 812 },
    ];
    await addDailyMetrics(id, ['2026-03-03'], () => ({ hrvMs: 50 }), 'WHOOP');
    const read = await uploadAndRead(id, whoopZip(cycles), 'my_whoop_data.zip');
    expect(read.after).toMatchObject({ status: 'previewed', records_read: 3, first_day: '2026-03-02', last_day: '2026-03-04' });
    expect(read.after.preview?.measures).toEqual({ sleepScore: 2, sleepDurationMinutes: 2, totalCaloriesKcal: 3, restingHeartRateBpm: 2, hrvMs: 2, recoveryScore: 2, respiratoryRateBpm: 2 });
    expect(read.after.preview?.sources).toEqual(['Whoop']);
    await confirmImport(id, read.id);
    const days = await mergedDays(id, '2026-03-01', '2026-03-04', ['recoveryScore', 'hrvMs', 'totalCaloriesKcal', 'sleepDurationMinutes']);
    expect(days.map((d) => [d.day, d.recoveryScore, d.hrvMs, d.sources.hrvMs, d.totalCaloriesKcal, d.sleepDurationMinutes])).toEqual([
      ['2026-03-02', 67, 61.4, 'WHOOP_EXPORT', 2716, 431],
      ['2026-03-03', 41, 50, 'WHOOP', 2390, 402],
      ['2026-03-04', null, null, null, 812, null],
    ]);
    // The nights' stages are kept beside them (Whoop's light, deep (SWS), REM and awake columns).
    expect(await db.dailyMetric.findFirstOrThrow({ where: { userId: id, source: 'WHOOP_EXPORT', day: new Date('2026-03-02') } })).toMatchObject({ sleepLightMinutes: 230, sleepDeepMinutes: 95, sleepRemMinutes: 105, sleepAwakeMinutes: 30 });
    // A zip whose cycles file has other columns is not Whoop's.
    const other = await uploadAndRead(id, whoopZip(cycles, ['Date', 'Steps', 'Notes']));
    expect([other.after.status, other.after.message]).toEqual(['failed', IMPORT_PROBLEMS.not_export]);
  });

  it.each([
    ['Oura', 'OURA', 'OURA_EXPORT', () => ouraZip([{ day: '2026-03-01', sleepScore: 80, sleepSeconds: 25_200, hrv: 58 }, { day: '2026-03-02', sleepScore: 71, sleepSeconds: 24_000, hrv: 49 }]), 'hrvMs', [58, 50]],
    ['Withings', 'WITHINGS', 'WITHINGS_EXPORT', () => withingsZip([{ day: '2026-03-01', weightKg: 84.2 }, { day: '2026-03-02', weightKg: 84.0 }]), 'weightKg', [84.2, 50]],
    ['Garmin', null, 'GARMIN_EXPORT', () => garminConnectZip([{ day: '2026-03-01', steps: 8800 }, { day: '2026-03-02', steps: 9100 }]), 'steps', [8800, 9100]],
  ] as const)('reads %s’s export into its own source, below the vendor’s live rows; the same file again adds nothing', async (_, live, source, zip, field, expected) => {
    const { id } = await createMember();
    // A connected device's day: its live row comes first, the import fills the other day.
    if (live) await addDailyMetrics(id, ['2026-03-02'], () => ({ [field]: 50 }), live);
    const read = await uploadAndRead(id, zip(), 'history.zip');
    expect(read.after).toMatchObject({ status: 'previewed', first_day: '2026-03-01', last_day: '2026-03-02', message: null });
    expect(read.after.preview).toMatchObject({ days: 2, added: 2, replaced: 0 });
    await confirmImport(id, read.id);
    const days = await mergedDays(id, '2026-03-01', '2026-03-02', [field]);
    expect(days.map((d) => d[field])).toEqual(expected);
    expect(days[0]!.sources[field]).toBe(source);
    expect(await db.dailyMetric.count({ where: { userId: id, source, importId: read.id } })).toBe(2);
    const again = await uploadAndRead(id, zip(), 'history.zip');
    expect([again.alreadyImported, again.id]).toEqual([true, read.id]);
    expect(await db.dailyMetric.count({ where: { userId: id, source } })).toBe(2);
  });

  it('reads a Garmin FIT file uploaded on its own', async () => {
    const { id } = await createMember();
    const read = await uploadAndRead(id, fitDay({ day: '2026-03-02', steps: 10_000, hrv: 47.5, sleepMinutes: 420 }), '2026-03-02.fit');
    expect(read.after).toMatchObject({ status: 'previewed', first_day: '2026-03-02', last_day: '2026-03-02' });
    expect(read.after.preview?.measures).toEqual({ steps: 1, hrvMs: 1, sleepDurationMinutes: 1 });
    await confirmImport(id, read.id);
    expect(await db.dailyMetric.findFirstOrThrow({ where: { userId: id, source: 'GARMIN_EXPORT' } })).toMatchObject({ steps: 10_000, hrvMs: 47.5, sleepDurationMinutes: 420 });
  });

  it('merges Garmin FIT files uploaded one after another per measure: the same days as the files zipped together', async () => {
    const files = {
      'a.fit': fitDay({ day: '2026-03-02', steps: 10_000, hrv: 47.5 }, 3_900_000_101),
      'b.fit': fitDay({ day: '2026-03-02', weightKg: 84.6 }, 3_900_000_102),
      'c.fit': fitDay({ day: '2026-03-03', steps: 7_200, sleepMinutes: 415 }, 3_900_000_103),
    };
    const rowsOf = async (userId: string) =>
      (await db.dailyMetric.findMany({ where: { userId, source: 'GARMIN_EXPORT' }, orderBy: { day: 'asc' } })).map((r) => [r.day.toISOString().slice(0, 10), r.steps, r.hrvMs, r.weightKg, r.sleepDurationMinutes]);
    const whole = await createMember();
    await confirmImport(whole.id, (await uploadAndRead(whole.id, fitZip(files), 'garmin.zip')).id);
    const oneByOne = await createMember();
    for (const [name, bytes] of Object.entries(files)) await confirmImport(oneByOne.id, (await uploadAndRead(oneByOne.id, bytes, name)).id);
    expect(await rowsOf(oneByOne.id)).toEqual([
      ['2026-03-02', 10_000, 47.5, 84.6, null],
      ['2026-03-03', 7_200, null, null, 415],
    ]);
    expect(await rowsOf(oneByOne.id)).toEqual(await rowsOf(whole.id));
  });

  it('ends each bad file failed, with what to do, and stores no day', async () => {
    const { id } = await createMember();
    const files = filesLeft();
    const full = exportXml(recordXml({ type: STEPS, value: 812, unit: 'count', start: '2026-03-01 08:00:00 +0000' }).repeat(40));
    for (const [bytes, problem] of [
      [new TextEncoder().encode('not a zip'), 'not_zip'],
      [exportZip('<Workbook/>'), 'not_export'],
      [exportZip(full.slice(0, full.length - 40)), 'truncated'],
      [withBadCrc(fitDay({ day: '2026-03-02', steps: 10_000 })), 'damaged'],
      [garminConnectZip([{ day: '2026-03-01', steps: 8800 }], { 'a.fit': withBadCrc(fitDay({ day: '2026-03-02', steps: 10_000 })) }), 'damaged'],
      [whoopZip([], ['Date', 'Steps', 'Notes']), 'not_export'],
      // A zip bomb: 70 MB of one byte packed into about 70 KB, stopped as it inflates.
      [zipSync({ 'App Data/dailysleep.csv': new Uint8Array(70 * 1024 ** 2).fill(59) }, { level: 9 }), 'too_large'],
    ] as const) {
      const { after } = await uploadAndRead(id, bytes);
      expect([after.status, after.message]).toEqual(['failed', IMPORT_PROBLEMS[problem]]);
    }
    expect(await db.dailyMetric.count({ where: { userId: id } })).toBe(0);
    expect(filesLeft()).toBe(files);
  });

  it('refuses an attribute a million characters long before holding it, and a CSV line as long, saying so', async () => {
    const { id } = await createMember();
    const files = filesLeft();
    const giant = exportXml(`<Record type="${STEPS}" sourceName="${'x'.repeat(1_500_000)}" unit="count" value="1" startDate="2026-03-01 08:00:00 +0000" endDate="2026-03-01 08:01:00 +0000"/>`);
    for (const [bytes, problem] of [
      [exportZip(giant), 'oversized'],
      [zipSync({ 'physiological_cycles.csv': new TextEncoder().encode(`Cycle start time,Notes\n2026-03-01 00:00:00,${'y'.repeat(1_500_000)}\n`) }), 'oversized'],
    ] as const) {
      const { after } = await uploadAndRead(id, bytes);
      expect([after.status, after.message]).toEqual(['failed', IMPORT_PROBLEMS[problem]]);
    }
    expect(filesLeft()).toBe(files);
  });
});

describe('an import always reaches a final state', () => {
  it('fails, rather than staying "reading", when its file is gone before the job reads it', async () => {
    const { id } = await createMember();
    const queued: string[] = [];
    const { view } = await uploadImport(id, new Response(new Uint8Array(exportOf(2))).body!, 'export.zip', async (importId) => void queued.push(importId));
    const { storageKey } = await db.historyImport.findUniqueOrThrow({ where: { id: view.id } });
    rmSync(path.join(importsDir(), storageKey!));
    await runImportRead(view.id);
    const row = await db.historyImport.findUniqueOrThrow({ where: { id: view.id } });
    expect([row.status, row.problem, row.storageKey]).toEqual(['failed', 'unreadable', null]);
  });

  it('settles an import its job left "reading" (the process killed) once it has not moved on for ten minutes, as it is shown and in housekeeping', async () => {
    const { id } = await createMember();
    const other = await createMember();
    const files = filesLeft();
    const started = async (userId: string, minutesAgo: number) => {
      const { view } = await uploadImport(userId, new Response(new Uint8Array(exportOf(1 + minutesAgo))).body!, 'export.zip', async () => undefined);
      await db.historyImport.update({ where: { id: view.id }, data: { status: 'reading', progress: 0.83, activityAt: new Date(Date.now() - minutesAgo * 60_000) } });
      return view.id;
    };
    const stalled = await started(id, 11);
    const busy = await started(id, 1);
    const elsewhere = await started(other.id, 30);
    // The member's list shows the stalled one failed, with what to do; the one still moving is left reading.
    const shown = await listImports(id);
    expect(shown.find((v) => v.id === stalled)).toMatchObject({ status: 'failed', message: IMPORT_PROBLEMS.interrupted });
    expect(shown.find((v) => v.id === busy)).toMatchObject({ status: 'reading' });
    // Another member's is settled by housekeeping, and its file goes.
    expect((await db.historyImport.findUniqueOrThrow({ where: { id: elsewhere } })).status).toBe('reading');
    const done = await runHousekeeping(new Date());
    expect(done.stalledImports).toBeGreaterThanOrEqual(1);
    expect(await db.historyImport.findUniqueOrThrow({ where: { id: elsewhere } })).toMatchObject({ status: 'failed', problem: 'interrupted', storageKey: null });
    // Only the one still reading keeps its file.
    expect(filesLeft()).toBe(files + 1);
    await removeImport(id, busy);
  });
});
