// Prints what the last `npm test` measured: each step's start and time (with CI's install, when .ci/run
// passed it in CI_INSTALL_SECONDS), the 15 slowest Jest files and the 15 slowest Playwright tests, and last the tests that did not pass, with their errors' first lines.
// `node scripts/test-timings.mjs` prints it again from .data/test-timings/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
  const run = read('steps.json') ?? { seconds: 0, steps: [] };
  const install = Number(process.env.CI_INSTALL_SECONDS);
  log('\n--- Test timings');
  log('steps (each from its start, in seconds after `npm test` began; some run side by side):');
  if (install > 0) log(`  ${'install'.padEnd(24)}${seconds(install)}  (before npm test)`);
  for (const step of run.steps) log(`  ${step.name.padEnd(24)}${seconds(step.seconds)}  from ${seconds(step.start).trim()}${step.passed ? '' : '  (failed)'}`);
  log(`  ${'npm test'.padEnd(24)}${seconds(run.seconds)}`);
  if (install > 0) log(`  ${'total'.padEnd(24)}${seconds(install + run.seconds)}`);

  const jest = read('jest.json');
  if (jest) {
    log(`\nJest: ${jest.tests} tests in ${jest.files.length} files (${jest.failed} failed); the ${SLOWEST} slowest files:`);
    for (const file of [...jest.files].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST)) log(`  ${seconds(file.seconds)}  ${file.file} (${file.tests} tests)`);
  }
  const playwright = read('playwright.json');
  if (playwright) {
    const failed = playwright.tests.filter((test) => test.status !== 'passed' && test.status !== 'skipped').length;
    log(`\nPlaywright: ${playwright.tests.length} tests (${failed} not passed) in ${seconds(playwright.seconds).trim()}; the ${SLOWEST} slowest:`);
    for (const test of [...playwright.tests].sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST))
      log(`  ${seconds(test.seconds)}  [${test.project}] ${test.file} › ${test.title}`);
  }

  // Last, so that a log cut to its end (as CI's report is) still says which tests failed and why.
  const failures = [
    ...(jest?.files ?? []).flatMap((file) => (file.failures ?? []).map((one) => ({ name: `[jest] ${file.file} › ${one.title}`, error: one.error }))),
    ...(playwright?.tests ?? []).filter((test) => test.error).map((test) => ({ name: `[${test.project}] ${test.file} › ${test.title}`, error: test.error, onScreen: test.onScreen ?? [] })),
  ];
  if (failures.length) {
    log(`\nNot passed (${failures.length}):`);
    for (const failure of failures) {
      log(`  ${failure.name}\n${failure.error.replace(/^/gm, '      ')}`);
      // The page's alerts, statuses and dialogs at the end (tests/timing/playwright-timing-reporter.mjs).
      if (failure.onScreen?.length) log(`      On the page at the end:\n${failure.onScreen.map((line) => `        ${line}`).join('\n')}`);
    }
  }
  // And what the e2e servers said of their own failures (lib/api/route.ts logs each 500's kind and code).
  const serverLines = playwright?.tests.some((test) => test.error) ? e2eServerErrors() : [];
  if (serverLines.length) {
    log(`\nThe e2e servers' own error lines (${E2E_LOG_DIR}, the last ${Math.min(serverLines.length, SERVER_LINES)} of ${serverLines.length}):`);
    for (const line of serverLines.slice(-SERVER_LINES)) log(`  ${line}`);
  }
}

// tests/e2e/support/database.ts's E2E_LOG_DIR: a server's log per port.
const E2E_LOG_DIR = '.data/e2e-logs';
const SERVER_LINES = 20;

function e2eServerErrors() {
  if (!existsSync(E2E_LOG_DIR)) return [];
  return readdirSync(E2E_LOG_DIR)
    .filter((name) => name.endsWith('.log'))
    .flatMap((name) =>
      readFileSync(path.join(E2E_LOG_DIR, name), 'utf8')
        .split('\n')
        .filter((line) => /\[api\] .*(failed: |the database was busy)/.test(line))
        .map((line) => `${name}: ${line.slice(0, 300)}`),
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) printTimings();
