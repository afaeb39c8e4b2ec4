import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { UPLOADED_MESSAGE } from '@/lib/labs/upload-messages';
import { hostilePdf, type HostilePdfKind } from '../../support/hostile-pdfs';
import { expectManualEntry, uploadPdf } from '../../support/hostile-uploads';
import { LAB_REPORT_EXPECTED, labReportPdf } from '../../support/lab-pdfs';
import { registerUser, serveAppForThisFile, type AppServer } from '../../setup/app-server';
import { budget } from '../../setup/machine-speed.js';

// POST /api/upload-lab-report with PDFs built to exhaust a text extractor, against the production build:
// the upload ends in manual entry with the file kept, and a real report still reads as before. That the
// server keeps answering while a bomb is read is lab-upload-bomb.test.ts.

const uploadsDir = mkdtempSync(path.join(tmpdir(), 'vt-uploads-'));
// The product's reading limit (10 s): the reader runs at the lowest CPU priority, and on a loaded CI machine
// a shorter limit (3 s was tried) also stopped the real report's reading, which takes a third of a second alone.
const app: AppServer = serveAppForThisFile(() => ({ UPLOADS_DIR: uploadsDir, LAB_PDF_READ_TIMEOUT_MS: '10000' }));

const files: Partial<Record<HostilePdfKind, Uint8Array>> = {};
beforeAll(async () => {
  for (const kind of ['operator-flood', 'shared-bomb'] as const) files[kind] = await hostilePdf(kind);
}, budget(60_000));

describe('POST /api/upload-lab-report with a hostile PDF', () => {
  it.each<HostilePdfKind>(['operator-flood', 'shared-bomb'])('%s: the upload ends in manual entry with the file kept', async (kind) => {
    const member = await registerUser(app, { onboarded: true });
    const name = `${kind}.pdf`;
    await expectManualEntry(member, name, files[kind]!, uploadsDir, await uploadPdf(app, member, files[kind]!, name));
  }, budget(240_000));

  it('a real lab report still reads exactly as before', async () => {
    const member = await registerUser(app, { onboarded: true });
    const expected = LAB_REPORT_EXPECTED['uk-table'];
    const answer = await uploadPdf(app, member, await labReportPdf('uk-table'), 'nhs.pdf');
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ message: UPLOADED_MESSAGE, kind: 'pdf', text_found: true, collected_on: expected.collectedOn });
    const markers = answer.json.markers as Array<Record<string, unknown>>;
    expect(markers.map(({ marker, value, unit, referenceLow, referenceHigh }) => ({ marker, value, unit, referenceLow, referenceHigh }))).toEqual(expected.markers);
  });
});
