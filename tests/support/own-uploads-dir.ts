// Imported first by a test file whose assertions count the files under UPLOADS_DIR: it gives that file
// a folder of its own, so that other suites running at the same time (other Jest workers, the same
// .data/uploads) cannot add or remove files under its count. The app reads its environment once, on
// first import, which is after this module has run.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

process.env.UPLOADS_DIR = mkdtempSync(path.join(tmpdir(), 'vt-uploads-'));
