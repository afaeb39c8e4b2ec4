import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { UNREADABLE_MESSAGE, UPLOADED_MESSAGE } from '@/lib/labs/upload-messages';
import { hostilePdf, type HostilePdfKind } from '../../support/hostile-pdfs';
import { treeRssBytes } from '../../support/process-tree';
import { LAB_REPORT_EXPECTED, labReportPdf } from '../../support/lab-pdfs';
import { registerUser, serveAppForThisFile, type AppServer } from '../../setup/app-server';

// POST /api/upload-lab-report with PDFs built to exhaust a text extractor, against the production build:
// the server keeps answering other requests while one is read, and the upload ends in manual entry
// with the file kept. A real report still reads as before.

const uploadsDir = mkdtempSync(path.join(tmpdir(), 'vt-uploads-'));
// A reading limit of 60 s rather than the default 10 s: the reader runs at the lowest CPU priority, so on
// a busy machine the clock could stop the bomb before it has grown enough for the ordering check below to
// send its health check while the reading is under way. The memory limit (or the CPU-time limit, for the
// operator flood) still ends each hostile reading, as in production.
const app: AppServer = serveAppForThisFile(() => ({ UPLOADS_DIR: uploadsDir, LAB_PDF_READ_TIMEOUT_MS: '60000' }));

type Member = Awaited<ReturnType<typeof registerUser>>;
const cookieOf = (member: Member) => [...member.browser.jar].map(([k, v]) => `${k}=${v}`).join('; ');

async function upload(member: Member, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type: 'application/pdf' }));
  const response = await fetch(`${app.url}/api/upload-lab-report`, {
    method: 'POST',
    headers: { origin: app.url, 'x-forwarded-for': '203.0.113.78', cookie: cookieOf(member) },
    body: form,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const files: Partial<Record<HostilePdfKind, Uint8Array>> = {};
beforeAll(async () => {
  for (const kind of ['bomb', 'operator-flood', 'shared-bomb'] as const) files[kind] = await hostilePdf(kind);
}, 60_000);

/** The upload's answer must be manual entry, with the report's row and file kept. */
async function expectManualEntry(member: Member, kind: HostilePdfKind, answer: Awaited<ReturnType<typeof upload>>) {
  expect(answer.status).toBe(201);
  expect(answer.json).toMatchObject({ message: UNREADABLE_MESSAGE, kind: 'pdf', file_name: `${kind}.pdf`, text_found: false, collected_on: null, markers: [] });
  const row = await db.labReport.findUniqueOrThrow({ where: { id: answer.json.report_id as string } });
  expect({ userId: row.userId, sizeBytes: row.sizeBytes }).toEqual({ userId: member.userId, sizeBytes: files[kind]!.byteLength });
  expect(readdirSync(uploadsDir)).toContain(row.storageKey);
}

/**
 * Growth of the server's process tree (the server and any child of it) once the bomb's row is written: by
 * then its stream is being inflated, wherever that happens. Well under the reader's memory limit.
 */
const INFLATING_BYTES = 150 * 1024 * 1024;

describe('POST /api/upload-lab-report with a hostile PDF', () => {
  // Long enough for today's reading on the request thread to finish, so that a regression fails on its assertions.
  it('GET /api/health sent while a gigabyte bomb is being inflated answers before the upload, which ends in manual entry', async () => {
    const member = await registerUser(app, { onboarded: true });
    const answered: string[] = [];
    let uploadDone = false;
    const uploading = upload(member, files.bomb!, 'bomb.pdf').then((answer) => {
      uploadDone = true;
      answered.push('upload');
      return answer;
    });
    const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
    // The report's row is written just before its text is read; from then on, wait for the server (or a
    // child of it) to grow while inflating. Today's reader inflates on the request thread, which a
    // health check sent then waits behind.
    while (!uploadDone && (await db.labReport.count({ where: { userId: member.userId } })) === 0) await pause();
    const before = treeRssBytes(app.pid);
    while (!uploadDone && treeRssBytes(app.pid) - before < INFLATING_BYTES) await pause();
    const health = await fetch(`${app.url}/api/health`).then((response) => {
      answered.push('health');
      return response.status;
    });
    const answer = await uploading;

    expect(answered).toEqual(['health', 'upload']);
    expect(health).toBe(200);
    await expectManualEntry(member, 'bomb', answer);
  }, 240_000);

  it.each<HostilePdfKind>(['operator-flood', 'shared-bomb'])('%s: the upload ends in manual entry with the file kept', async (kind) => {
    const member = await registerUser(app, { onboarded: true });
    await expectManualEntry(member, kind, await upload(member, files[kind]!, `${kind}.pdf`));
  }, 240_000);

  it('a real lab report still reads exactly as before', async () => {
    const member = await registerUser(app, { onboarded: true });
    const expected = LAB_REPORT_EXPECTED['uk-table'];
    const answer = await upload(member, await labReportPdf('uk-table'), 'nhs.pdf');
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ message: UPLOADED_MESSAGE, kind: 'pdf', text_found: true, collected_on: expected.collectedOn });
    const markers = answer.json.markers as Array<Record<string, unknown>>;
    expect(markers.map(({ marker, value, unit, referenceLow, referenceHigh }) => ({ marker, value, unit, referenceLow, referenceHigh }))).toEqual(expected.markers);
  });
});
