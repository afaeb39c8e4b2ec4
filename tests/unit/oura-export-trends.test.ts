// Oura on the Web's older one-file trends export (Trends → Download Data, oura_<from>_<to>_trends.csv), as the
// import job reads it: uploaded on its own or in a zip. Its durations are seconds: in the real file's rows
// REM + Deep + Light = Total Sleep Duration, and that + Awake Time = Total Bedtime = Bedtime End − Bedtime
// Start (tests/fixtures/imports/oura/README.md). Expected figures are worked by hand from the rows.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { daysOf, problemOf, readExport } from '../support/history-reading';

const TRENDS = readFileSync(path.resolve(import.meta.dirname, '../fixtures/imports/oura/oura_2026-05-22_2026-07-23_trends.csv'));

const read = readExport;

// From the fixture's rows, by hand (seconds ÷ 60, rounded half up; breaths to one decimal):
const EXPECTED = {
  // 31,380 s = 523 min; REM 7,620 = 127, Deep 4,290 = 71.5 → 72, Light 19,470 = 324.5 → 325, Awake 4,293 = 71.55
  // → 72; Sleep Score 82, Lowest Resting Heart Rate 67, Average HRV 30, Respiratory Rate 17.375 → 17.4, Readiness
  // 85, Steps 2,242, Activity Burn 137, Total Burn 1,874.
  '2026-05-27': { sleepDurationMinutes: 523, sleepRemMinutes: 127, sleepDeepMinutes: 72, sleepLightMinutes: 325, sleepAwakeMinutes: 72, sleepScore: 82, restingHeartRateBpm: 67, hrvMs: 30, respiratoryRateBpm: 17.4, recoveryScore: 85, steps: 2242, activeCaloriesKcal: 137, totalCaloriesKcal: 1874 },
  // The night began 2026-07-12 23:18 and is the 13th's: 27,450 s = 457.5 → 458 min; REM 4,350 = 72.5 → 73, Deep
  // 4,020 = 67, Light 19,080 = 318, Awake 3,090 = 51.5 → 52; breaths 17.125 → 17.1.
  '2026-07-13': { sleepDurationMinutes: 458, sleepRemMinutes: 73, sleepDeepMinutes: 67, sleepLightMinutes: 318, sleepAwakeMinutes: 52, sleepScore: 81, restingHeartRateBpm: 67, hrvMs: 24, respiratoryRateBpm: 17.1, recoveryScore: 74, steps: 13_853, activeCaloriesKcal: 501, totalCaloriesKcal: 2254 },
  // A day without a night (empty sleep cells): its activity only.
  '2026-05-26': { steps: 1652, activeCaloriesKcal: 112, totalCaloriesKcal: 1758 },
};

describe('Oura’s trends CSV', () => {
  it('is read when uploaded on its own, every figure in its unit, each night on the date it ends', async () => {
    const { kind, reading } = await read(TRENDS);
    expect(kind).toBe('oura');
    expect(daysOf(reading)).toMatchObject(EXPECTED);
    // Seven rows, seven days (2026-06-07 too: 7 steps, 0 active kcal, 1,648 total), from 05-26 to 07-22.
    expect([reading.records, reading.used, reading.days.size, reading.first, reading.last]).toEqual([7, 7, 7, '2026-05-26', '2026-07-22']);
    expect([...reading.sources.keys()]).toEqual(['Oura']);
  });

  it('is read inside a zip, as Oura on the Web named it', async () => {
    const { kind, reading } = await read(zipSync({ 'Downloads/oura_2026-05-22_2026-07-23_trends.csv': TRENDS }));
    expect(kind).toBe('oura');
    expect(daysOf(reading)).toMatchObject(EXPECTED);
  });

  it('reads the earlier generation’s names (Total Sleep Time, REM/Light/Deep Sleep Time) in seconds too', async () => {
    // Header as public parsers list it for 2020 files (date, …, Total Bedtime, Total Sleep Time, Awake Time, REM
    // Sleep Time, Light Sleep Time, Deep Sleep Time, …); the figures are made up here, consistent as Oura's are:
    // REM 2,700 + Light 15,030 + Deep 6,900 = Total Sleep Time 24,630 s = 410.5 → 411 min; + Awake 2,370 = 27,000.
    const older = [
      'date,Sleep Score,Total Bedtime,Total Sleep Time,Awake Time,REM Sleep Time,Light Sleep Time,Deep Sleep Time,Average Resting Heart Rate,Lowest Resting Heart Rate,Average HRV,Respiratory Rate,Activity Burn,Total Burn,Steps,Readiness Score',
      '2020-03-04,76,27000,24630,2370,2700,15030,6900,55.2,48,64,14.25,310,2480,6120,71',
    ].join('\n');
    const { kind, reading } = await read(strToU8(older));
    expect(kind).toBe('oura');
    // Awake 2,370 s = 39.5 → 40; REM 45, Light 250.5 → 251, Deep 115; breaths 14.25 → 14.3.
    expect(daysOf(reading)).toEqual({
      '2020-03-04': { sleepDurationMinutes: 411, sleepAwakeMinutes: 40, sleepRemMinutes: 45, sleepLightMinutes: 251, sleepDeepMinutes: 115, sleepScore: 76, restingHeartRateBpm: 48, hrvMs: 64, respiratoryRateBpm: 14.3, recoveryScore: 71, steps: 6120, activeCaloriesKcal: 310, totalCaloriesKcal: 2480 },
    });
  });

  it('is told apart from any other CSV or file uploaded on its own, and from a trends-named file of other headers', async () => {
    expect(await problemOf(strToU8('date,value\n2026-03-01,8450\n'))).toBe('not_zip');
    expect(await problemOf(strToU8('Testosterone 18 nmol/L'))).toBe('not_zip');
    expect(await problemOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]))).toBe('not_zip');
    expect(await problemOf(zipSync({ 'oura_2026_trends.csv': strToU8('when,how much\nyesterday,a lot\n') }))).toBe('not_export');
  });
});
