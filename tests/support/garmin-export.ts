import { Encoder, Profile, Utils } from '@garmin/fitsdk';
import { strToU8, zipSync } from 'fflate';

/** A fixed modification time in the zip, so that the same fixture is the same file (the same SHA-256). */
const FIXED_TIME = { mtime: new Date('2026-01-01T00:00:00Z') };

// Garmin files built in code (docs/integrations/history-imports.md §2): FIT files written with Garmin's own
// FIT SDK encoder (a day's monitoring, a night's sleep stages with its score, the HRV status, a weighing),
// and the Garmin Connect account export: DI_CONNECT's JSON day summaries, with FIT files in a nested zip.

export type GarminDay = { day: string; steps?: number; restingHeartRate?: number; stress?: number; sleepMinutes?: number; sleepScore?: number; hrv?: number; weightKg?: number; bodyFat?: number };

/** Message numbers from Garmin's profile (its types give MesgNum as a plain record). */
const MESG = (name: string): number => {
  const number = Profile.MesgNum[name];
  if (number === undefined) throw new Error(`No FIT message ${name}`);
  return number;
};

const at = (day: string, time: string) => new Date(`${day}T${time}Z`);
const fitSeconds = (date: Date) => Math.round((date.getTime() - Utils.FIT_EPOCH_MS) / 1000);

/**
 * One FIT file of a day: monitoring (steps in two activity types, resting heart rate, stress), the night, HRV,
 * a weighing; local time UTC+1. `everyMinute` adds a heart-rate reading for each minute, as a watch's
 * monitoring file holds (about 1,440 messages a day).
 */
export function fitDay(d: GarminDay, serialNumber = 3_987_654_321, everyMinute = false): Uint8Array {
  const encoder = new Encoder();
  // The SDK's types list each message's fields; these fixtures name them as its profile does.
  const put = (name: string, fields: Record<string, unknown>) => encoder.onMesg(MESG(name), fields as never);
  const start = at(d.day, '00:00:00');
  put('FILE_ID', { type: 'monitoringB', manufacturer: 'garmin', product: 3290, serialNumber, timeCreated: start });
  put('MONITORING_INFO', { timestamp: start, localTimestamp: fitSeconds(start) + 3600 });
  if (d.steps !== undefined) {
    // Running totals through the day: walking to 80% of the day's steps, running the rest. The profile's
    // `cycles` are strides (scale 2): its `steps` subfield reads the raw count, twice the cycles.
    const walking = Math.round(d.steps * 0.8);
    for (const [time, share] of [['08:00:00', 0.25], ['13:00:00', 0.6], ['19:00:00', 1]] as const) {
      put('MONITORING', { timestamp: at(d.day, time), activityType: 'walking', cycles: Math.round(walking * share) / 2, heartRate: 74 });
    }
    put('MONITORING', { timestamp: at(d.day, '18:00:00'), activityType: 'running', cycles: (d.steps - walking) / 2 });
  }
  if (everyMinute) for (let minute = 0; minute < 1440; minute += 1) put('MONITORING', { timestamp: new Date(start.getTime() + minute * 60_000), heartRate: 55 + (minute % 40) });
  if (d.restingHeartRate !== undefined) put('MONITORING_HR_DATA', { timestamp: at(d.day, '20:00:00'), restingHeartRate: d.restingHeartRate, currentDayRestingHeartRate: d.restingHeartRate });
  if (d.stress !== undefined) {
    for (const [time, delta] of [['09:00:00', -8], ['12:00:00', 0], ['16:00:00', 8]] as const) put('STRESS_LEVEL', { stressLevelTime: at(d.day, time), stressLevelValue: d.stress + delta });
    put('STRESS_LEVEL', { stressLevelTime: at(d.day, '17:00:00'), stressLevelValue: -1 });
  }
  if (d.sleepMinutes !== undefined) {
    // The night ends this morning at 06:00 local (05:00 UTC): light, deep, REM, light, then awake.
    const end = at(d.day, '05:00:00').getTime();
    const begin = end - d.sleepMinutes * 60_000;
    const quarter = (d.sleepMinutes * 60_000) / 4;
    (['light', 'deep', 'rem', 'light'] as const).forEach((level, i) => put('SLEEP_LEVEL', { timestamp: new Date(begin + i * quarter), sleepLevel: level }));
    put('SLEEP_LEVEL', { timestamp: new Date(end), sleepLevel: 'awake' });
    if (d.sleepScore !== undefined) put('SLEEP_ASSESSMENT', { overallSleepScore: d.sleepScore });
  }
  if (d.hrv !== undefined) put('HRV_STATUS_SUMMARY', { timestamp: at(d.day, '05:00:00'), lastNightAverage: d.hrv, weeklyAverage: d.hrv, status: 'balanced' });
  if (d.weightKg !== undefined) put('WEIGHT_SCALE', { timestamp: at(d.day, '06:30:00'), weight: d.weightKg, percentFat: d.bodyFat });
  return encoder.close();
}

/**
 * One FIT monitoring file of about `megabytes` MB: a heart-rate reading every second from 1 January 2024
 * (a watch's own files are kilobytes to a few megabytes a day; this is the size the upload limit allows).
 */
export function largeFit(megabytes: number): Uint8Array {
  const encoder = new Encoder();
  const put = (name: string, fields: Record<string, unknown>) => encoder.onMesg(MESG(name), fields as never);
  const start = at('2024-01-01', '00:00:00').getTime();
  put('FILE_ID', { type: 'monitoringB', manufacturer: 'garmin', product: 3290, serialNumber: 3_987_654_321, timeCreated: new Date(start) });
  // A monitoring message of a timestamp and a heart rate takes 7 bytes once its definition is written.
  const count = Math.round((megabytes * 1024 ** 2) / 7);
  for (let second = 0; second < count; second += 1) put('MONITORING', { timestamp: new Date(start + second * 1000), heartRate: 55 + (second % 40) });
  return encoder.close();
}

/** The same bytes with one data byte changed: the file's CRC no longer matches. */
export function withBadCrc(fit: Uint8Array): Uint8Array {
  const bad = fit.slice();
  bad[Math.floor(bad.length / 2)]! ^= 0x5a;
  return bad;
}

/** A zip of FIT files (as copied from a watch's GARMIN/Monitor folder). */
export const fitZip = (files: Record<string, Uint8Array>) => zipSync(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [`GARMIN/Monitor/${name}`, bytes])), FIXED_TIME);

const json = (value: unknown) => strToU8(JSON.stringify(value));

/** Garmin Connect's account export: day summaries, nights, HRV and weight as JSON; FIT files in a nested zip. */
export function garminConnectZip(days: GarminDay[], fitFiles: Record<string, Uint8Array> = {}): Uint8Array {
  const root = 'a1b2c3d4-0000-4000-8000-1234567890ab/DI_CONNECT';
  const range = `${days[0]?.day ?? '2026-01-01'}_${days.at(-1)?.day ?? '2026-01-01'}`;
  const uds = days.map((d) => ({
    userProfilePK: 98765,
    calendarDate: d.day,
    uuid: `uds-${d.day}`,
    totalSteps: d.steps ?? null,
    activeKilocalories: d.steps === undefined ? null : 420,
    totalKilocalories: d.steps === undefined ? null : 2480,
    restingHeartRate: d.restingHeartRate ?? null,
    minHeartRate: 48,
    maxHeartRate: 151,
    allDayStress: { aggregatorList: [{ type: 'TOTAL', averageStressLevel: d.stress ?? -1, maxStressLevel: 88 }, { type: 'AWAKE', averageStressLevel: 40 }] },
    bodyBattery: { chargedValue: 60, drainedValue: 55 },
  }));
  const sleep = days
    .filter((d) => d.sleepMinutes !== undefined)
    .map((d) => ({ calendarDate: d.day, sleepStartTimestampGMT: `${d.day}T00:00:00.0`, deepSleepSeconds: d.sleepMinutes! * 15, lightSleepSeconds: d.sleepMinutes! * 30, remSleepSeconds: d.sleepMinutes! * 15, awakeSleepSeconds: 1200, unmeasurableSeconds: 0, averageRespiration: 14.2, sleepScores: { overallScore: d.sleepScore ?? null, qualityScore: 70 } }));
  const health = days.filter((d) => d.hrv !== undefined).map((d) => ({ calendarDate: d.day, metrics: [{ type: 'HRV', value: d.hrv, status: 'IN_RANGE' }, { type: 'HR', value: 55, status: 'IN_RANGE' }] }));
  const bio = days.filter((d) => d.weightKg !== undefined).map((d) => ({ metaData: { calendarDate: d.day }, weight: { weight: d.weightKg! * 1000, bodyFat: d.bodyFat ?? null } }));
  const files: Record<string, Uint8Array> = {
    [`${root}/DI-Connect-Aggregator/UDSFile_${range}.json`]: json(uds),
    [`${root}/DI-Connect-Wellness/${range}_98765_sleepData.json`]: json(sleep),
    [`${root}/DI-Connect-Wellness/${range}_98765_healthStatusData.json`]: json(health),
    [`${root}/DI-Connect-Wellness/98765_userBioMetrics.json`]: json(bio),
    [`${root}/DI-Connect-Fitness/someone@example.com_0_summarizedActivities.json`]: json([{ summarizedActivitiesExport: [] }]),
  };
  if (Object.keys(fitFiles).length) files[`${root}/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip`] = zipSync(fitFiles, FIXED_TIME);
  return zipSync(files, FIXED_TIME);
}
