// Prints what the last `npm test` measured: each phase's time (with CI's install, when .ci/run passed it
// in CI_INSTALL_SECONDS), the 15 slowest Jest files and the 15 slowest Playwright tests.
// `node scripts/test-timings.mjs` prints it again from .data/test-timings/.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TIMINGS_DIR } from '../tests/timing/timings-dir.mjs';

const SLOWEST = 15;

const read = (name) => {
  const file = path.join(TIMINGS_DIR, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};
const seconds = (value) => `${value.toFixed(1).padStart(7)} s`;

export function printTimings(log = console.log) {
  const phases = read('phases.json') ?? [];
  const install = Number(process.env.CI_INSTALL_SECONDS);
  const rows = [...(install > 0 ? [{ name: 'install', seconds: install, passed: true }] : []), ...phases];
  log('\n--- Test timings');
  log('phases:');
  for (const phase of rows) {
    log(`  ${phase.name.padEnd(20)}${seconds(phase.seconds)}${phase.passed ? '' : '  (failed)'}`);
    for (const step of phase.steps ?? []) log(`    ${step.name.padEnd(18)}${seconds(step.seconds)}${step.passed ? '' : '  (failed)'}  side by side`);
  }
  log(`  ${'total'.padEnd(20)}${seconds(rows.reduce((sum, phase) => sum + phase.seconds, 0))}`);

  const jest = read('jest.json');
  if (jest) {
    log(`\nJest: ${jest.tests} tests in ${jest.files.length} files (${jest.failed} failed); the ${SLOWEST} slowest files:`);
    for (const file of [...jest.files].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST))
      log(`  ${seconds(file.seconds)}  ${file.file} (${file.tests} tests)`);
  }
  const playwright = read('playwright.json');
  if (playwright) {
    const failed = playwright.tests.filter((test) => test.status !== 'passed' && test.status !== 'skipped').length;
    log(`\nPlaywright: ${playwright.tests.length} tests (${failed} not passed) in ${seconds(playwright.seconds).trim()}; the ${SLOWEST} slowest:`);
    for (const test of [...playwright.tests].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST))
      log(`  ${seconds(test.seconds)}  [${test.project}] ${test.file} › ${test.title}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printTimings();
