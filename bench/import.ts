// npm run bench:import [-- --records 5000000] [-- --hostile-only] — writes a synthetic Apple Health export.zip of that many
// records (default 5 million: about 1 GB of export.xml, three years of a Watch's heart rate, steps from a
// phone and a watch, energy, sleep, weight), then reads it the way an import does
// (lib/imports/apple-health-export.ts, streamed from disk), and prints the time, records per second and
// the reading process's peak resident memory (a fresh process, its heap held to 256 MB as the job process
// runs). Then the same for twice as many records: memory must stay flat. Then a Garmin set: three years of
// a watch's daily FIT monitoring files (a heart-rate reading a minute, steps, stress, the night, HRV), zipped.
// Budgets on this 2-core machine: 1 GB in under 5 minutes, peak RSS under 512 MB. Last, hostile files
// (docs/benchmarks.md, "Hostile history files"): a 60 MB FIT file, a zip of text that inflates to 60 MB of CSV, and an export.xml with a
// 200 MB attribute, each read the same way, with the reading process's peak RSS above that of one reading
// a one-day file (budget: 256 MB above idle; a process that dies is reported as such).
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { streamLargeExport } from '../tests/support/apple-health-export';
import { fitDay, largeFit } from '../tests/support/garmin-export';

const argument = process.argv.indexOf('--records');
const RECORDS = argument === -1 ? 5_000_000 : Number(process.argv[argument + 1]);
const BUDGET = { seconds: 300, rssMb: 512 };
/** --hostile-only: the hostile files alone (a minute), without the large exports (several). */
const hostileOnly = process.argv.includes('--hostile-only');

async function writeExport(file: string, records: number): Promise<void> {
  const out = createWriteStream(file);
  await streamLargeExport(records, (chunk) => new Promise<void>((resolve, reject) => (out.write(chunk, (error) => (error ? reject(error) : resolve())))));
  await new Promise<void>((resolve) => out.end(resolve));
}

/** readInChild, or why the process ended without an answer (it died: out of memory, most likely). */
function readHostileInChild(file: string): { peakMb: number; outcome: string } {
  try {
    const read = readInChild(file);
    return { peakMb: read.peakMb, outcome: read.problem ? `refused (${read.problem}) in ${read.seconds.toFixed(1)} s` : `read ${read.records.toLocaleString('en-GB')} records in ${read.seconds.toFixed(1)} s` };
  } catch (error) {
    const status = (error as { status?: number; signal?: string }).signal ?? `exit ${(error as { status?: number }).status}`;
    return { peakMb: Number.NaN, outcome: `the process died (${status})` };
  }
}

/** Reads the file in a fresh process (its heap held to 256 MB, as the job process runs) and reports its peak RSS. */
function readInChild(file: string): { records: number; days: number; seconds: number; peakMb: number; problem?: string } {
  const out = execFileSync(process.execPath, [...process.execArgv, '--max-old-space-size=256', path.join(import.meta.dirname, '..', 'tests', 'support', 'read-export-child.ts'), file], { encoding: 'utf8', maxBuffer: 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
  return JSON.parse(out.trim().split('\n').at(-1)!) as { records: number; days: number; seconds: number; peakMb: number; problem?: string };
}

async function run(records: number, dir: string) {
  const file = path.join(dir, `export-${records}.zip`);
  const written = Date.now();
  await writeExport(file, records);
  const zipMb = statSync(file).size / 1024 ** 2;
  console.log(`wrote ${records.toLocaleString('en-GB')} records: ${zipMb.toFixed(0)} MB zipped (${((Date.now() - written) / 1000).toFixed(0)} s)`);
  const result = readInChild(file);
  rmSync(file);
  return { ...result, perSecond: result.records / result.seconds };
}


/** The large exports and the Garmin set, with their budgets; whether all were met. */
async function largeExports(): Promise<boolean> {
  const results = [];
  for (const records of [RECORDS, RECORDS * 2]) {
    const result = await run(records, dir);
    results.push(result);
    console.log(
      `read ${result.records.toLocaleString('en-GB')} records into ${result.days} days in ${result.seconds.toFixed(1)} s: ${Math.round(result.perSecond).toLocaleString('en-GB')} records/s, peak RSS ${result.peakMb.toFixed(0)} MB`,
    );
  }
  // Garmin: three years of daily FIT files in one zip.
  const fitFiles: Record<string, Uint8Array> = {};
  for (let i = 0; i < 3 * 365; i += 1) {
    const day = new Date(Date.UTC(2023, 0, 1 + i)).toISOString().slice(0, 10);
    fitFiles[`GARMIN/Monitor/${day}.fit`] = fitDay({ day, steps: 8000 + (i % 3000), restingHeartRate: 52, stress: 30, sleepMinutes: 420, sleepScore: 80, hrv: 50 }, 3_987_654_321, true);
  }
  const garmin = path.join(dir, 'garmin.zip');
  writeFileSync(garmin, zipSync(fitFiles));
  const fit = readInChild(garmin);
  console.log(
    `Garmin: ${Object.keys(fitFiles).length} FIT files (${(statSync(garmin).size / 1024 ** 2).toFixed(0)} MB zipped), ${fit.records.toLocaleString('en-GB')} messages into ${fit.days} days in ${fit.seconds.toFixed(1)} s: ${Math.round(fit.records / fit.seconds).toLocaleString('en-GB')} messages/s, peak RSS ${fit.peakMb.toFixed(0)} MB`,
  );
  const [first, second] = results as [(typeof results)[number], (typeof results)[number]];
  const fast = first.seconds < (BUDGET.seconds * RECORDS) / 5_000_000;
  const small = Math.max(first.peakMb, second.peakMb, fit.peakMb) < BUDGET.rssMb;
  const flat = second.peakMb < first.peakMb * 1.25;
  console.log(`time for ${RECORDS.toLocaleString('en-GB')} records within budget (${BUDGET.seconds} s per 5 million): ${fast ? 'PASS' : 'FAIL'}`);
  console.log(`peak RSS under ${BUDGET.rssMb} MB: ${small ? 'PASS' : 'FAIL'}; flat as the file doubles (${first.peakMb.toFixed(0)} → ${second.peakMb.toFixed(0)} MB): ${flat ? 'PASS' : 'FAIL'}`);
  return fast && small && flat;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'vt-bench-import-'));
try {
  console.log(`bench:import  (node ${process.version}, ${os.cpus().length} cores)`);
  let largeOk = true;
  if (!hostileOnly) largeOk = await largeExports();
  // Hostile files, each against a process that read one day's FIT file (the idle the budget counts from).
  const idleFile = path.join(dir, 'one-day.fit');
  writeFileSync(idleFile, fitDay({ day: '2026-03-01', steps: 8000 }));
  const idle = readInChild(idleFile).peakMb;
  const hostile: [string, string][] = [];
  const bigFit = path.join(dir, 'big.fit');
  writeFileSync(bigFit, largeFit(60));
  hostile.push([`a ${(statSync(bigFit).size / 1024 ** 2).toFixed(0)} MB FIT file`, bigFit]);
  const limitFit = path.join(dir, 'limit.fit');
  writeFileSync(limitFit, largeFit(6.9));
  hostile.push([`a ${(statSync(limitFit).size / 1024 ** 2).toFixed(1)} MB FIT file (the largest taken)`, limitFit]);
  const bomb = path.join(dir, 'text-bomb.zip');
  const row = '2024-01-01 00:00:00,2024-01-02 00:00:00,UTC,55,60,70,' + 'x'.repeat(200) + '\n';
  writeFileSync(bomb, zipSync({ 'my_whoop_data/physiological_cycles.csv': new TextEncoder().encode('Cycle start time,Cycle end time,Cycle timezone,Recovery score %,Resting heart rate (bpm),Heart rate variability (ms),Notes\n' + row.repeat(Math.floor((60 * 1024 ** 2) / row.length))) }, { level: 9 }));
  hostile.push([`a ${(statSync(bomb).size / 1024 ** 2).toFixed(1)} MB zip of 60 MB of CSV text`, bomb]);
  const largestCsv = path.join(dir, 'largest-csv.zip');
  writeFileSync(largestCsv, zipSync({ 'my_whoop_data/physiological_cycles.csv': new TextEncoder().encode('Cycle start time,Cycle end time,Cycle timezone,Recovery score %,Resting heart rate (bpm),Heart rate variability (ms),Notes\n' + row.repeat(Math.floor((31.5 * 1024 ** 2) / row.length))) }, { level: 9 }));
  hostile.push([`a ${(statSync(largestCsv).size / 1024 ** 2).toFixed(1)} MB zip of 31.5 MB of CSV text (the largest taken)`, largestCsv]);
  const giant = path.join(dir, 'giant-attribute.zip');
  const xml = new TextEncoder().encode(`<?xml version="1.0"?><HealthData locale="en_GB"><Record type="HKQuantityTypeIdentifierStepCount" sourceName="${'a'.repeat(200 * 1024 ** 2)}" unit="count" value="1" startDate="2024-01-01 08:00:00 +0000" endDate="2024-01-01 08:01:00 +0000"/></HealthData>`);
  writeFileSync(giant, zipSync({ 'apple_health_export/export.xml': xml }, { level: 6 }));
  hostile.push([`an export.xml with a 200 MB attribute (${(statSync(giant).size / 1024 ** 2).toFixed(1)} MB zipped)`, giant]);
  console.log(`\nhostile files (peak RSS above a process reading one day's FIT file, ${idle.toFixed(0)} MB; budget 256 MB):`);
  let hostileOk = true;
  for (const [name, file] of hostile) {
    const { peakMb, outcome } = readHostileInChild(file);
    const above = peakMb - idle;
    const ok = Number.isFinite(above) && above <= 256;
    hostileOk &&= ok;
    console.log(`  ${name}: ${outcome}; peak ${Number.isFinite(peakMb) ? `${peakMb.toFixed(0)} MB, ${above.toFixed(0)} MB above idle` : 'unknown'}  ${ok ? 'PASS' : 'FAIL'}`);
  }
  console.log(`hostile files within 256 MB above idle: ${hostileOk ? 'PASS' : 'FAIL'}`);
  process.exitCode = largeOk && hostileOk ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
