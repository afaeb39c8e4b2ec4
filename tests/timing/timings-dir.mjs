import path from 'node:path';

/** Where one `npm test` run leaves its phase and per-test timings. */
export const TIMINGS_DIR = path.resolve('.data/test-timings');
