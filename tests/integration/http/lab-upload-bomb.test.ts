import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { hostilePdf } from '../../support/hostile-pdfs';
import { expectManualEntry, uploadPdf } from '../../support/hostile-uploads';
import { treeRssBytes } from '../../support/process-tree';
import { registerUser, serveAppForThisFile, type AppServer } from '../../setup/app-server';
import { budget } from '../../setup/machine-speed.js';
import { waitFor } from '../../support/wait-for';

// POST /api/upload-lab-report with a gigabyte decompression bomb, against the production build: the
// server keeps answering other requests while the bomb is read, and the upload ends in manual entry.

const uploadsDir = mkdtempSync(path.join(tmpdir(), 'vt-uploads-'));
// A reading limit of 60 s rather than the default 10 s: the reader runs at the lowest CPU priority, so on
// a busy machine the clock could stop the bomb before it has grown enough for the ordering check below to
// send its health check while the reading is under way. The memory limit still ends the reading, as in production.
const app: AppServer = serveAppForThisFile(() => ({ UPLOADS_DIR: uploadsDir, LAB_PDF_READ_TIMEOUT_MS: '60000' }));

let bomb: Uint8Array;
beforeAll(async () => {
  bomb = await hostilePdf('bomb');
}, budget(60_000));

/**
 * Growth of the server's process tree (the server and any child of it) from before the upload: more than
 * a reader started meanwhile takes, so the bomb's stream is being inflated, wherever that happens. Well
 * under the reader's memory limit.
 */
const INFLATING_BYTES = 150 * 1024 * 1024;

describe('POST /api/upload-lab-report with a decompression bomb', () => {
  // Long enough for a reading on the request thread to finish, so that such a regression fails on its assertions.
  it('GET /api/health sent while a gigabyte bomb is being inflated answers before the upload, which ends in manual entry', async () => {
    const member = await registerUser(app, { onboarded: true });
    const answered: string[] = [];
    let uploadDone = false;
    const before = treeRssBytes(app.pid);
    const uploading = uploadPdf(app, member, bomb, 'bomb.pdf').then((answer) => {
      uploadDone = true;
      answered.push('upload');
      return answer;
    });
    // Wait for the server (or a child of it) to grow while inflating (the report's row is written only once
    // its text is read). A reader that inflated on the request thread would make a health check sent then
    // wait behind it.
    await waitFor(() => uploadDone || treeRssBytes(app.pid) - before >= INFLATING_BYTES, 'the server to grow while it inflates the bomb, or the upload to end', { timeoutMs: 120_000, intervalMs: 20 });
    const health = await fetch(`${app.url}/api/health`).then((response) => {
      answered.push('health');
      return response.status;
    });
    const answer = await uploading;

    expect(answered).toEqual(['health', 'upload']);
    expect(health).toBe(200);
    await expectManualEntry(member, 'bomb.pdf', bomb, uploadsDir, answer);
  }, budget(240_000));
});
