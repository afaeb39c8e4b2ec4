// Each vendor's export as the import job reads it (lib/imports/read-export.ts): the bytes streamed in, the
// vendor told by its files, and each day's figures as the vendor's own app or API adapter would file them.
// Fixtures come from the generators in tests/support, which follow docs/integrations/history-imports.md.
import { describe, expect, it } from '@jest/globals';
import { strToU8, zipSync } from 'fflate';
import { daysOf, problemOf, readExport } from '../support/history-reading';
import { fitDay, fitZip, garminConnectZip, withBadCrc } from '../support/garmin-export';
import { ouraZip } from '../support/oura-export';
import { withingsZip } from '../support/withings-export';

const read = readExport;

describe('Oura’s data export', () => {
  const days = [
    { day: '2026-03-01', sleepScore: 82, readiness: 77, steps: 9120, activeCalories: 512, totalCalories: 2630, sleepSeconds: 26_100, lowestHeartRate: 49, hrv: 61, breath: 14.6 },
    { day: '2026-03-02', sleepScore: 74, readiness: 64, steps: 6400, activeCalories: 380, totalCalories: 2410, sleepSeconds: 23_400, lowestHeartRate: 52, hrv: 48, breath: 15.1 },
  ];

  // The night's stages, as the fixture's sleep periods give them (deep 5,400 s, light 14,400, REM 6,300, awake 2,400).
  const ouraStages = { sleepDeepMinutes: 90, sleepLightMinutes: 240, sleepRemMinutes: 105, sleepAwakeMinutes: 40 };

  it('reads its semicolon files, JSON cells and all, the night as the day’s long sleep (with its stages) and not its nap', async () => {
    for (const fileCase of ['lower', 'pascal'] as const) {
      const { kind, reading } = await read(ouraZip(days, { fileCase, naps: true }));
      expect(kind).toBe('oura');
      expect(daysOf(reading)).toEqual({
        '2026-03-01': { sleepScore: 82, recoveryScore: 77, steps: 9120, activeCaloriesKcal: 512, totalCaloriesKcal: 2630, sleepDurationMinutes: 435, restingHeartRateBpm: 49, hrvMs: 61, respiratoryRateBpm: 14.6, ...ouraStages },
        '2026-03-02': { sleepScore: 74, recoveryScore: 64, steps: 6400, activeCaloriesKcal: 380, totalCaloriesKcal: 2410, sleepDurationMinutes: 390, restingHeartRateBpm: 52, hrvMs: 48, respiratoryRateBpm: 15.1, ...ouraStages },
      });
      expect([reading.first, reading.last, [...reading.sources.keys()]]).toEqual(['2026-03-01', '2026-03-02', ['Oura']]);
    }
  });

  it('refuses files with Oura’s names but other headers', async () => {
    expect(await problemOf(zipSync({ 'App Data/dailysleep.csv': strToU8('date,value\n2026-03-01,7\n') }))).toBe('not_export');
  });
});

describe('Withings’ data export', () => {
  const days = [
    { day: '2026-03-01', weightKg: 84.2, fatKg: 16.0, systolic: 128, diastolic: 82, lightS: 14_400, deepS: 5400, remS: 6300, lowestHeartRate: 51, steps: 8450, earned: 410, passive: 1790 },
    { day: '2026-03-02', weightKg: 83.9, fatKg: 15.9, lightS: 13_200, deepS: 4800, remS: 6000, lowestHeartRate: 53, steps: 10_020, earned: 520, passive: 1790 },
  ];

  it('reads weight with fat share, a blood-pressure pair (not the pulse-only row), the night on the day it ends, steps and calories', async () => {
    const { kind, reading } = await read(withingsZip(days));
    expect(kind).toBe('withings');
    expect(daysOf(reading)).toEqual({
      '2026-03-01': { weightKg: 84.2, bodyFatPercent: 19, systolicBpMmhg: 128, diastolicBpMmhg: 82, sleepDurationMinutes: 435, sleepLightMinutes: 240, sleepDeepMinutes: 90, sleepRemMinutes: 105, sleepAwakeMinutes: 15, restingHeartRateBpm: 51, steps: 8450, activeCaloriesKcal: 410, totalCaloriesKcal: 2200 },
      '2026-03-02': { weightKg: 83.9, bodyFatPercent: 19, sleepDurationMinutes: 400, sleepLightMinutes: 220, sleepDeepMinutes: 80, sleepRemMinutes: 100, sleepAwakeMinutes: 15, restingHeartRateBpm: 53, steps: 10_020, activeCaloriesKcal: 520, totalCaloriesKcal: 2310 },
    });
  });

  it('reads an account in German by its headers’ German names', async () => {
    const { reading } = await read(withingsZip(days, { language: 'de' }));
    expect(daysOf(reading)['2026-03-02']).toMatchObject({ weightKg: 83.9, sleepDurationMinutes: 400, restingHeartRateBpm: 53 });
  });

  it('refuses files with Withings’ names but none of its headers', async () => {
    expect(await problemOf(zipSync({ 'weight.csv': strToU8('when,how much\nyesterday,a lot\n') }))).toBe('not_export');
  });
});

describe('Garmin files', () => {
  const day = { day: '2026-03-02', steps: 10_000, restingHeartRate: 52, stress: 31, sleepMinutes: 420, sleepScore: 81, hrv: 47.5, weightKg: 82.4, bodyFat: 18.5 };
  const fromFit = { steps: 10_000, restingHeartRateBpm: 52, stressScore: 31, sleepDurationMinutes: 420, sleepDeepMinutes: 105, sleepLightMinutes: 210, sleepRemMinutes: 105, sleepAwakeMinutes: 0, sleepScore: 81, hrvMs: 47.5, weightKg: 82.4, bodyFatPercent: 18.5 };

  it('reads a FIT file on its own: running step totals per activity, the night’s stages, HRV status, a weighing', async () => {
    const { kind, reading } = await read(fitDay(day));
    expect(kind).toBe('garmin');
    expect(daysOf(reading)).toEqual({ '2026-03-02': fromFit });
  });

  it('reads a zip of FIT files, the same file twice counting once', async () => {
    const other = { ...day, day: '2026-03-03', steps: 7000, stress: 44 };
    const { reading } = await read(fitZip({ 'a.fit': fitDay(day), 'b.FIT': fitDay(other), 'copy-of-a.fit': fitDay(day) }));
    expect(daysOf(reading)).toEqual({ '2026-03-02': fromFit, '2026-03-03': { ...fromFit, steps: 7000, stressScore: 44 } });
  });

  it('reads the Connect account export, its day summaries before the FIT files in its nested zip', async () => {
    const summaries = [
      { day: '2026-03-01', steps: 8800, restingHeartRate: 50, stress: 28, sleepMinutes: 450, sleepScore: 85, hrv: 55, weightKg: 82.9, bodyFat: 18.9 },
      { day: '2026-03-02', steps: 10_250, restingHeartRate: 53 },
    ];
    const { kind, reading } = await read(garminConnectZip(summaries, { '2026-03-02.fit': fitDay(day) }));
    expect(kind).toBe('garmin');
    expect(daysOf(reading)).toEqual({
      '2026-03-01': { steps: 8800, activeCaloriesKcal: 420, totalCaloriesKcal: 2480, restingHeartRateBpm: 50, stressScore: 28, sleepDurationMinutes: 450, sleepDeepMinutes: 113, sleepLightMinutes: 225, sleepRemMinutes: 113, sleepAwakeMinutes: 20, sleepScore: 85, respiratoryRateBpm: 14.2, hrvMs: 55, weightKg: 82.9, bodyFatPercent: 18.9 },
      // The summary's steps and resting rate; the FIT file's night, HRV and weighing, which the summary lacks.
      '2026-03-02': { ...fromFit, steps: 10_250, restingHeartRateBpm: 53, activeCaloriesKcal: 420, totalCaloriesKcal: 2480 },
    });
  });

  it('refuses a FIT file whose CRC does not match, alone or inside a zip', async () => {
    expect(await problemOf(withBadCrc(fitDay(day)))).toBe('damaged');
    expect(await problemOf(fitZip({ 'a.fit': fitDay(day), 'b.fit': withBadCrc(fitDay({ ...day, day: '2026-03-03' })) }))).toBe('damaged');
    expect(await problemOf(fitZip({ 'a.fit': strToU8('not a fit file at all') }))).toBe('damaged');
  });
});

describe('any file', () => {
  it('refuses a zip no vendor’s, and a zip that inflates past the limits', async () => {
    expect(await problemOf(zipSync({ 'holiday/photo.txt': strToU8('hello') }))).toBe('not_export');
    // 70 MB of one byte from about 70 KB: past what one export file can be, stopped as it inflates.
    expect(await problemOf(zipSync({ 'App Data/dailysleep.csv': new Uint8Array(70 * 1024 ** 2).fill(59) }, { level: 9 }))).toBe('too_large');
  });
});
