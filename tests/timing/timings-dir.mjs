import path from 'node:path';

/** Where one `npm test` run leaves its phase and per-test timings. */
export const TIMINGS_DIR = path.resolve('.data/test-timings');

/** A failure's first lines, without the terminal's colour codes: the test runner's own output has the rest. */
export const firstLines = (text) => text.replace(/\u001b\[[0-9;]*m/g, '').split('\n').slice(0, 6).join('\n');
