// `npm test`: ESLint beside the production build (whose TypeScript step checks the whole program that
// `npm run typecheck` checks, and more: the route types Next generates), then Jest beside Playwright.
// Stops after the first phase that fails, like a chain of `&&`, and prints every phase's time and the
// slowest tests at the end, failed or not (scripts/test-timings.mjs).
//
// Jest and Playwright run side by side because neither fills two cores on its own in the way their sum
// does: Playwright spends about 600 CPU-seconds over nine minutes of mostly waiting pages and cameras, while
// with more workers it burned 1,000 in the same time (docs/testing.md). Side by side, each step's output is
// printed whole when it ends.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TIMINGS_DIR } from '../tests/timing/timings-dir.mjs';
import { printTimings } from './test-timings.mjs';

// The build is the one docs/deployment.md gives (tests/integration/http/deployment-guide.test.ts checks it).
const PHASES = [
  {
    name: 'lint + build',
    steps: [
      { name: 'lint', command: 'npm run lint' },
      { name: 'build + typecheck', command: 'npm run build' },
    ],
  },
  {
    name: 'jest + playwright',
    steps: [
      { name: 'jest', command: 'npm run test:jest' },
      { name: 'playwright', command: 'npm run test:e2e' },
    ],
  },
];

/** Runs one command; beside others, its output is kept and printed whole when it ends, so that outputs never interleave. */
function run(step, alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    const [command, ...args] = step.command.split(' ');
    const child = spawn(command, args, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const passed = code === 0;
      if (!alone) {
        const text = Buffer.concat(output).toString();
        process.stdout.write(`--- ${step.command}: ${passed ? 'passed' : `failed (${signal ?? `exit ${code}`})`}\n${text}${text && !text.endsWith('\n') ? '\n' : ''}`);
      }
      resolve({ name: step.name, seconds: (Date.now() - started) / 1000, passed });
    });
  });
}

rmSync(TIMINGS_DIR, { recursive: true, force: true });
mkdirSync(TIMINGS_DIR, { recursive: true });
const phases = [];
let failed = null;
for (const phase of PHASES) {
  const started = Date.now();
  const steps = await Promise.all(phase.steps.map((step) => run(step, phase.steps.length === 1)));
  const passed = steps.every((step) => step.passed);
  phases.push({ name: phase.name, seconds: (Date.now() - started) / 1000, passed, ...(steps.length > 1 ? { steps } : {}) });
  writeFileSync(path.join(TIMINGS_DIR, 'phases.json'), `${JSON.stringify(phases, null, 1)}\n`);
  if (!passed) {
    failed = steps.filter((step) => !step.passed).map((step) => step.name).join(', ');
    break;
  }
}
printTimings();
if (failed) {
  console.error(`npm test: ${failed} failed`);
  process.exit(1);
}
