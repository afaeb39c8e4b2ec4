// The import job's memory whatever the file (docs/benchmarks.md, "Hostile history files"): each hostile history file read in a process of its
// own, as the job reads it (tests/support/read-export-child.ts, heap held to 256 MB), refused or read
// within 256 MB of resident memory above a process that read one day's FIT file. Measured from /proc
// (VmHWM). bench:import prints the same figures with the time each took.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { zipSync } from 'fflate';
import { fitDay, largeFit } from '../support/garmin-export';
import { budget } from '../setup/machine-speed.js';

const BUDGET_MB = 256;
const dir = mkdtempSync(path.join(tmpdir(), 'vt-import-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Read = { records: number; peakMb: number; problem?: string };
function readInChild(name: string, bytes: Uint8Array): Read {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--max-old-space-size=256', 'tests/support/read-export-child.ts', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return JSON.parse(out.trim().split('\n').at(-1)!) as Read;
}

const HEADER = 'Cycle start time,Cycle end time,Cycle timezone,Recovery score %,Resting heart rate (bpm),Heart rate variability (ms),Notes\n';
const ROW = `2024-01-01 00:00:00,2024-01-02 00:00:00,UTC,55,60,70,${'x'.repeat(200)}\n`;
const whoopCsv = (megabytes: number) => zipSync({ 'my_whoop_data/physiological_cycles.csv': new TextEncoder().encode(HEADER + ROW.repeat(Math.floor((megabytes * 1024 ** 2) / ROW.length))) }, { level: 9 });

describe('reading a hostile history file', () => {
  const idle = () => readInChild('one-day.fit', fitDay({ day: '2026-03-01', steps: 8000 })).peakMb;

  it.each([
    // Refused by its size as it arrives: a real FIT file's start, then 60 MB (what follows is never decoded).
    ['a 60 MB FIT file, refused before it is decoded', () => Buffer.concat([fitDay({ day: '2026-03-01', steps: 8000 }), Buffer.alloc(60 * 1024 ** 2)]), 'fit_too_large'],
    ['the largest FIT file taken (a heart rate every second, 5.9 MB)', () => largeFit(6.9), null],
    ['a small zip of 60 MB of CSV text, refused as it inflates', () => whoopCsv(60), 'too_large'],
    ['the largest CSV file taken (31.5 MB)', () => whoopCsv(31.5), null],
    ['an export.xml with a 50 MB attribute, refused before it is held', () => zipSync({ 'apple_health_export/export.xml': new TextEncoder().encode(`<?xml version="1.0"?><HealthData locale="en_GB"><Record type="HKQuantityTypeIdentifierStepCount" sourceName="${'a'.repeat(50 * 1024 ** 2)}" unit="count" value="1" startDate="2024-01-01 08:00:00 +0000" endDate="2024-01-01 08:01:00 +0000"/></HealthData>`) }, { level: 6 }), 'oversized'],
  ] as const)('%s, within 256 MB above idle', (name, make, problem) => {
    const baseline = idle();
    const read = readInChild(`${name.slice(0, 12).replace(/\W/g, '-')}.bin`, make());
    expect(read.problem ?? null).toBe(problem);
    if (problem === null) expect(read.records).toBeGreaterThan(100_000);
    expect(read.peakMb - baseline).toBeLessThanOrEqual(BUDGET_MB);
  }, budget(120_000));
});
