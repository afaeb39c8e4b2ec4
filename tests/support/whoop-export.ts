import { strToU8, zipSync } from 'fflate';

/** A fixed modification time in the zip, so that the same fixture is the same file (the same SHA-256). */
const FIXED_TIME = { mtime: new Date('2026-01-01T00:00:00Z') };

// Whoop data exports built in code, as the zip Whoop mails (docs/integrations/history-imports.md §3):
// physiological_cycles.csv with its exact header, local wall-clock times and the cycle's UTC offset.

export const WHOOP_CYCLE_HEADER = [
  'Cycle start time', 'Cycle end time', 'Cycle timezone', 'Recovery score %', 'Resting heart rate (bpm)', 'Heart rate variability (ms)',
  'Skin temp (celsius)', 'Blood oxygen %', 'Day Strain', 'Energy burned (cal)', 'Max HR (bpm)', 'Average HR (bpm)', 'Sleep onset', 'Wake onset',
  'Sleep performance %', 'Respiratory rate (rpm)', 'Asleep duration (min)', 'In bed duration (min)', 'Light sleep duration (min)',
  'Deep (SWS) duration (min)', 'REM duration (min)', 'Awake duration (min)', 'Sleep need (min)', 'Sleep debt (min)', 'Sleep efficiency %', 'Sleep consistency %',
];

export type WhoopCycle = { start: string; wake: string; recovery: number | ''; restingHeartRate: number | ''; hrv: number | ''; sleepPerformance: number | ''; asleep: number | ''; respiratoryRate: number | ''; energy: number | '' };

/** One cycle row, its other columns filled as Whoop fills them. */
const rowOf = (c: WhoopCycle) =>
  [c.start, '', 'UTC+01:00', c.recovery, c.restingHeartRate, c.hrv, '33.1', '96.2', '11.4', c.energy, '171', '68', c.wake.replace(/\d{2}:\d{2}:\d{2}$/, '23:10:00'), c.wake, c.sleepPerformance, c.respiratoryRate, c.asleep, '480', '230', '95', '105', '30', '470', '20', '91', '78'].join(',');

export function whoopZip(cycles: WhoopCycle[], header = WHOOP_CYCLE_HEADER): Uint8Array {
  const csv = [header.join(','), ...cycles.map(rowOf)].join('\n');
  return zipSync({ 'my_whoop_data_2026_03_12/physiological_cycles.csv': strToU8(csv), 'my_whoop_data_2026_03_12/journal_entries.csv': strToU8('Cycle start time,Question text,Answered yes,Notes\n') }, FIXED_TIME);
}
