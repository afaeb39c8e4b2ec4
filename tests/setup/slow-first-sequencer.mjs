// Jest's order for a fresh clone: the files that take longest start first, so that with three workers on
// two cores no half-minute file starts last and keeps the run going alone (CI has no timing cache; Jest
// would otherwise start the largest files first, and the slowest here are small ones that start servers).
// The seconds are from a CI run on this machine; a file not listed keeps Jest's own order after them.
import path from 'node:path';
import Sequencer from '@jest/test-sequencer';

const SECONDS = {
  'tests/integration/http/every-route.test.ts': 59,
  // Two servers behind HAProxy, and up to a minute of two job processes racing for a schedule's tick.
  'tests/integration/http/several-instances.test.ts': 50,
  // docs/deployment.md run as written: two `npm start`s, the jobs and HAProxy, a backup and a restore.
  'tests/integration/http/deployment-guide.test.ts': 45,
  'tests/integration/http/observability.test.ts': 20,
  'tests/integration/token-key-rotation.test.ts': 16,
  // Six scans and photos through OCR, one at a time (measured alone: about 30 s).
  'tests/integration/lab-corpus.test.ts': 45,
  'tests/integration/report-text-limits.test.ts': 41,
  'tests/integration/data-export.test.ts': 38,
  'tests/integration/http/page-gate.test.ts': 35,
  'tests/integration/http/billing.test.ts': 28,
  'tests/integration/http/production-start.test.ts': 26,
  'tests/integration/embedded-database.test.ts': 26,
  'tests/integration/http/account-security.test.ts': 25,
  'tests/integration/http/checkins.test.ts': 19,
  'tests/integration/http/lab-upload-hostile.test.ts': 15,
  'tests/integration/http/weekly-checkin.test.ts': 15,
  'tests/integration/http/social-sign-in.test.ts': 14,
  'tests/integration/http/lab-upload-bomb.test.ts': 14,
  'tests/integration/http/server-processes.test.ts': 14,
  'tests/integration/http/rate-limits.test.ts': 12,
  'tests/integration/social-upstream.test.ts': 12,
};

export default class SlowFirstSequencer extends Sequencer {
  async sort(tests) {
    const ordered = await super.sort(tests);
    const seconds = (test) => SECONDS[path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/')] ?? 0;
    // A stable sort: the files not listed keep Jest's order.
    return [...ordered].sort((a, b) => seconds(b) - seconds(a));
  }
}
