// Jest's order for a fresh clone: the files that take longest start first, so that with three workers on
// two cores no half-minute file starts last and keeps the run going alone (CI has no timing cache; Jest
// would otherwise start the largest files first, and the slowest here are small ones that start servers).
// The seconds are each file's in a fresh-clone CI run (6 Dec 2026, at 1df6147, 928 s in all), every file of
// 15 s or more; a file not listed keeps Jest's own order after them.
import path from 'node:path';
import Sequencer from '@jest/test-sequencer';

const SECONDS = {
  // Jobs processes stopped mid-reading (one killed outright), servers stopped mid-request, and OCR readings.
  'tests/integration/http/lifecycle.test.ts': 119,
  // Six scans and photos through OCR, one at a time.
  'tests/integration/lab-corpus-pictures.test.ts': 111,
  // A second look at three pictures, and two pictures changed as a phone or scanner would.
  'tests/integration/lab-corpus-changed-pictures.test.ts': 99,
  // Two servers behind HAProxy, and up to a minute of two job processes racing for a schedule’s tick.
  'tests/integration/http/several-instances.test.ts': 94,
  'tests/integration/http/lab-reading-queue.test.ts': 70,
  // `npm start` on the embedded database twice: without the demo, then with SEED_DEMO=1.
  'tests/integration/http/production-start.test.ts': 67,
  'tests/integration/http/page-gate.test.ts': 67,
  'tests/integration/data-export.test.ts': 57,
  // The route fuzz, a third of the routes each.
  'tests/integration/http/every-route.test.ts': 52,
  'tests/integration/import-memory.test.ts': 48,
  'tests/integration/http/billing.test.ts': 48,
  'tests/unit/lab-report-metamorphic.test.ts': 47,
  'tests/integration/http/server-processes.test.ts': 46,
  'tests/integration/embedded-database.test.ts': 44,
  'tests/integration/report-text-limits.test.ts': 43,
  'tests/integration/http/credential-changes.test.ts': 42,
  'tests/unit/scan-engine.test.ts': 40,
  'tests/integration/http/every-route-3.test.ts': 38,
  'tests/integration/http/sign-in-factors.test.ts': 38,
  'tests/integration/http/every-route-2.test.ts': 37,
  'tests/integration/http/checkins.test.ts': 36,
  'tests/integration/http/weekly-checkin.test.ts': 33,
  'tests/integration/http/social-sign-in.test.ts': 32,
  'tests/integration/http/readiness.test.ts': 30,
  'tests/integration/http/password-reset.test.ts': 30,
  'tests/integration/http/todays-actions.test.ts': 28,
  'tests/integration/http/account-security.test.ts': 27,
  'tests/integration/http/lab-upload-hostile.test.ts': 26,
  'tests/integration/dashboard-data.test.ts': 25,
  'tests/integration/history-import.test.ts': 25,
  'tests/integration/http/transcribe.test.ts': 25,
  'tests/integration/http/onboarding-calls.test.ts': 22,
  'tests/unit/apple-health-export.test.ts': 22,
  'tests/integration/figures-agree.test.ts': 22,
  'tests/integration/http/wearable-oauth.test.ts': 22,
  'tests/integration/lab-corpus.test.ts': 21,
  'tests/integration/job-queue-readiness.test.ts': 21,
  'tests/integration/http/upload-quota.test.ts': 21,
  'tests/integration/http/lab-upload.test.ts': 21,
  'tests/integration/http/dashboard-data.test.ts': 17,
  // docs/deployment.md run as written: two `npm start`s, the jobs and HAProxy, a backup and a restore.
  'tests/integration/http/deployment-guide.test.ts': 17,
  'tests/integration/http/rate-limits.test.ts': 17,
  'tests/integration/http/apple-health.test.ts': 16,
  'tests/integration/object-storage.test.ts': 15,

};

export default class SlowFirstSequencer extends Sequencer {
  async sort(tests) {
    const ordered = await super.sort(tests);
    const seconds = (test) => SECONDS[path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/')] ?? 0;
    // A stable sort: the files not listed keep Jest's order.
    return [...ordered].sort((a, b) => seconds(b) - seconds(a));
  }
}
