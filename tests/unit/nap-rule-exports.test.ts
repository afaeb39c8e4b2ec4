// The one nap rule for every vendor's export (docs/integrations/history-imports.md §6): a day's sleep is its
// main sleep, the longest session ending on that day; a nap is neither added to it nor put in its place.
// Withings' sleep.csv has its own tests (withings-export-naps.test.ts); these are Whoop's and Oura's files,
// written here in the vendors' documented columns, with the expected figures worked by hand from the rows.
import { describe, expect, it } from '@jest/globals';
import { strToU8, zipSync } from 'fflate';
import { readHistoryExport } from '@/lib/imports/read-export';

const daysOf = (reading: { days: ReadonlyMap<string, object> }) => Object.fromEntries(reading.days);

describe('Whoop’s physiological_cycles.csv', () => {
  const header =
    'Cycle start time,Cycle end time,Cycle timezone,Recovery score %,Resting heart rate (bpm),Heart rate variability (ms),Skin temp (celsius),Blood oxygen %,Day Strain,Energy burned (cal),Max HR (bpm),Average HR (bpm),Sleep onset,Wake onset,Sleep performance %,Respiratory rate (rpm),Asleep duration (min),In bed duration (min),Light sleep duration (min),Deep (SWS) duration (min),REM duration (min),Awake duration (min),Sleep need (min),Sleep debt (min),Sleep efficiency %,Sleep consistency %';
  // Two cycles waking on 2026-03-02, newest first as Whoop lists them. The later: asleep 04:05 → 09:35 (330 min
  // in bed = light 160 + deep 71 + REM 70 = 301 asleep, + 29 awake). The earlier: 23:00 → 02:40 (220 min in bed =
  // 110 + 45 + 35 = 190 asleep, + 30 awake).
  const later = '2026-03-02 04:05:00,2026-03-02 23:10:00,UTC-05:00,58,54,41,33.4,95.8,9.8,2140,151,68,2026-03-02 04:05:00,2026-03-02 09:35:00,71,15.2,301,330,160,71,70,29,480,60,91,64';
  const earlier = '2026-03-01 23:00:00,2026-03-02 04:05:00,UTC-05:00,33,60,30,33.6,96.1,2.1,310,96,63,2026-03-01 23:00:00,2026-03-02 02:40:00,40,15.8,190,220,110,45,35,30,480,170,86,52';
  const main = { recoveryScore: 58, restingHeartRateBpm: 54, hrvMs: 41, sleepScore: 71, sleepDurationMinutes: 301, respiratoryRateBpm: 15.2, totalCaloriesKcal: 2140, sleepLightMinutes: 160, sleepDeepMinutes: 71, sleepRemMinutes: 70, sleepAwakeMinutes: 29 };

  it('keeps the cycle with the day’s longest sleep, whichever order the rows come in', async () => {
    for (const rows of [[later, earlier], [earlier, later]]) {
      const { kind, reading } = await readHistoryExport([zipSync({ 'my_whoop_data/physiological_cycles.csv': strToU8([header, ...rows].join('\n')) })]);
      expect(kind).toBe('whoop');
      expect(daysOf(reading)).toEqual({ '2026-03-02': main });
    }
  });
});

describe('Oura’s sleepmodel.csv', () => {
  const header = 'id;day;type;bedtime_start;bedtime_end;total_sleep_duration;deep_sleep_duration;light_sleep_duration;rem_sleep_duration;awake_time;lowest_heart_rate;average_hrv;average_breath';
  // 2026-04-11: the night (long_sleep, 26,400 s = 440 min: deep 5,400 + light 15,000 + REM 6,000), then an
  // afternoon nap (late_nap, 5,400 s) and a short sleep (type "sleep", 12,000 s) listed after it.
  const rows = [
    'a1;2026-04-11;long_sleep;2026-04-10T23:30:00+02:00;2026-04-11T07:50:00+02:00;26400;5400;15000;6000;1800;51;57;14.4',
    'a2;2026-04-11;late_nap;2026-04-11T14:10:00+02:00;2026-04-11T15:50:00+02:00;5400;600;4200;600;600;58;44;15.1',
    'a3;2026-04-11;sleep;2026-04-11T19:00:00+02:00;2026-04-11T22:40:00+02:00;12000;2400;7200;2400;1200;55;49;14.9',
  ];

  it('files the night (the day’s longest long_sleep) with its own stages, the nap and the short sleep apart', async () => {
    for (const order of [rows, [...rows].reverse()]) {
      const { kind, reading } = await readHistoryExport([zipSync({ 'App Data/sleepmodel.csv': strToU8([header, ...order].join('\n')) })]);
      expect(kind).toBe('oura');
      // 440 min; deep 90, light 250, REM 100, awake 1,800 s = 30; the night's lowest 51, HRV 57, breaths 14.4.
      expect(daysOf(reading)).toEqual({ '2026-04-11': { sleepDurationMinutes: 440, sleepDeepMinutes: 90, sleepLightMinutes: 250, sleepRemMinutes: 100, sleepAwakeMinutes: 30, restingHeartRateBpm: 51, hrvMs: 57, respiratoryRateBpm: 14.4 } });
    }
  });
});
