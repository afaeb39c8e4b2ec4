// Writes each Playwright test's duration (retries included), and each failure's first lines, to .data/test-timings/playwright.json, for
// the summary that `npm test` prints at its end (scripts/test-timings.mjs).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { firstLines, TIMINGS_DIR } from './timings-dir.mjs';

export default class PlaywrightTimingReporter {
  constructor() {
    this.tests = [];
  }

  onBegin(config) {
    this.rootDir = config.rootDir;
  }

  onTestEnd(test, result) {
    this.tests.push({
      project: test.parent.project()?.name ?? '',
      file: path.relative(process.cwd(), test.location.file).split(path.sep).join('/'),
      title: test.titlePath().slice(3).join(' › '),
      seconds: result.duration / 1000,
      status: result.status,
      // The failure's first lines, for the list `npm test` prints last (CI keeps only its output's end).
      ...(result.status !== 'passed' && result.status !== 'skipped' ? { error: firstLines(result.error?.message ?? result.status) } : {}),
    });
  }

  onEnd(result) {
    mkdirSync(TIMINGS_DIR, { recursive: true });
    const summary = { status: result.status, seconds: result.duration / 1000, tests: this.tests };
    writeFileSync(path.join(TIMINGS_DIR, 'playwright.json'), `${JSON.stringify(summary, null, 1)}\n`);
  }

  printsToStdio() {
    return false;
  }
}
