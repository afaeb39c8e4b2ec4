// Jest's order for a fresh clone: the files that take longest start first, so that with three workers on
// two cores no half-minute file starts last and keeps the run going alone (CI has no timing cache; Jest
// would otherwise start the largest files first, and the slowest here are small ones that start servers).
// The seconds are from a fresh-clone CI run on a slow day of this machine (1 Dec 2026, 1,657 s in all), with
// the files split since then given their share; a file not listed keeps Jest's own order after them.
import path from 'node:path';
import Sequencer from '@jest/test-sequencer';

const SECONDS = {
  // Jobs processes stopped mid-reading, servers stopped mid-request, and two OCR readings.
  'tests/integration/http/lifecycle.test.ts': 341,
  // `npm start` on the embedded database twice: without the demo, then with SEED_DEMO=1.
  'tests/integration/http/production-start.test.ts': 226,
  'tests/integration/http/billing.test.ts': 211,
  // Two servers behind HAProxy, and up to a minute of two job processes racing for a schedule's tick.
  'tests/integration/http/several-instances.test.ts': 210,
  'tests/integration/http/server-processes.test.ts': 198,
  'tests/integration/data-export.test.ts': 195,
  'tests/integration/http/page-gate.test.ts': 192,
  // Six scans and photos through OCR, one at a time (278 s with the rest of the corpus, before the split).
  'tests/integration/lab-corpus-pictures.test.ts': 180,
  'tests/integration/http/observability.test.ts': 179,
  'tests/integration/http/account-security.test.ts': 146,
  'tests/integration/http/lab-upload-hostile.test.ts': 139,
  'tests/integration/embedded-database.test.ts': 128,
  // The route fuzz, a third of the routes each (359 s in one file, before the split).
  'tests/integration/http/every-route.test.ts': 125,
  'tests/integration/http/every-route-2.test.ts': 120,
  'tests/integration/http/every-route-3.test.ts': 120,
  'tests/integration/token-key-rotation.test.ts': 110,
  // docs/deployment.md run as written: two `npm start`s, the jobs and HAProxy, a backup and a restore.
  'tests/integration/http/deployment-guide.test.ts': 109,
  // A second look at three pictures, and two pictures changed as a phone or scanner would.
  'tests/integration/lab-corpus-changed-pictures.test.ts': 100,
  'tests/integration/report-text-limits.test.ts': 90,
  'tests/integration/http/lab-upload.test.ts': 90,
  'tests/integration/http/readiness.test.ts': 60,
  'tests/integration/http/checkins.test.ts': 50,
  'tests/integration/lab-corpus.test.ts': 45,
  'tests/integration/lab-report-parser.test.ts': 40,
  'tests/integration/http/transcribe.test.ts': 40,
  'tests/integration/http/password-reset.test.ts': 40,
  'tests/integration/http/social-sign-in.test.ts': 35,
};

export default class SlowFirstSequencer extends Sequencer {
  async sort(tests) {
    const ordered = await super.sort(tests);
    const seconds = (test) => SECONDS[path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/')] ?? 0;
    // A stable sort: the files not listed keep Jest's order.
    return [...ordered].sort((a, b) => seconds(b) - seconds(a));
  }
}
