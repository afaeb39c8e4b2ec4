// `npm test`: ESLint beside the production build (whose TypeScript step checks the whole program that
// `npm run typecheck` checks, and more: the route types Next generates); then, on the build, Jest beside
// Playwright. A step starts once the steps it waits for have passed, and none starts after any step has
// failed, like a chain of `&&`. At the end it prints each step's start and time and the slowest tests,
// failed or not (scripts/test-timings.mjs).
//
// Jest and Playwright run side by side because neither fills the two cores on its own the way they do
// together: Playwright spends about 600 CPU-seconds over nine minutes of mostly waiting pages and cameras
// (with more workers it burned 1,000 in the same time; docs/testing.md). Side by side, each step's output is
// printed whole when it ends.
//
// Before the steps start it measures the machine's speed factor (tests/setup/machine-speed.js), which every
// time limit of Jest and Playwright is multiplied by, and passes it on in TEST_SPEED_FACTOR. With
// TEST_SLOW_DAY=1 (`npm run test:slow-day`) a busy loop holds one core for the whole run, as the slow days
// looked (docs/testing.md, "A slow day, rehearsed"); the factor is measured with it running.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { measureSpeedFactor } from '../tests/setup/machine-speed.js';
import { TIMINGS_DIR } from '../tests/timing/timings-dir.mjs';
import { printTimings } from './test-timings.mjs';
import { holdOneCore } from './slow-day.mjs';

// The build is the one docs/deployment.md gives (tests/integration/http/deployment-guide.test.ts checks it).
const STEPS = [
  { name: 'lint', command: 'npm run lint' },
  { name: 'build + typecheck', command: 'npm run build' },
  // Jest at Playwright's priority: at niceness 5, when Playwright was the longer chain, Jest filled the CPU it
  // left; since the suite grew, Jest is the longer (790 s against Playwright's 658 in the fresh clone at
  // 1df6147, its last 130 s alone on a CPU it cannot fill; 764 against 662 at niceness 2), so the two share it.
  { name: 'jest', command: 'npm run test:jest', after: ['build + typecheck'] },
  { name: 'playwright', command: 'npm run test:e2e', after: ['build + typecheck'] },
];

const started = Date.now();
const seconds = (from, to = Date.now()) => (to - from) / 1000;

/** Runs one step; its output is kept and printed whole when it ends, so that outputs never interleave. */
function run(step) {
  return new Promise((resolve) => {
    const begun = Date.now();
    const [command, ...args] = step.command.split(' ');
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const passed = code === 0;
      const text = Buffer.concat(output).toString();
      process.stdout.write(`--- ${step.command}: ${passed ? 'passed' : `failed (${signal ?? `exit ${code}`})`}\n${text}${text && !text.endsWith('\n') ? '\n' : ''}`);
      resolve({ name: step.name, start: seconds(started, begun), seconds: seconds(begun), passed });
    });
  });
}

rmSync(TIMINGS_DIR, { recursive: true, force: true });
mkdirSync(TIMINGS_DIR, { recursive: true });
const slowDay = process.env.TEST_SLOW_DAY === '1' ? holdOneCore() : null;
process.env.TEST_SPEED_FACTOR ||= String(await measureSpeedFactor());
console.log(`--- the machine's speed factor: ${process.env.TEST_SPEED_FACTOR} (every test's time limit is multiplied by it)${slowDay ? '; a slow day, rehearsed: one core held busy' : ''}`);
const results = new Map();
const running = new Map();
const failed = () => [...results.values()].filter((result) => !result.passed);
for (;;) {
  if (!failed().length)
    for (const step of STEPS)
      if (!results.has(step.name) && !running.has(step.name) && (step.after ?? []).every((name) => results.get(name)?.passed))
        running.set(step.name, run(step));
  if (!running.size) break;
  const result = await Promise.race(running.values());
  running.delete(result.name);
  results.set(result.name, result);
  const steps = STEPS.filter((step) => results.has(step.name)).map((step) => results.get(step.name));
  writeFileSync(path.join(TIMINGS_DIR, 'steps.json'), `${JSON.stringify({ seconds: seconds(started), speedFactor: Number(process.env.TEST_SPEED_FACTOR), slowDay: Boolean(slowDay), steps }, null, 1)}\n`);
}
slowDay?.stop();
printTimings();
const failures = failed();
const skipped = STEPS.filter((step) => !results.has(step.name)).map((step) => step.name);
if (failures.length) {
  console.error(`npm test: ${failures.map((step) => step.name).join(', ')} failed${skipped.length ? `; not run: ${skipped.join(', ')}` : ''}`);
  process.exit(1);
}
