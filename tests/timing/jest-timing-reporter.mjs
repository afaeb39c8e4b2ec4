// Writes each Jest test file's wall time and test count, and each failure's first lines, to .data/test-timings/jest.json, for the
// summary that `npm test` prints at its end (scripts/test-timings.mjs).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { firstLines, TIMINGS_DIR } from './timings-dir.mjs';

export default class JestTimingReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.files = [];
  }

  onTestFileResult(test, result) {
    const { start, end } = result.perfStats;
    this.files.push({
      file: path.relative(this.rootDir, test.path).split(path.sep).join('/'),
      seconds: (end - start) / 1000,
      tests: result.testResults.length,
      failed: result.numFailingTests + (result.testExecError ? 1 : 0),
      failures: [
        ...(result.testExecError ? [{ title: '(the file did not run)', error: firstLines(result.testExecError.message ?? '') }] : []),
        ...result.testResults
          .filter((one) => one.status === 'failed')
          .map((one) => ({ title: one.fullName, error: firstLines(one.failureMessages.join('\n')) })),
      ],
    });
  }

  onRunComplete(_contexts, results) {
    mkdirSync(TIMINGS_DIR, { recursive: true });
    const summary = { tests: results.numTotalTests, passed: results.numPassedTests, failed: results.numFailedTests, files: this.files };
    writeFileSync(path.join(TIMINGS_DIR, 'jest.json'), `${JSON.stringify(summary, null, 1)}\n`);
  }
}
