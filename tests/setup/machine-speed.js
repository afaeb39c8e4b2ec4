// The one place the test suite's time limits come from (docs/testing.md, "Time limits"). A limit is the time
// after which a wait counts as failed, never a guess of how long the awaited thing takes: every wait in the
// suite is on an event (a page's text, a row, a process's exit), and the limit only says when to give up.
// The limits are written for this project's 2-core machine on a good day and multiplied by the machine's
// speed factor: how much slower than that day a small probe runs now (a CPU loop and new memory, in one
// process per core at once, the way the suite loads them). `npm test` measures it once at its start and passes it to every step in
// TEST_SPEED_FACTOR; a step run alone (`npm run test:jest`, `npx playwright test`) measures it when this module
// is first loaded, and its workers inherit the figure. The factor is never below 1: a faster machine keeps the
// limits as written.
import { execFileSync, spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * The probe, run in one process per core at once (the suite loads them so): a fixed integer loop, then
 * 128 MB of new memory touched page by page. The loop alone misses the slow days: on 1 Dec 2026 it ran at
 * its fast-day speed (`npm run bench:machine`: 8,602 ms) while the suite took 1,657 s against 691–753 s,
 * and new memory (the page faults of every process the suite starts: servers, browsers, workers) cost
 * 13 µs a page; so the probe's time includes starting its processes and faulting their memory in.
 */
const LOOP_ITERATIONS = 2e7;
const TOUCHED_BYTES = 128 * 1024 * 1024;
/**
 * The probe's time, in ms, on a good day. Measured idle on 1 Dec 2026 at 1,182–1,206 ms on a day whose
 * suite ran 2.3 times as long as on the good days before it (1,657 s against 691–753 s); this is 1,190 ms
 * divided by 2.3. Where a good day's memory is as slow as that day's, the factor stays above 1 on
 * good days too: a limit longer than it need be costs only a failing test's time.
 */
export const REFERENCE_MS = 520;
/** A factor past this says the measurement itself went wrong (a stalled machine): the limits stop growing. */
const MOST = 6;

/** One process's share of the probe (this file with --part). */
function probePart() {
  let x = 0;
  for (let i = 0; i < LOOP_ITERATIONS; i++) x = (x * 1103515245 + 12345) % 2147483648;
  const memory = new Uint8Array(TOUCHED_BYTES);
  for (let i = 0; i < memory.length; i += 4096) memory[i] = x & 1;
  return memory[0];
}

/** The probe's wall time in ms: one process per core started at once, until the last has exited. */
export async function probeMs() {
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from(
      { length: os.availableParallelism() },
      () =>
        new Promise((resolve, reject) => {
          const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--part'], { stdio: 'ignore' });
          child.once('error', reject);
          child.once('exit', (code) => (code === 0 ? resolve(undefined) : reject(new Error(`the speed probe exited with ${code}`))));
        }),
    ),
  );
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** The factor for a probe time: ms against the reference, at least 1, at most MOST, to one decimal. */
export function factorOf(ms) {
  return Math.min(MOST, Math.max(1, Math.ceil((ms / REFERENCE_MS) * 10) / 10));
}

/** Measures the factor now (about a second on a good day): the quicker of two probes, so one hiccup is not a slow day. */
export async function measureSpeedFactor() {
  return factorOf(Math.min(await probeMs(), await probeMs()));
}

/** TEST_SPEED_FACTOR if it holds a number of 1 or more; else null. */
function givenFactor() {
  const given = Number(process.env.TEST_SPEED_FACTOR);
  return Number.isFinite(given) && given >= 1 ? given : null;
}

/**
 * The machine's speed factor: TEST_SPEED_FACTOR when `npm test` (or the developer) set it, else measured once
 * in a child process (the config files that load this module are synchronous) and kept in TEST_SPEED_FACTOR,
 * so that the workers this process starts use the same figure.
 */
export function speedFactor() {
  const given = givenFactor();
  if (given !== null) return given;
  const measured = Number(execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--measure'], { encoding: 'utf8' }).trim());
  process.env.TEST_SPEED_FACTOR = String(measured);
  return measured;
}

/** A time limit of `ms` on the reference day, for the machine as it is today. */
export function budget(ms) {
  return Math.ceil(ms * speedFactor());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--part')) probePart();
  if (process.argv.includes('--measure')) void measureSpeedFactor().then((factor) => console.log(factor));
  if (process.argv.includes('--ms')) void probeMs().then((ms) => console.log(`${ms.toFixed(0)} ms`));
}
