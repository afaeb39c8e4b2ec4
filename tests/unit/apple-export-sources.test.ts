import { describe, expect, it } from '@jest/globals';
import { readAppleHealthExport } from '@/lib/imports/apple-health-export';
import { exportXml, exportZip } from '../support/apple-health-export';

// How the Apple Health export's sources add up on a day (docs/integrations/history-imports.md §1):
// nights merged over time by source rank, and what the member entered by hand counted beside every source.
// The records are written as the Health app's export.xml writes them (a <Record> per sample, its dates as
// "2026-03-01 22:10:00 +0000", the source's device as an HKDevice description, metadata as
// <MetadataEntry key value/> children, HKWasUserEntered="1" on what the member typed in). Each expected
// figure is worked out by hand in the comment beside it, from the rules, never from the reader's output.

const STEPS = 'HKQuantityTypeIdentifierStepCount';
const ENERGY = 'HKQuantityTypeIdentifierActiveEnergyBurned';
const HEART = 'HKQuantityTypeIdentifierHeartRate';
const SLEEP = 'HKCategoryTypeIdentifierSleepAnalysis';
const stage = (name: string) => `HKCategoryValueSleepAnalysis${name}`;
const WATCH = '&lt;&lt;HKDevice: 0x283bd6120&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:9.0&gt;';
const PHONE = '&lt;&lt;HKDevice: 0x283bd6030&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,5, software:16.0&gt;';

type Written = { type: string; value: string | number; unit?: string; start: string; end?: string; source: string; device?: string; metadata?: Record<string, string> };

function record(r: Written): string {
  const device = r.device ? ` device="${r.device}"` : '';
  const unit = r.unit ? ` unit="${r.unit}"` : '';
  const head = `<Record type="${r.type}" sourceName="${r.source}" sourceVersion="16.0"${device}${unit} creationDate="${r.end ?? r.start}" startDate="${r.start}" endDate="${r.end ?? r.start}" value="${r.value}"`;
  const metadata = Object.entries(r.metadata ?? {}).map(([key, value]) => `  <MetadataEntry key="${key}" value="${value}"/>\n`);
  return metadata.length ? ` ${head}>\n${metadata.join('')} </Record>\n` : ` ${head}/>\n`;
}

const watch = (r: Omit<Written, 'source'>) => record({ ...r, source: 'Alex’s Apple Watch', device: WATCH });
const phone = (r: Omit<Written, 'source'>) => record({ ...r, source: 'Alex’s iPhone', device: PHONE });
/** Typed into the Health app: its own source name, no device, HKWasUserEntered = 1. */
const byHand = (r: Omit<Written, 'source'>) => record({ ...r, source: 'Health', metadata: { HKWasUserEntered: '1' } });
const days = async (records: string[]) => Object.fromEntries((await readAppleHealthExport([exportZip(exportXml(records.join('')))])).days);

describe('Apple Health nights: sources merged over time by rank', () => {
  it('a 12-hour night from a sleep app and a 1-hour nap typed in by hand that day: the night, never the nap in its place', async () => {
    const read = await days([
      record({ type: SLEEP, value: stage('AsleepUnspecified'), start: '2026-03-01 20:00:00 +0000', end: '2026-03-02 08:00:00 +0000', source: 'Pillow' }),
      byHand({ type: SLEEP, value: stage('Asleep'), start: '2026-03-02 13:00:00 +0000', end: '2026-03-02 14:00:00 +0000' }),
    ]);
    // Both end on 2 March, five hours apart: two sessions, and the day keeps its main sleep (§6), the app's
    // 20:00–08:00 = 720 minutes; the nap is not added. No stages recorded, so none given.
    expect(read['2026-03-02']).toEqual({ sleepDurationMinutes: 720 });
  });

  it('a hand-typed hour that overlaps the app’s night counts once: the night less the overlap, plus the hour', async () => {
    const read = await days([
      record({ type: SLEEP, value: stage('AsleepUnspecified'), start: '2026-03-05 23:00:00 +0000', end: '2026-03-06 06:30:00 +0000', source: 'Pillow' }),
      byHand({ type: SLEEP, value: stage('Asleep'), start: '2026-03-06 06:00:00 +0000', end: '2026-03-06 07:00:00 +0000' }),
    ]);
    // By hand 06:00–07:00 = 60; the app's 23:00–06:30 = 450, less 06:00–06:30 (30) it shares with the hand-typed hour = 420; 480.
    expect(read['2026-03-06']).toEqual({ sleepDurationMinutes: 480 });
  });

  it('the Watch’s staged night first, a sleep app only in the hours the Watch left empty; an iPhone’s time in bed covers nothing', async () => {
    const read = await days([
      phone({ type: SLEEP, value: stage('InBed'), start: '2026-03-03 22:30:00 +0000', end: '2026-03-04 07:30:00 +0000' }),
      watch({ type: SLEEP, value: stage('AsleepCore'), start: '2026-03-04 00:00:00 +0000', end: '2026-03-04 03:00:00 +0000' }),
      watch({ type: SLEEP, value: stage('Awake'), start: '2026-03-04 03:00:00 +0000', end: '2026-03-04 03:30:00 +0000' }),
      watch({ type: SLEEP, value: stage('AsleepDeep'), start: '2026-03-04 03:30:00 +0000', end: '2026-03-04 05:30:00 +0000' }),
      record({ type: SLEEP, value: stage('AsleepUnspecified'), start: '2026-03-03 23:00:00 +0000', end: '2026-03-04 07:00:00 +0000', source: 'AutoSleep' }),
    ]);
    // The Watch recorded 00:00–05:30 (core 180, awake 30, deep 120). The app counts 23:00–00:00 (60) and
    // 05:30–07:00 (90), unstaged; its 03:00–03:30 is the Watch's awake time, not sleep. Asleep 180 + 120 + 150 = 450.
    expect(read['2026-03-04']).toEqual({ sleepDurationMinutes: 450, sleepDeepMinutes: 120, sleepLightMinutes: 180, sleepRemMinutes: 0, sleepAwakeMinutes: 30 });
  });

  it('a lower source’s night wholly inside the Watch’s adds nothing', async () => {
    const read = await days([
      watch({ type: SLEEP, value: stage('AsleepCore'), start: '2026-03-08 23:00:00 +0000', end: '2026-03-09 06:00:00 +0000' }),
      record({ type: SLEEP, value: stage('AsleepUnspecified'), start: '2026-03-09 00:00:00 +0000', end: '2026-03-09 05:00:00 +0000', source: 'AutoSleep' }),
    ]);
    // 23:00–06:00 = 420 minutes, all core; the app's five hours fall inside it.
    expect(read['2026-03-09']).toEqual({ sleepDurationMinutes: 420, sleepDeepMinutes: 0, sleepLightMinutes: 420, sleepRemMinutes: 0, sleepAwakeMinutes: 0 });
  });
});

describe('Apple Health: what the member typed in counts beside every source', () => {
  it('100 steps typed in at 10:49:00–10:49:00 beside an iPhone sample from 10:49:53: both count', async () => {
    const read = await days([
      watch({ type: STEPS, value: 500, unit: 'count', start: '2026-03-10 10:00:00 +0000', end: '2026-03-10 10:10:00 +0000' }),
      phone({ type: STEPS, value: 60, unit: 'count', start: '2026-03-10 10:49:53 +0000', end: '2026-03-10 10:55:53 +0000' }),
      byHand({ type: STEPS, value: 100, unit: 'count', start: '2026-03-10 10:49:00 +0000' }),
    ]);
    // The Watch's 500 (10:00–10:10) and the iPhone's 60 (no Watch then) by priority; the 100 typed in beside them: 660.
    expect(read['2026-03-10']).toEqual({ steps: 660 });
  });

  it('a figure typed in under the iPhone’s name (HKWasUserEntered = 1) is the member’s; HKWasUserEntered = 0 is not', async () => {
    const read = await days([
      watch({ type: STEPS, value: 400, unit: 'count', start: '2026-03-11 15:00:00 +0000', end: '2026-03-11 15:30:00 +0000' }),
      record({ type: STEPS, value: 250, unit: 'count', start: '2026-03-11 15:00:00 +0000', end: '2026-03-11 15:30:00 +0000', source: 'Alex’s iPhone', metadata: { HKWasUserEntered: '1' } }),
      record({ type: STEPS, value: 300, unit: 'count', start: '2026-03-11 15:00:00 +0000', end: '2026-03-11 15:30:00 +0000', source: 'Health', metadata: { HKWasUserEntered: '0' } }),
      watch({ type: ENERGY, value: 30, unit: 'kcal', start: '2026-03-11 12:00:00 +0000', end: '2026-03-11 12:10:00 +0000' }),
      byHand({ type: ENERGY, value: 50, unit: 'kcal', start: '2026-03-11 12:00:00 +0000' }),
    ]);
    // Steps: the Watch's 400 + the 250 typed in = 650; the "Health" record marked not typed in ranks as an app
    // below the Watch, which covered 15:00–15:30, so it adds 0. Energy: the Watch's 30 + 50 typed in = 80.
    expect(read['2026-03-11']).toEqual({ steps: 650, activeCaloriesKcal: 80 });
  });

  it('a day with only figures typed in has them, and the "Health" source without metadata is read as typed in', async () => {
    const read = await days([
      record({ type: STEPS, value: 1200, unit: 'count', start: '2026-03-12 09:00:00 +0000', source: 'Health' }),
      byHand({ type: STEPS, value: 800, unit: 'count', start: '2026-03-12 09:00:00 +0000' }),
      phone({ type: STEPS, value: 90, unit: 'count', start: '2026-03-12 09:00:30 +0000', end: '2026-03-12 09:01:30 +0000' }),
    ]);
    // 1,200 + 800 typed in, and the iPhone's 90 (no source above it in those minutes): 2,090.
    expect(read['2026-03-12']).toEqual({ steps: 2090 });
  });

  it('a heart rate typed in takes its 5-minute window before the Watch’s readings', async () => {
    const reading = await readAppleHealthExport([
      exportZip(
        exportXml(
          [
            watch({ type: HEART, value: 60, unit: 'count/min', start: '2026-03-13 09:02:00 +0000' }),
            byHand({ type: HEART, value: 72, unit: 'count/min', start: '2026-03-13 09:01:00 +0000' }),
            watch({ type: HEART, value: 64, unit: 'count/min', start: '2026-03-13 09:06:00 +0000' }),
          ].join(''),
        ),
      ),
    ]);
    // 09:00–09:05: the 72 typed in (the Watch's 60 is below it); 09:05–09:10: the Watch's 64.
    expect(reading.heartRate).toEqual({ minute: [Date.parse('2026-03-13T09:00:00Z') / 60_000, Date.parse('2026-03-13T09:05:00Z') / 60_000], bpm: [72, 64] });
  });
});
