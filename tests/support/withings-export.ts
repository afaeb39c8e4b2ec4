import { strToU8, zipSync } from 'fflate';

/** A fixed modification time in the zip, so that the same fixture is the same file (the same SHA-256). */
const FIXED_TIME = { mtime: new Date('2026-01-01T00:00:00Z') };

// Withings data exports built in code, as the zip its dashboard mails (docs/integrations/history-imports.md
// §5): summary CSV files with their English headers (or German, for an account in German), dates without an
// offset in weight.csv and bp.csv, ISO times with one in sleep.csv, and the daily aggregates as date,value.

export type WithingsDay = { day: string; weightKg?: number; fatKg?: number; systolic?: number; diastolic?: number; lightS?: number; deepS?: number; remS?: number; lowestHeartRate?: number; steps?: number; earned?: number; passive?: number };

const quoted = (values: unknown[]) => values.map((v) => (v === undefined ? '' : typeof v === 'string' && /[,"]/.test(v) ? `"${v}"` : String(v))).join(',');
const csv = (header: string[], rows: unknown[][]) => [quoted(header), ...rows.map(quoted)].join('\n');

export function withingsZip(days: WithingsDay[], options: { language?: 'en' | 'de' } = {}): Uint8Array {
  const de = options.language === 'de';
  const sleepHeader = de
    ? ['von', 'bis', 'leicht (s)', 'tief (s)', 'rem (s)', 'wach (s)', 'Aufwachen', 'Herzfrequenz (min)']
    : ['from', 'to', 'light (s)', 'deep (s)', 'rem (s)', 'awake (s)', 'wake up', 'Duration to sleep (s)', 'Duration to wake up (s)', 'Snoring (s)', 'Snoring episodes', 'Average heart rate', 'Heart rate (min)', 'Heart rate (max)', 'Night events'];
  const previous = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const sleepRows = days
    .filter((d) => d.lightS !== undefined)
    .map((d) => {
      const from = `${previous(d.day)}T23:20:00+01:00`;
      const to = `${d.day}T06:55:00+01:00`;
      return de ? [from, to, d.lightS, d.deepS, d.remS, 900, 1, d.lowestHeartRate] : [from, to, d.lightS, d.deepS, d.remS, 900, 1, 600, 300, 120, 3, 58, d.lowestHeartRate, 92, ''];
    });
  const aggregate = (pick: (d: WithingsDay) => number | undefined) => csv(['date', 'value'], days.filter((d) => pick(d) !== undefined).map((d) => [d.day, pick(d)]));
  return zipSync({
    'data_JOH_1764000000/weight.csv': strToU8(csv(de ? ['Datum', 'Gewicht (kg)', 'Fettmasse (kg)', 'Knochenmasse (kg)', 'Muskelmasse (kg)', 'Wasseranteil (kg)', 'Kommentare'] : ['Date', 'Weight (kg)', 'Fat mass (kg)', 'Bone mass (kg)', 'Muscle mass (kg)', 'Hydration (kg)', 'Comments'], days.filter((d) => d.weightKg !== undefined).flatMap((d) => [[`${d.day} 07:31:12`, d.weightKg, d.fatKg, 3.1, 61.2, 44.9, '']]))),
    'data_JOH_1764000000/bp.csv': strToU8(csv(['Date', 'Heart rate', 'Systolic', 'Diastolic', 'Comments'], days.filter((d) => d.systolic !== undefined).flatMap((d) => [[`${d.day} 07:40:00`, 64, d.systolic, d.diastolic, ''], [`${d.day} 21:02:00`, 71, '', '', 'pulse only']]))),
    'data_JOH_1764000000/sleep.csv': strToU8(csv(sleepHeader, sleepRows)),
    'data_JOH_1764000000/aggregates_steps.csv': strToU8(aggregate((d) => d.steps)),
    'data_JOH_1764000000/aggregates_calories_earned.csv': strToU8(aggregate((d) => d.earned)),
    'data_JOH_1764000000/aggregates_calories_passive.csv': strToU8(aggregate((d) => d.passive)),
    'data_JOH_1764000000/height.csv': strToU8('Date,Value\n2025-01-01 09:00:00,1.82\n'),
    'data_JOH_1764000000/README.txt': strToU8('Withings data export.\n'),
  }, FIXED_TIME);
}
