// Writes each Jest test file's wall time and test count to .data/test-timings/, one file per set of
// projects run (`npm run test:jest -- --selectProjects unit` writes jest-unit.json), for the summary that
// `npm test` prints at its end (scripts/test-timings.mjs).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TIMINGS_DIR } from './timings-dir.mjs';

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
    });
  }

  onRunComplete(contexts, results) {
    mkdirSync(TIMINGS_DIR, { recursive: true });
    const projects = [...contexts].map((context) => context.config.displayName?.name ?? 'default').sort();
    // An earlier run's file of any of these projects is replaced, so that the summary counts each file once.
    for (const name of readdirSync(TIMINGS_DIR).filter((file) => /^jest-.*\.json$/.test(file)))
      if (name.slice('jest-'.length, -'.json'.length).split('+').some((project) => projects.includes(project))) rmSync(path.join(TIMINGS_DIR, name));
    const summary = { projects, tests: results.numTotalTests, passed: results.numPassedTests, failed: results.numFailedTests, files: this.files };
    writeFileSync(path.join(TIMINGS_DIR, `jest-${projects.join('+')}.json`), `${JSON.stringify(summary, null, 1)}\n`);
  }
}
