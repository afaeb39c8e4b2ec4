import { describe, expect, it } from '@jest/globals';
import { Encoder, Profile, Utils } from '@garmin/fitsdk';
import fc from 'fast-check';
import { strToU8, zipSync } from 'fflate';
import { MinuteSums } from '@/lib/imports/apple-days';
import { readAppleHealthExport } from '@/lib/imports/apple-health-export';
import { calendarDate, FitDays, readGarminExport } from '@/lib/imports/garmin-export';
import { importedInTurn } from '@/lib/imports/merge-days';
import { withWeighIns } from '@/lib/imports/weigh-ins';
import { readOuraExport } from '@/lib/imports/oura-export';
import { readWhoopExport } from '@/lib/imports/whoop-export';
import { cycleDayFromLocal, whoopDays } from '@/lib/wearables/whoop/records';
import { fitDay } from '../support/garmin-export';

// Which day each imported figure lands on, against truth tables written from what the vendor's own app
// shows (docs/integrations/history-imports.md "Which day a figure lands on"), and the properties that must
// hold whatever the file: the time zone a member was in, the order of records, a phone's copy of the
// watch's steps, a clock change inside a night.
//
// The Apple records below are written as the Health app's export.xml writes them (Apple, "HealthKit"
// developer documentation: HKQuantityTypeIdentifierStepCount and the other identifiers, the
// HKCategoryValueSleepAnalysis stage names; dates "yyyy-MM-dd HH:mm:ss Z" with the phone's offset at the
// time of the record; `device` as HKDevice describes itself), not with tests/support's builder. The
// source priority is Apple's (support.apple.com/HT204351: the Watch and the iPhone before apps).

const WATCH_DEVICE = '&lt;&lt;HKDevice: 0x283bd6120&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,1, software:9.0&gt;';
const PHONE_DEVICE = '&lt;&lt;HKDevice: 0x283bd6030&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone14,5, software:16.0&gt;';

type AppleRecord = { type: string; value: string | number; unit?: string; start: string; end?: string; source?: 'watch' | 'phone' | string };

function appleRecord(r: AppleRecord): string {
  const [sourceName, device] =
    r.source === undefined || r.source === 'watch' ? ['Alex’s Apple Watch', WATCH_DEVICE] : r.source === 'phone' ? ['Alex’s iPhone', PHONE_DEVICE] : [r.source, ''];
  const unit = r.unit ? ` unit="${r.unit}"` : '';
  const deviceAttribute = device ? ` device="${device}"` : '';
  return ` <Record type="${r.type}" sourceName="${sourceName}" sourceVersion="9.0"${deviceAttribute}${unit} creationDate="${r.end ?? r.start}" startDate="${r.start}" endDate="${r.end ?? r.start}" value="${r.value}"/>\n`;
}

const appleZip = (records: string[], locale = 'en_GB') =>
  zipSync(
    { 'apple_health_export/export.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?>\n<HealthData locale="${locale}">\n <ExportDate value="2026-05-01 09:00:00 +0100"/>\n${records.join('')}</HealthData>\n`) },
    { mtime: new Date('2026-01-01T00:00:00Z') },
  );

const readApple = async (records: string[], locale?: string) => readAppleHealthExport([appleZip(records, locale)]);
const figure = (days: ReadonlyMap<string, Record<string, unknown>>, field: string) => Object.fromEntries([...days].filter(([, d]) => d[field] !== undefined).map(([day, d]) => [day, d[field]]));

const STEPS = 'HKQuantityTypeIdentifierStepCount';
const ENERGY = 'HKQuantityTypeIdentifierActiveEnergyBurned';
const HRV = 'HKQuantityTypeIdentifierHeartRateVariabilitySDNN';
const RESTING = 'HKQuantityTypeIdentifierRestingHeartRate';
const HEART = 'HKQuantityTypeIdentifierHeartRate';
const SLEEP = 'HKCategoryTypeIdentifierSleepAnalysis';
const stage = (name: string) => `HKCategoryValueSleepAnalysis${name}`;

describe('Apple Health: the local day, the source priority, a night as one session', () => {
  it('files each figure on the local date its record carries: a trip to New York and Tokyo, and a clock change in London', async () => {
    const reading = await readApple([
      // New York, 21:30 on 10 April (01:30 UTC on the 11th): 10 April.
      appleRecord({ type: STEPS, value: 400, unit: 'count', start: '2026-04-10 21:30:00 -0400', end: '2026-04-10 21:40:00 -0400' }),
      appleRecord({ type: HRV, value: 38, unit: 'ms', start: '2026-04-10 23:50:00 -0400' }),
      // Tokyo, 07:00 on 20 April (22:00 UTC on the 19th): 20 April.
      appleRecord({ type: HRV, value: 52, unit: 'ms', start: '2026-04-20 07:00:00 +0900' }),
      appleRecord({ type: RESTING, value: 54, unit: 'count/min', start: '2026-04-20 06:55:00 +0900' }),
      // London, the night the clocks go forward (01:00 UTC on 29 March 2026): 23:30 GMT to 07:30 BST is 7 hours in bed.
      appleRecord({ type: SLEEP, value: stage('InBed'), start: '2026-03-28 23:30:00 +0000', end: '2026-03-29 07:30:00 +0100' }),
      appleRecord({ type: SLEEP, value: stage('AsleepCore'), start: '2026-03-28 23:45:00 +0000', end: '2026-03-29 02:45:00 +0100' }),
      appleRecord({ type: SLEEP, value: stage('AsleepDeep'), start: '2026-03-29 02:45:00 +0100', end: '2026-03-29 04:00:00 +0100' }),
      appleRecord({ type: SLEEP, value: stage('Awake'), start: '2026-03-29 04:00:00 +0100', end: '2026-03-29 04:15:00 +0100' }),
      appleRecord({ type: SLEEP, value: stage('AsleepREM'), start: '2026-03-29 04:15:00 +0100', end: '2026-03-29 07:15:00 +0100' }),
    ]);
    expect(figure(reading.days, 'steps')).toEqual({ '2026-04-10': 400 });
    expect(figure(reading.days, 'hrvMs')).toEqual({ '2026-04-10': 38, '2026-04-20': 52 });
    expect(figure(reading.days, 'restingHeartRateBpm')).toEqual({ '2026-04-20': 54 });
    // Asleep: core 23:45–01:45 UTC (2 h), deep 1 h 15, REM 3 h = 6 h 15; awake 15 min; one night, on the 29th.
    expect(Object.fromEntries(reading.days)['2026-03-29']).toMatchObject({ sleepDurationMinutes: 375, sleepDeepMinutes: 75, sleepLightMinutes: 120, sleepRemMinutes: 180, sleepAwakeMinutes: 15 });
    expect(figure(reading.days, 'sleepDurationMinutes')).toEqual({ '2026-03-29': 375 });
  });

  it('a member in Sydney: the night the clocks go back (5 April 2026, 03:00 AEDT to 02:00 AEST) is 9 hours, on the 5th', async () => {
    const reading = await readApple([
      appleRecord({ type: SLEEP, value: stage('AsleepCore'), start: '2026-04-04 22:30:00 +1100', end: '2026-04-05 02:00:00 +1000' }),
      appleRecord({ type: SLEEP, value: stage('AsleepREM'), start: '2026-04-05 02:00:00 +1000', end: '2026-04-05 06:30:00 +1000' }),
      // Breakfast steps at 07:10 in Sydney are 21:10 UTC on the 4th.
      appleRecord({ type: STEPS, value: 350, unit: 'count', start: '2026-04-05 07:10:00 +1000', end: '2026-04-05 07:20:00 +1000' }),
    ]);
    // 22:30 AEDT is 11:30 UTC; 06:30 AEST is 20:30 UTC: 9 hours asleep.
    expect(figure(reading.days, 'sleepDurationMinutes')).toEqual({ '2026-04-05': 540 });
    expect(figure(reading.days, 'steps')).toEqual({ '2026-04-05': 350 });
  });

  it('takes steps and energy from the Watch, the iPhone only where the Watch recorded nothing (the Watch on its charger)', async () => {
    const reading = await readApple([
      // 08:00–08:10 both walked the same steps: the Watch's.
      appleRecord({ type: STEPS, value: 600, unit: 'count', start: '2026-04-02 08:00:00 +0100', end: '2026-04-02 08:10:00 +0100' }),
      appleRecord({ type: STEPS, value: 550, unit: 'count', start: '2026-04-02 08:00:00 +0100', end: '2026-04-02 08:10:00 +0100', source: 'phone' }),
      // 12:00–12:30 the Watch was charging: the iPhone's.
      appleRecord({ type: STEPS, value: 1000, unit: 'count', start: '2026-04-02 12:00:00 +0100', end: '2026-04-02 12:30:00 +0100', source: 'phone' }),
      // 13:00–13:20 on the iPhone, the Watch back on at 13:10: half the iPhone's stretch, and the Watch's.
      appleRecord({ type: STEPS, value: 400, unit: 'count', start: '2026-04-02 13:00:00 +0100', end: '2026-04-02 13:20:00 +0100', source: 'phone' }),
      appleRecord({ type: STEPS, value: 300, unit: 'count', start: '2026-04-02 13:10:00 +0100', end: '2026-04-02 13:20:00 +0100' }),
      appleRecord({ type: ENERGY, value: 40, unit: 'kcal', start: '2026-04-02 08:00:00 +0100', end: '2026-04-02 08:10:00 +0100' }),
      appleRecord({ type: ENERGY, value: 35, unit: 'kcal', start: '2026-04-02 08:00:00 +0100', end: '2026-04-02 08:10:00 +0100', source: 'phone' }),
      // A third-party app's count of the same morning, below both.
      appleRecord({ type: STEPS, value: 700, unit: 'count', start: '2026-04-02 08:00:00 +0100', end: '2026-04-02 08:10:00 +0100', source: 'StepsApp' }),
    ]);
    expect(figure(reading.days, 'steps')).toEqual({ '2026-04-02': 600 + 1000 + 200 + 300 });
    expect(figure(reading.days, 'activeCaloriesKcal')).toEqual({ '2026-04-02': 40 });
  });

  it('reads a German phone’s export: the devices named in German, the same rules', async () => {
    const watch = 'Apple Watch von Max';
    const record = (r: AppleRecord) => appleRecord({ ...r, source: r.source ?? watch }).replace(`sourceName="${r.source ?? watch}"`, `sourceName="${r.source ?? watch}" device="${r.source === 'iPhone von Max' ? PHONE_DEVICE : WATCH_DEVICE}"`);
    const reading = await readApple(
      [
        record({ type: STEPS, value: 5000, unit: 'count', start: '2026-10-24 18:00:00 +0200', end: '2026-10-24 19:00:00 +0200' }),
        record({ type: STEPS, value: 4800, unit: 'count', start: '2026-10-24 18:00:00 +0200', end: '2026-10-24 19:00:00 +0200', source: 'iPhone von Max' }),
        // 00:40 local on the 25th is the 24th in UTC.
        record({ type: HRV, value: 61, unit: 'ms', start: '2026-10-25 00:40:00 +0200' }),
        // The night the clocks go back (01:00 UTC on 25 October 2026): 23:00 CEST to 06:30 CET is 8 h 30.
        record({ type: SLEEP, value: stage('AsleepCore'), start: '2026-10-24 23:00:00 +0200', end: '2026-10-25 03:00:00 +0100' }),
        record({ type: SLEEP, value: stage('AsleepDeep'), start: '2026-10-25 03:00:00 +0100', end: '2026-10-25 06:30:00 +0100' }),
      ],
      'de_DE',
    );
    expect(figure(reading.days, 'steps')).toEqual({ '2026-10-24': 5000 });
    expect(figure(reading.days, 'hrvMs')).toEqual({ '2026-10-25': 61 });
    expect(figure(reading.days, 'sleepDurationMinutes')).toEqual({ '2026-10-25': 510 });
  });

  it('keeps the night, not the nap beside it, makes no night of an iPhone’s time in bed, and keeps heart rate as 5-minute means', async () => {
    const reading = await readApple([
      appleRecord({ type: SLEEP, value: stage('InBed'), start: '2026-04-04 22:30:00 +0100', end: '2026-04-05 07:00:00 +0100', source: 'phone' }),
      appleRecord({ type: SLEEP, value: stage('AsleepCore'), start: '2026-04-04 23:00:00 +0100', end: '2026-04-05 06:30:00 +0100' }),
      appleRecord({ type: SLEEP, value: stage('AsleepCore'), start: '2026-04-05 14:00:00 +0100', end: '2026-04-05 14:30:00 +0100' }),
      // Only the iPhone's time in bed on the 6th: no time asleep, no night.
      appleRecord({ type: SLEEP, value: stage('InBed'), start: '2026-04-05 23:00:00 +0100', end: '2026-04-06 07:00:00 +0100', source: 'phone' }),
      appleRecord({ type: HEART, value: 60, unit: 'count/min', start: '2026-04-05 10:00:10 +0100' }),
      appleRecord({ type: HEART, value: 70, unit: 'count/min', start: '2026-04-05 10:04:50 +0100' }),
      appleRecord({ type: HEART, value: 90, unit: 'count/min', start: '2026-04-05 10:05:00 +0100' }),
    ]);
    // The night 23:00–06:30 is 450 minutes; the 14:00 nap is a session of its own, not added (§6).
    expect(figure(reading.days, 'sleepDurationMinutes')).toEqual({ '2026-04-05': 450 });
    expect(reading.heartRate).toEqual({ minute: [Date.parse('2026-04-05T09:00:00Z') / 60_000, Date.parse('2026-04-05T09:05:00Z') / 60_000], bpm: [65, 90] });
  });
});

describe('Apple Health: memory that follows the open days, not the file', () => {
  const compare = (a: number, b: number) => a - b;
  /** Nine days of a Watch (source 0) and an iPhone (1): the same 08:00 walk on both, the iPhone alone at noon. */
  const feed = (sums: MinuteSums) => {
    for (let d = 1; d <= 9; d += 1) {
      const day = `2026-05-0${d}`;
      sums.add(day, 480, 600_000, 600, 0);
      sums.add(day, 480, 600_000, 550, 1);
      sums.add(day, 720, 1_800_000, 900, 1);
    }
  };
  const rounded = (totals: Map<string, number>) => Object.fromEntries([...totals].map(([day, total]) => [day, Math.round(total)]));

  it('closes the oldest days into their totals as later ones begin, with the same totals as holding every day open', () => {
    const open = new MinuteSums(compare, 100);
    const closing = new MinuteSums(compare, 2);
    feed(open);
    feed(closing);
    expect(rounded(closing.totals())).toEqual(rounded(open.totals()));
    expect(rounded(open.totals())['2026-05-01']).toBe(1500);
  });

  it('adds a record that arrives for a day already closed to that day’s total', () => {
    const closing = new MinuteSums(compare, 2);
    feed(closing);
    closing.add('2026-05-01', 900, 0, 77, 0);
    expect(rounded(closing.totals())['2026-05-01']).toBe(1500 + 77);
  });
});

// ---- Properties, over generated days of a Watch and an iPhone ----

type Day = { steps: [number, number, number][]; phoneCopy: boolean; night: [number, number, number] | null; hrv: number | null };
const dayArb: fc.Arbitrary<Day> = fc.record({
  // [minute of the day, minutes long, steps]
  steps: fc.array(fc.tuple(fc.integer({ min: 0, max: 1380 }), fc.integer({ min: 1, max: 59 }), fc.integer({ min: 1, max: 3000 })), { maxLength: 6 }),
  phoneCopy: fc.boolean(),
  // [bedtime minute from 20:00, core minutes, deep minutes]
  night: fc.option(fc.tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 30, max: 300 }), fc.integer({ min: 0, max: 180 })), { nil: null }),
  hrv: fc.option(fc.integer({ min: 20, max: 120 }), { nil: null }),
});

const pad = (n: number) => String(n).padStart(2, '0');
/** Local clock time `minutes` after midnight of `day` (may run past midnight), written with `offset` ("+0900"). */
function local(day: string, minutes: number, offset: string): string {
  const at = new Date(Date.parse(`${day}T00:00:00Z`) + minutes * 60_000);
  return `${at.toISOString().slice(0, 10)} ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:00 ${offset}`;
}

/** The days as Apple records, every clock time written with `offset`; `copy` adds the iPhone's copy of each step sample. */
function recordsOf(days: Day[], offset: string, copy: boolean): string[] {
  return days.flatMap((d, i) => {
    const day = new Date(Date.UTC(2026, 5, 1 + i)).toISOString().slice(0, 10);
    const out = d.steps.flatMap(([minute, length, steps]) => {
      const record = { type: STEPS, value: steps, unit: 'count', start: local(day, minute, offset), end: local(day, Math.min(minute + length, 1439), offset) };
      return [appleRecord(record), ...(copy && d.phoneCopy ? [appleRecord({ ...record, value: Math.round(steps * 0.93), source: 'phone' })] : [])];
    });
    if (d.night) {
      const [bed, core, deep] = d.night;
      out.push(appleRecord({ type: SLEEP, value: stage('AsleepCore'), start: local(day, 1200 + bed, offset), end: local(day, 1200 + bed + core, offset) }));
      if (deep) out.push(appleRecord({ type: SLEEP, value: stage('AsleepDeep'), start: local(day, 1200 + bed + core, offset), end: local(day, 1200 + bed + core + deep, offset) }));
    }
    if (d.hrv !== null) out.push(appleRecord({ type: HRV, value: d.hrv, unit: 'ms', start: local(day, 300, offset) }));
    return out;
  });
}

const dailyFigures = async (records: string[]) => Object.fromEntries((await readApple(records)).days);

describe('Apple Health: what must not change a day', () => {
  const offsets = fc.constantFrom('+0000', '-0500', '+0900', '+1100', '-0330', '+0545');

  it('moving a whole export to another time zone, with the same local clock times, changes no daily figure', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(dayArb, { minLength: 1, maxLength: 5 }), offsets, offsets, async (days, a, b) => {
        expect(await dailyFigures(recordsOf(days, a, true))).toEqual(await dailyFigures(recordsOf(days, b, true)));
      }),
      { numRuns: 40 },
    );
  });

  it('shuffling the records changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(dayArb, { minLength: 1, maxLength: 5 }), offsets, fc.infiniteStream(fc.integer()), async (days, offset, stream) => {
        const records = recordsOf(days, offset, true);
        const shuffled = records.map((r) => [stream.next().value, r] as const).sort(([x], [y]) => x - y).map(([, r]) => r);
        expect(await dailyFigures(shuffled)).toEqual(await dailyFigures(records));
      }),
      { numRuns: 40 },
    );
  });

  it('adding an iPhone copy of the Watch’s steps changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(dayArb, { minLength: 1, maxLength: 5 }), offsets, async (days, offset) => {
        expect(await dailyFigures(recordsOf(days, offset, true))).toEqual(await dailyFigures(recordsOf(days, offset, false)));
      }),
      { numRuns: 40 },
    );
  });

  it('a night across a clock change keeps its length', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 60, max: 300 }), fc.integer({ min: 60, max: 400 }), fc.boolean(), async (before, after, spring) => {
        // The clocks change at 01:00 UTC; the night's two segments meet there, written in the offset of each side.
        const change = Date.parse(spring ? '2026-03-29T01:00:00Z' : '2026-10-25T01:00:00Z');
        const [first, second] = spring ? ['+0000', '+0100'] : ['+0100', '+0000'];
        const write = (at: number, offset: string) => {
          const shift = (offset === '+0100' ? 60 : 0) * 60_000;
          const t = new Date(at + shift).toISOString();
          return `${t.slice(0, 10)} ${t.slice(11, 19)} ${offset}`;
        };
        const records = [
          appleRecord({ type: SLEEP, value: stage('AsleepCore'), start: write(change - before * 60_000, first), end: write(change, second) }),
          appleRecord({ type: SLEEP, value: stage('AsleepREM'), start: write(change, second), end: write(change + after * 60_000, second) }),
        ];
        const nights = Object.values(await dailyFigures(records)).map((d) => d.sleepDurationMinutes);
        expect(nights).toEqual([before + after]);
      }),
      { numRuns: 30 },
    );
  });
});

// ---- Garmin: FIT files in the member's local time, weigh-in dates, files one after another ----

const MESG = (name: string) => Profile.MesgNum[name]!;
const fitSeconds = (date: Date) => Math.round((date.getTime() - Utils.FIT_EPOCH_MS) / 1000);

/**
 * A FIT file written with Garmin's own encoder (@garmin/fitsdk, the FIT profile's messages): a night
 * ending at `wake` (UTC), its HRV status, a weighing and a blood-pressure reading; local time given by
 * `local`: device settings' time offset, a timestamp correlation, or nothing.
 */
function sydneyFit(wake: Date, local: 'settings' | 'correlation' | 'none', serialNumber: number): Uint8Array {
  const encoder = new Encoder();
  const put = (name: string, fields: Record<string, unknown>) => encoder.onMesg(MESG(name), fields as never);
  put('FILE_ID', { type: 'monitoringB', manufacturer: 'garmin', product: 3290, serialNumber, timeCreated: wake });
  if (local === 'settings') put('DEVICE_SETTINGS', { timeOffset: [11 * 3600], timeZoneOffset: [11] });
  if (local === 'correlation') put('TIMESTAMP_CORRELATION', { timestamp: wake, systemTimestamp: wake, localTimestamp: fitSeconds(wake) + 11 * 3600 });
  const begin = wake.getTime() - 8 * 3_600_000;
  (['light', 'deep', 'rem', 'light'] as const).forEach((level, i) => put('SLEEP_LEVEL', { timestamp: new Date(begin + i * 7_200_000), sleepLevel: level }));
  put('SLEEP_LEVEL', { timestamp: wake, sleepLevel: 'awake' });
  put('HRV_STATUS_SUMMARY', { timestamp: wake, lastNightAverage: 44, weeklyAverage: 44, status: 'balanced' });
  put('WEIGHT_SCALE', { timestamp: new Date(wake.getTime() + 1_800_000), weight: 82.5 });
  put('BLOOD_PRESSURE', { timestamp: new Date(wake.getTime() + 2_400_000), systolicPressure: 124, diastolicPressure: 79 });
  return encoder.close();
}

describe('Garmin: each night and reading on the member’s local day', () => {
  it.each(['settings', 'correlation', 'none'] as const)('a member in Sydney (local time from %s): the night, HRV, weight and pressure of the morning of 21 November', (local) => {
    // 07:00 on 21 November in Sydney (UTC+11) is 20:00 UTC on the 20th.
    const fit = new FitDays('Australia/Sydney');
    fit.read(sydneyFit(new Date('2026-11-20T20:00:00Z'), local, 3_900_000_001));
    const reading = readGarminExport(new Map(), fit)!;
    // The weighing is handed over apart from the days, for the preview to settle: one person, no jump, so it is stored.
    const days = withWeighIns(reading.days, reading.weighIns ?? []);
    expect([...days.keys()]).toEqual(['2026-11-21']);
    expect(days.get('2026-11-21')).toMatchObject({ sleepDurationMinutes: 480, hrvMs: 44, weightKg: 82.5, systolicBpMmhg: 124, diastolicBpMmhg: 79 });
  });

  it('reads every weigh-in date shape Garmin Connect writes', () => {
    expect(['2026-10-20', '2026-10-20T00:00:00.0', '2026-10-20T00:00:00', '2026-10-20 00:00:00', Date.parse('2026-10-20T00:00:00Z'), String(Date.parse('2026-10-20T00:00:00Z'))].map(calendarDate)).toEqual(Array(6).fill('2026-10-20'));
    expect([null, '', 'yesterday', '20/10/2026', -5].map(calendarDate)).toEqual([null, null, null, null, null]);
  });
});

describe('Heart rate and active calories from Oura and Garmin exports', () => {
  it('reads Oura’s heartrate.csv (the API v2 heartrate fields: timestamp, bpm, source) as 5-minute means', () => {
    const csv = ['timestamp;bpm;source', '2026-03-02T07:01:00+01:00;58;awake', '2026-03-02T07:03:30+01:00;62;awake', '2026-03-02T07:06:00+01:00;71;awake', '2026-03-02T07:07:00+01:00;400;awake'].join('\n');
    const reading = readOuraExport(new Map([['heartrate.csv', strToU8(csv)]]))!;
    expect(reading.heartRate).toEqual({ minute: [Date.parse('2026-03-02T06:00:00Z') / 60_000, Date.parse('2026-03-02T06:05:00Z') / 60_000], bpm: [60, 71] });
  });

  it('reads a Garmin monitoring file’s heart rate as 5-minute means and its active calories as running totals per activity type', () => {
    const encoder = new Encoder();
    const put = (name: string, fields: Record<string, unknown>) => encoder.onMesg(MESG(name), fields as never);
    const at = (time: string) => new Date(`2026-03-02T${time}Z`);
    put('FILE_ID', { type: 'monitoringB', manufacturer: 'garmin', product: 3290, serialNumber: 3_900_000_201, timeCreated: at('00:00:00') });
    put('MONITORING_INFO', { timestamp: at('00:00:00'), localTimestamp: fitSeconds(at('00:00:00')) + 3600 });
    // Walking runs up to 180 kcal through the day, running to 240: 420 kcal.
    put('MONITORING', { timestamp: at('09:00:00'), activityType: 'walking', activeCalories: 90, heartRate: 70 });
    put('MONITORING', { timestamp: at('09:02:00'), activityType: 'walking', activeCalories: 120, heartRate: 80 });
    put('MONITORING', { timestamp: at('18:00:00'), activityType: 'running', activeCalories: 240, heartRate: 150 });
    put('MONITORING', { timestamp: at('20:00:00'), activityType: 'walking', activeCalories: 180 });
    const fit = new FitDays();
    fit.read(encoder.close());
    const reading = readGarminExport(new Map(), fit)!;
    expect(reading.days.get('2026-03-02')).toMatchObject({ activeCaloriesKcal: 420 });
    expect(reading.heartRate).toEqual({ minute: [Date.parse('2026-03-02T09:00:00Z') / 60_000, Date.parse('2026-03-02T18:00:00Z') / 60_000], bpm: [75, 150] });
  });
});

describe('Garmin: files one after another', () => {
  // Each file one day's one kind of record, as a watch writes them (monitoring, sleep, HRV, a weighing).
  const fileArb = fc.record({
    day: fc.integer({ min: 0, max: 4 }).map((i) => `2026-03-0${i + 1}`),
    kind: fc.constantFrom('steps', 'sleep', 'hrv', 'weight'),
    value: fc.integer({ min: 1, max: 400 }),
  });

  it('importing the files in two uploads, one after the other, equals importing them whole', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fileArb, { minLength: 1, maxLength: 8, selector: (f) => `${f.day} ${f.kind}` }), fc.integer({ min: 0, max: 8 }), (files, cut) => {
        const bytes = files.map((f, i) =>
          fitDay({ day: f.day, ...(f.kind === 'steps' ? { steps: f.value * 50 } : f.kind === 'sleep' ? { sleepMinutes: f.value + 60 } : f.kind === 'hrv' ? { hrv: f.value / 4 + 10 } : { weightKg: f.value / 4 + 40 }) }, 3_900_001_000 + i),
        );
        const read = (part: Uint8Array[]) => {
          if (!part.length) return new Map();
          const fit = new FitDays();
          for (const file of part) fit.read(file);
          const reading = readGarminExport(new Map(), fit)!;
          return withWeighIns(reading.days, reading.weighIns ?? []);
        };
        const whole = Object.fromEntries(read(bytes));
        const inTurn = Object.fromEntries(importedInTurn('garmin', [read(bytes.slice(0, cut)), read(bytes.slice(cut))].filter((days) => days.size)));
        expect(inTurn).toEqual(whole);
      }),
      { numRuns: 40 },
    );
  });

  it('keeps the day’s largest running total of steps, whatever order a day’s files came in', () => {
    const morning = new Map([['2026-03-02', { steps: 4_000, hrvMs: 45 }]]);
    const evening = new Map([['2026-03-02', { steps: 9_500 }]]);
    expect(importedInTurn('garmin', [evening, morning]).get('2026-03-02')).toEqual({ steps: 9_500, hrvMs: 45 });
    // Another vendor's later file is its own word for the measures it carries.
    expect(importedInTurn('oura', [evening, morning]).get('2026-03-02')).toEqual({ steps: 4_000, hrvMs: 45 });
  });
});

describe('Whoop: a cycle on the day the Whoop app shows it', () => {
  const header = 'Cycle start time,Cycle end time,Cycle timezone,Recovery score %,Energy burned (cal),Wake onset,Asleep duration (min)';
  const whoop = (rows: string[]) => readWhoopExport(new Map([['physiological_cycles.csv', strToU8([header, ...rows].join('\n'))]]))!;

  it('files the energy with the night and recovery, on the date of waking', () => {
    const reading = whoop([
      '2026-03-01 23:10:00,2026-03-02 22:50:00,UTC+01:00,67,2716,2026-03-02 07:05:00,431',
      '2026-03-03 00:40:00,2026-03-03 23:05:00,UTC+01:00,41,2390,2026-03-03 08:00:00,402',
      // No wake onset yet: the date 12 hours after the cycle began.
      '2026-03-03 23:05:00,,UTC+01:00,,812,,',
    ]);
    expect(Object.fromEntries([...reading.days].map(([day, d]) => [day, [d.recoveryScore ?? null, d.totalCaloriesKcal ?? null]]))).toEqual({
      '2026-03-02': [67, 2716],
      '2026-03-03': [41, 2390],
      '2026-03-04': [null, 812],
    });
  });

  it('files the API’s cycles the same way: on the day of the recovery’s night, else 12 hours after the start', () => {
    expect(cycleDayFromLocal('2026-03-01 23:10:00')).toBe('2026-03-02');
    expect(cycleDayFromLocal('2026-03-03 00:40:00')).toBe('2026-03-03');
    const days = whoopDays({
      cycles: [
        { id: 1, start: '2026-03-01T22:10:00.000Z', timezone_offset: '+01:00', score_state: 'SCORED', score: { kilojoule: 11_364 } },
        { id: 2, start: '2026-03-03T12:00:00.000Z', timezone_offset: '-05:00', score_state: 'SCORED', score: { kilojoule: 8_368 } },
      ],
      knownCycleDays: new Map([[1, '2026-03-02']]),
    });
    expect(Object.fromEntries([...days].map(([day, d]) => [day, d.totalCaloriesKcal]))).toEqual({ '2026-03-02': 2716, '2026-03-03': 2000 });
  });
});
