// `npm test`: lint and typecheck side by side, the production build, Jest, Playwright. Stops at the
// first phase that fails, like a chain of `&&`, and prints every phase's time and the slowest tests
// at the end, failed or not (scripts/test-timings.mjs).
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TIMINGS_DIR } from '../tests/timing/timings-dir.mjs';
import { printTimings } from './test-timings.mjs';

// The build is the one docs/deployment.md gives (tests/integration/http/deployment-guide.test.ts checks it).
const PHASES = [
  { name: 'lint + typecheck', command: 'node scripts/run-parallel.mjs lint typecheck' },
  { name: 'build', command: 'npm run build' },
  { name: 'jest', command: 'npm run test:jest' },
  { name: 'playwright', command: 'npm run test:e2e' },
];

const run = (commandLine) =>
  new Promise((resolve) => {
    const [command, ...args] = commandLine.split(' ');
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

rmSync(TIMINGS_DIR, { recursive: true, force: true });
mkdirSync(TIMINGS_DIR, { recursive: true });
const phases = [];
let failed = null;
for (const phase of PHASES) {
  const started = Date.now();
  const code = await run(phase.command);
  phases.push({ name: phase.name, seconds: (Date.now() - started) / 1000, passed: code === 0 });
  writeFileSync(path.join(TIMINGS_DIR, 'phases.json'), `${JSON.stringify(phases, null, 1)}\n`);
  if (code !== 0) {
    failed = phase.name;
    break;
  }
}
printTimings();
if (failed) {
  console.error(`npm test: ${failed} failed`);
  process.exit(1);
}
