// The app's files in an S3-compatible bucket (S3_BUCKET; lib/storage/s3.ts) against a local S3 (s3rver,
// tests/setup/s3-server.ts) and this file's own database: what the bucket holds after each thing the app
// does. A report's bytes round-trip; an import file is streamed up in parts with its SHA-256 taken on the
// way; past the size limit or broken off, nothing is left (no object, no open multipart upload); a
// missing object reads as a missing file; a key that is not ours never reaches the bucket; deleting an
// account removes its objects (a bucket that refuses leaves a job that finishes it later); housekeeping
// sweeps orphans by LastModified; the data export carries the report's bytes from the bucket.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { unzipSync } from 'fflate';
import { startS3Server, type S3Server } from '../setup/s3-server';
import { makeJobQueues } from '../support/job-queues';
import { createMember } from '../support/members';
import { memberHash } from '@/lib/observability/runtime';
import { budget } from '../setup/machine-speed.js';

const PREFIX = 'vitality/';
const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'vt-object-storage-'));
let s3: S3Server;
let bucket: S3Client;

type Lib = {
  db: typeof import('@/lib/db').db;
  storage: typeof import('@/lib/labs/storage');
  reports: typeof import('@/lib/labs/reports');
  files: typeof import('@/lib/imports/files');
  history: typeof import('@/lib/imports/history');
  account: typeof import('@/lib/account/delete-account');
  housekeeping: typeof import('@/lib/maintenance/housekeeping');
  exporter: typeof import('@/lib/export/data-export');
  s3Store: typeof import('@/lib/storage/s3').s3Store;
};
let lib: Lib;

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = new S3Client(s3.clientConfig);
  // The app reads its environment once, on first import: set it first.
  Object.assign(process.env, s3.env, { S3_PREFIX: PREFIX, UPLOADS_DIR: uploadsDir });
  lib = {
    db: (await import('@/lib/db')).db,
    storage: await import('@/lib/labs/storage'),
    reports: await import('@/lib/labs/reports'),
    files: await import('@/lib/imports/files'),
    history: await import('@/lib/imports/history'),
    account: await import('@/lib/account/delete-account'),
    housekeeping: await import('@/lib/maintenance/housekeeping'),
    exporter: await import('@/lib/export/data-export'),
    s3Store: (await import('@/lib/storage/s3')).s3Store,
  };
  // pg-boss's tables and queues, as the job process makes them (account deletion queues what the bucket refused).
  await makeJobQueues();
}, budget(60_000));

afterAll(async () => {
  await (await import('@/lib/jobs/send')).stopSender();
  await lib?.db.$disconnect();
  bucket?.destroy();
  await s3?.stop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

// ───────────────────────────── helpers ─────────────────────────────

/** Every key in the bucket under `prefix`. */
async function keys(prefix = PREFIX): Promise<string[]> {
  const found: string[] = [];
  let token: string | undefined;
  do {
    const page = await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix, ContinuationToken: token }));
    found.push(...(page.Contents ?? []).map((object) => object.Key!));
    token = page.NextContinuationToken;
  } while (token);
  return found.sort();
}

const importKeys = () => keys(`${PREFIX}imports/`);

async function objectBytes(key: string): Promise<Buffer> {
  const answer = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await answer.Body!.transformToByteArray());
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The bytes as a request body arrives: 64 kB at a time, or failing once `breakAfter` bytes are through. */
function bodyOf(bytes: Uint8Array, breakAfter?: number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (breakAfter !== undefined && at >= breakAfter) return controller.error(new TypeError('terminated'));
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + 64 * 1024));
      at += 64 * 1024;
    },
  });
}

const expectNothingLeftOpen = async () => expect(await s3.openMultipartUploads()).toEqual([]);

// ───────────────────────────── the tests ─────────────────────────────

describe('lab reports in the bucket', () => {
  it('stores a report under the prefix, nothing on disk, and serves its bytes back to its owner alone', async () => {
    const pdf = new TextEncoder().encode(`%PDF-1.4 round trip ${randomBytes(8).toString('hex')}`);
    const storageKey = await lib.storage.storeUpload(pdf, 'pdf');
    expect(storageKey).toMatch(/^[a-f0-9]{32}\.pdf$/);
    expect(await keys()).toContain(`${PREFIX}${storageKey}`);
    expect(await objectBytes(`${PREFIX}${storageKey}`)).toEqual(Buffer.from(pdf));
    expect(readdirSync(uploadsDir)).toEqual([]);

    const owner = await createMember();
    const stranger = await createMember();
    const report = await lib.db.labReport.create({ data: { userId: owner.id, fileName: 'bloods.pdf', mimeType: 'application/pdf', sizeBytes: pdf.length, storageKey } });
    const file = await lib.reports.labReportFile(owner.id, report.id);
    expect(await readAll(file.stream)).toEqual(Buffer.from(pdf));
    await expect(lib.reports.labReportFile(stranger.id, report.id)).rejects.toMatchObject({ status: 404, message: 'That report was not found.' });

    await lib.reports.removeLabReport(owner.id, report.id);
    expect(await keys()).not.toContain(`${PREFIX}${storageKey}`);
  });

  it('reads a missing object as a missing file (ENOENT), and removing one already gone is not an error', async () => {
    const absent = `${'a'.repeat(32)}.pdf`;
    await expect(readAll(lib.storage.readUpload(absent))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(lib.files.importFileSize(`${'b'.repeat(32)}.zip`)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(lib.storage.removeUpload(absent)).resolves.toBeUndefined();
    await expect(lib.files.removeImportFile(`${'b'.repeat(32)}.zip`)).resolves.toBeUndefined();
  });

  it('refuses a key that is not one of ours before asking the bucket anything', async () => {
    const asked = s3.requests.length;
    expect(() => lib.storage.readUpload('../imports/x.zip')).toThrow('Not an upload key.');
    await expect(lib.storage.removeUpload(`${PREFIX}${'c'.repeat(32)}.pdf`)).rejects.toThrow('Not an upload key.');
    await expect(lib.files.importFileSize('../../etc/passwd')).rejects.toThrow('Not an import key.');
    expect(() => lib.files.readImportFile(`${'d'.repeat(32)}.pdf`)).toThrow('Not an import key.');
    await expect(lib.files.removeImportFile(`imports/${'e'.repeat(32)}.zip`)).rejects.toThrow('Not an import key.');
    expect(s3.requests.length).toBe(asked);
  });

  it('tells the member to try again when the bucket fails, and logs which bucket and why, never the credentials', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    s3.failRequests(({ method }) => method === 'PUT');
    let logged: string;
    try {
      await expect(lib.storage.storeUpload(new Uint8Array([1, 2, 3]), 'png')).rejects.toMatchObject({ status: 503, message: 'Your files can’t be reached just now. Please try again in a few minutes.' });
    } finally {
      s3.failRequests(null);
      logged = errors.mock.calls.map((call) => call.join(' ')).join('\n');
      errors.mockRestore();
    }
    expect(logged).toContain(`[storage] PutObject on s3://${s3.bucket}/${PREFIX} at ${s3.endpoint} failed (InternalError 500)`);
    expect(logged).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);
  });
});

describe('history-import files in the bucket', () => {
  // Over two of the upload's 8 MB parts, so that it goes up as a multipart upload.
  const exportBytes = new Uint8Array(randomBytes(18 * 1024 * 1024));

  it('streams the upload into the bucket in parts, with its SHA-256 and size taken on the way, then reads it back', async () => {
    const member = await createMember();
    const queued: string[] = [];
    const { view } = await lib.history.uploadImport(member.id, bodyOf(exportBytes), 'export.zip', async (id) => void queued.push(id));
    const row = await lib.db.historyImport.findUniqueOrThrow({ where: { id: view.id } });
    expect(queued).toEqual([row.id]);
    expect(row.sha256).toBe(sha256(exportBytes));
    const key = `${PREFIX}imports/${row.storageKey}`;
    expect(await importKeys()).toEqual([key]);
    const head = await bucket.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(head.ContentLength).toBe(exportBytes.length);
    expect(sha256(await objectBytes(key))).toBe(sha256(exportBytes));
    await expectNothingLeftOpen();

    expect(await lib.files.importFileSize(row.storageKey!)).toBe(exportBytes.length);
    expect(sha256(await readAll(lib.files.readImportFile(row.storageKey!)))).toBe(sha256(exportBytes));
    expect(readdirSync(uploadsDir)).toEqual([]);

    await lib.history.removeImport(member.id, row.id);
    expect(await importKeys()).toEqual([]);
  });

  it('past the size limit answers 413 and leaves nothing: the multipart upload is aborted', async () => {
    const aborted = s3.abortedMultipartUploads.length;
    await expect(lib.files.writeImportFile(bodyOf(exportBytes), 12 * 1024 * 1024, 'Too large.')).rejects.toMatchObject({ status: 413, message: 'Too large.' });
    expect(await importKeys()).toEqual([]);
    expect(s3.abortedMultipartUploads.length).toBe(aborted + 1);
    await expectNothingLeftOpen();
  });

  it('an upload that breaks off, after parts went up or before the first, leaves nothing', async () => {
    for (const breakAfter of [10 * 1024 * 1024, 1024 * 1024]) {
      await expect(lib.files.writeImportFile(bodyOf(exportBytes, breakAfter), 4 * 1024 ** 3, 'Too large.')).rejects.toMatchObject({ status: 400, message: 'The upload broke off. Please try again.' });
      expect(await importKeys()).toEqual([]);
      await expectNothingLeftOpen();
    }
  });
});

describe('account deletion', () => {
  /** A member with an uploaded report and an import still being read, each in the bucket. */
  async function memberWithFiles() {
    const member = await createMember();
    const storageKey = await lib.storage.storeUpload(new TextEncoder().encode(`%PDF-1.4 ${member.id}`), 'pdf');
    await lib.db.labReport.create({ data: { userId: member.id, fileName: 'bloods.pdf', mimeType: 'application/pdf', sizeBytes: 12, storageKey } });
    const file = await lib.files.writeImportFile(bodyOf(new Uint8Array(randomBytes(1000))), 4 * 1024 ** 3, 'Too large.');
    await lib.db.historyImport.create({ data: { userId: member.id, kind: 'apple_health', fileName: 'export.zip', sha256: file.sha256, storageKey: file.storageKey, status: 'reading' } });
    return { userId: member.id, report: `${PREFIX}${storageKey}`, import: `${PREFIX}imports/${file.storageKey}`, storageKey };
  }

  it('removes the member’s objects and leaves another member’s', async () => {
    const gone = await memberWithFiles();
    const kept = await memberWithFiles();
    await lib.account.deleteAccount(gone.userId);
    const left = await keys();
    expect(left).not.toContain(gone.report);
    expect(left).not.toContain(gone.import);
    expect(left).toEqual(expect.arrayContaining([kept.report, kept.import]));
  });

  it('queues a report the bucket refused to delete, and the cleanup job removes it once the bucket is back', async () => {
    const member = await memberWithFiles();
    const warnings = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    s3.failRequests(({ method, key }) => method === 'DELETE' && key === member.report);
    const logged = { warnings: '', errors: '' };
    try {
      await lib.account.deleteAccount(member.userId);
    } finally {
      s3.failRequests(null);
      logged.warnings = warnings.mock.calls.flat().join('\n');
      logged.errors = errors.mock.calls.flat().join('\n');
      warnings.mockRestore();
      errors.mockRestore();
    }
    expect(logged.warnings).toContain(`[account] member ${memberHash(member.userId)}: removing an uploaded report failed (service_unavailable)`);
    expect(logged.errors).toContain(`[storage] DeleteObject on s3://${s3.bucket}/${PREFIX} at ${s3.endpoint} failed (InternalError 500)`);
    expect(await lib.db.user.findUnique({ where: { id: member.userId } })).toBeNull();
    expect(await keys()).toContain(member.report);
    expect(await keys()).not.toContain(member.import);

    const jobs = await lib.db.$queryRaw<{ data: import('@/lib/account/delete-account').AccountCleanupJob }[]>`SELECT data FROM pgboss.job WHERE name = 'account-cleanup' AND data->>'userId' = ${member.userId}`;
    expect(jobs.map((job) => job.data)).toEqual([{ task: 'remove-upload', userId: member.userId, storageKey: member.storageKey }]);
    await lib.account.runAccountCleanup(jobs[0]!.data, async () => {
      throw new Error('nothing to requeue');
    });
    expect(await keys()).not.toContain(member.report);
  });
});

describe('housekeeping on the bucket', () => {
  it('removes report objects no row names once an hour old, keeping reports’ objects, young ones, foreign names and import files', async () => {
    const member = await createMember();
    const kept = await lib.storage.storeUpload(new Uint8Array([0x25, 0x50, 0x44, 0x46]), 'pdf');
    await lib.db.labReport.create({ data: { userId: member.id, fileName: 'r.pdf', mimeType: 'application/pdf', sizeBytes: 4, storageKey: kept } });
    const orphan = await lib.storage.storeUpload(new Uint8Array([1]), 'png');
    const young = await lib.storage.storeUpload(new Uint8Array([2]), 'jpg');
    const foreign = `${PREFIX}notes.txt`;
    const importFile = `${PREFIX}imports/${'f'.repeat(32)}.png`;
    const outside = `${'9'.repeat(32)}.pdf`; // outside the prefix: not the app's
    for (const key of [foreign, importFile, outside]) await bucket.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: 'not ours' }));
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const key of [kept, orphan].map((name) => `${PREFIX}${name}`).concat(foreign, importFile, outside)) await s3.setLastModified(key, twoHoursAgo);

    expect(await lib.housekeeping.sweepOrphanUploads()).toBe(1);
    const left = await keys('');
    expect(left).not.toContain(`${PREFIX}${orphan}`);
    expect(left).toEqual(expect.arrayContaining([`${PREFIX}${kept}`, `${PREFIX}${young}`, foreign, importFile, outside]));
    await bucket.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: importFile }));
    await bucket.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: outside }));
  });

  it('lists every page of the bucket (ListObjectsV2 continuation)', async () => {
    const store = lib.s3Store({ bucket: s3.bucket, prefix: PREFIX, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, 2);
    const pages: string[][] = [];
    for await (const page of store.list('uploads', lib.storage.isUploadKey)) pages.push(page.map((object) => object.name));
    const expected = (await keys()).filter((key) => !key.includes('/imports/')).map((key) => key.slice(PREFIX.length)).filter(lib.storage.isUploadKey);
    expect(expected.length).toBeGreaterThan(2);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flat().sort()).toEqual(expected.sort());
  });
});

describe('the data export', () => {
  it('carries the report’s bytes from the bucket, and names one missing from it in README.txt', async () => {
    const member = await createMember();
    const pdf = new TextEncoder().encode(`%PDF-1.4 exported ${randomBytes(8).toString('hex')}`);
    const storageKey = await lib.storage.storeUpload(pdf, 'pdf');
    const report = await lib.db.labReport.create({ data: { userId: member.id, fileName: 'bloods.pdf', mimeType: 'application/pdf', sizeBytes: pdf.length, storageKey } });
    const lost = await lib.db.labReport.create({ data: { userId: member.id, fileName: 'lost.pdf', mimeType: 'application/pdf', sizeBytes: 10, storageKey: `${'0'.repeat(32)}.pdf` } });

    const archive = unzipSync(new Uint8Array(await new Response(lib.exporter.dataExportStream(member.id)).arrayBuffer()));
    expect(Buffer.from(archive[`uploads/${report.id}-bloods.pdf`]!)).toEqual(Buffer.from(pdf));
    expect(archive[`uploads/${lost.id}-lost.pdf`]).toBeUndefined();
    expect(new TextDecoder().decode(archive['README.txt'])).toContain(`- uploads/${lost.id}-lost.pdf: the file is missing from storage`);
  });
});
