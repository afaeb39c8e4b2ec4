// npm run bench:import [-- --records 5000000] — writes a synthetic Apple Health export.zip of that many
// records (default 5 million: about 1 GB of export.xml, three years of a Watch's heart rate, steps from a
// phone and a watch, energy, sleep, weight), then reads it the way an import does
// (lib/imports/apple-health-export.ts, streamed from disk), and prints the time, records per second and
// the reading process's peak resident memory (a fresh process, its heap held to 256 MB as the job process
// runs). Then the same for twice as many records: memory must stay flat. Then a Garmin set: three years of
// a watch's daily FIT monitoring files (a heart-rate reading a minute, steps, stress, the night, HRV), zipped.
// Budgets on this 2-core machine: 1 GB in under 5 minutes, peak RSS under 512 MB.
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { readHistoryExport } from '@/lib/imports/read-export';
import { yielding } from '@/lib/jobs/priority';
import { streamLargeExport } from '../tests/support/apple-health-export';
import { fitDay } from '../tests/support/garmin-export';

const argument = process.argv.indexOf('--records');
const RECORDS = argument === -1 ? 5_000_000 : Number(process.argv[argument + 1]);
const BUDGET = { seconds: 300, rssMb: 512 };

async function writeExport(file: string, records: number): Promise<void> {
  const out = createWriteStream(file);
  await streamLargeExport(records, (chunk) => new Promise<void>((resolve, reject) => (out.write(chunk, (error) => (error ? reject(error) : resolve())))));
  await new Promise<void>((resolve) => out.end(resolve));
}

/** Reads the file in a fresh process (its heap held to 256 MB, as the job process runs) and reports its peak RSS. */
function readInChild(file: string): { records: number; days: number; seconds: number; peakMb: number } {
  const out = execFileSync(process.execPath, [...process.execArgv, '--max-old-space-size=256', path.join(import.meta.dirname, 'import.ts'), '--read', file], { encoding: 'utf8', maxBuffer: 1024 * 1024 });
  return JSON.parse(out.trim().split('\n').at(-1)!) as { records: number; days: number; seconds: number; peakMb: number };
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

if (process.argv.includes('--read')) {
  // The child: read one file, print one JSON line.
  const file = process.argv[process.argv.indexOf('--read') + 1]!;
  // --yielding: resting between stretches of work, as the import job reads (lib/imports/history.ts).
  const started = Date.now();
  const stream = createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Uint8Array>;
  const { reading } = await readHistoryExport(process.argv.includes('--yielding') ? yielding(stream) : stream);
  const seconds = (Date.now() - started) / 1000;
  console.log(JSON.stringify({ records: reading.records, days: reading.days.size, seconds, peakMb: process.resourceUsage().maxRSS / 1024 }));
  process.exit(0);
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'vt-bench-import-'));
try {
  console.log(`bench:import  (node ${process.version}, ${os.cpus().length} cores)`);
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
  process.exitCode = fast && small && flat ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
