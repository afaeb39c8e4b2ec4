// Writes each Playwright test's duration (retries included), and each failure's first lines, to .data/test-timings/playwright.json, for
// the summary that `npm test` prints at its end (scripts/test-timings.mjs).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { firstLines, TIMINGS_DIR } from './timings-dir.mjs';

/** How many lines of a failed page's messages the summary keeps. */
const SCREEN_LINES = 24;

/**
 * What a failed test's page said at the end, from the page snapshot Playwright writes beside a failure
 * (its "error-context" attachment): each alert and status with the lines inside it, and each dialog's
 * title and messages. A failure seen
 * only in CI (where no one can open the files) then says whether the page showed an error or nothing.
 */
export function onScreen(result) {
  const file = result.attachments.find((attachment) => attachment.name === 'error-context')?.path;
  if (!file || !existsSync(file)) return [];
  const lines = readFileSync(file, 'utf8').split('\n');
  const kept = [];
  const indent = (line) => line.length - line.trimStart().length;
  for (let i = 0; i < lines.length && kept.length < SCREEN_LINES; i++) {
    if (!/^\s*- (alert|status|dialog)\b/.test(lines[i])) continue;
    const depth = indent(lines[i]);
    const block = [lines[i].trimEnd()];
    while (i + 1 < lines.length && indent(lines[i + 1]) > depth) block.push(lines[++i].trimEnd());
    // A dialog (a form of 40 rows, say) by its title and messages alone.
    if (/- dialog\b/.test(block[0])) block.splice(1, Infinity, ...block.slice(1).filter((line) => /^\s*- (heading|alert|status)\b.*\S:? .+|^\s*- (heading|alert|status) "/.test(line)));
    // An empty one (Next's route announcer) says nothing.
    if (block.length === 1 && /^\s*- \w+( \[ref=\w+\])?$/.test(block[0])) continue;
    kept.push(...block.slice(0, SCREEN_LINES - kept.length));
  }
  return kept;
}

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
      ...(result.status !== 'passed' && result.status !== 'skipped' ? { error: firstLines(result.error?.message ?? result.status), onScreen: onScreen(result) } : {}),
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
