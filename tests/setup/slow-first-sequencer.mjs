// Jest's order for a fresh clone: the files that take longest start first, so that with three workers on
// two cores no half-minute file starts last and keeps the run going alone (CI has no timing cache; Jest
// would otherwise start the largest files first, and the slowest here are small ones that start servers).
// The seconds are from a fresh-clone CI run on this machine (27 Nov 2026); a file not listed keeps Jest's
// own order after them.
import path from 'node:path';
import Sequencer from '@jest/test-sequencer';

const SECONDS = {
  // Two servers behind HAProxy, and up to a minute of two job processes racing for a schedule's tick.
  'tests/integration/http/several-instances.test.ts': 101,
  // `npm start` on the embedded database twice: without the demo, then with SEED_DEMO=1.
  'tests/integration/http/production-start.test.ts': 83,
  // Six scans and photos through OCR, one at a time.
  'tests/integration/lab-corpus.test.ts': 67,
  'tests/integration/http/every-route.test.ts': 67,
  'tests/integration/embedded-database.test.ts': 60,
  'tests/integration/http/page-gate.test.ts': 49,
  'tests/integration/report-text-limits.test.ts': 46,
  'tests/integration/http/account-security.test.ts': 42,
  'tests/integration/data-export.test.ts': 37,
  'tests/integration/http/lab-upload.test.ts': 35,
  'tests/integration/http/lab-upload-hostile.test.ts': 35,
  'tests/integration/http/lifecycle.test.ts': 33,
  'tests/integration/http/billing.test.ts': 33,
  // docs/deployment.md run as written: two `npm start`s, the jobs and HAProxy, a backup and a restore.
  'tests/integration/http/deployment-guide.test.ts': 31,
  'tests/integration/http/observability.test.ts': 25,
  'tests/integration/http/server-processes.test.ts': 20,
  'tests/integration/http/checkins.test.ts': 19,
  'tests/integration/token-key-rotation.test.ts': 19,
  'tests/integration/lab-report-parser.test.ts': 17,
  'tests/integration/http/transcribe.test.ts': 17,
  'tests/integration/http/password-reset.test.ts': 16,
  'tests/integration/http/social-sign-in.test.ts': 15,
};

export default class SlowFirstSequencer extends Sequencer {
  async sort(tests) {
    const ordered = await super.sort(tests);
    const seconds = (test) => SECONDS[path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/')] ?? 0;
    // A stable sort: the files not listed keep Jest's order.
    return [...ordered].sort((a, b) => seconds(b) - seconds(a));
  }
}
