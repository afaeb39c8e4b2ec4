// What one member may have of the app's storage, over HTTP against the production build
// (lib/uploads/quota.ts): two uploads on their way at once, a total of history files kept, and nothing
// taken once the disk under UPLOADS_DIR is below the floor the operator set.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { QUOTA_MESSAGES } from '@/lib/uploads/quota';
import { registerUser, STARTS_A_SERVER_MS, startAppServer, type AppServer } from '../../setup/app-server';
import { sendRaw } from '../../setup/raw-http';
import { waitFor } from '../../support/wait-for';

type Member = Awaited<ReturnType<typeof registerUser>>;
const cookieOf = (member: Member) => [...member.browser.jar].map(([k, v]) => `${k}=${v}`).join('; ');
const leases = async (userId: string) => Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM upload_leases WHERE "userId" = ${userId}`)[0]!.n);
const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).length : 0);

/** An upload of a history file whose first half is sent now; `finish` sends the rest. */
function halfSentImport(app: AppServer, member: Member, body: Uint8Array): { finish: () => void; answer: Promise<{ status: number; message?: string }> } {
  const url = new URL(`${app.url}/api/imports`);
  let finish = () => {};
  const answer = new Promise<{ status: number; message?: string }>((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { origin: app.url, cookie: cookieOf(member), 'content-type': 'application/zip', 'x-file-name': 'export.zip' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ...(JSON.parse(Buffer.concat(chunks).toString() || '{}') as { message?: string }) }));
      },
    );
    req.on('error', reject);
    req.write(body.subarray(0, body.length / 2));
    finish = () => req.end(body.subarray(body.length / 2));
  });
  return { finish: () => finish(), answer };
}

const upload = (app: AppServer, member: Member, body: Uint8Array) =>
  fetch(`${app.url}/api/imports`, { method: 'POST', headers: { origin: app.url, cookie: cookieOf(member), 'content-type': 'application/zip', 'x-file-name': 'export.zip' }, body: new Uint8Array(body) });

describe('uploads on their way, and the history files one member keeps', () => {
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'vt-quota-'));
  const importsDir = path.join(uploadsDir, 'imports');
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({ UPLOADS_DIR: uploadsDir, UPLOADS_MAX_KEPT_MB: '1' });
  }, STARTS_A_SERVER_MS);
  afterAll(async () => {
    await app.stop();
    await db.$disconnect();
  });

  it('takes two uploads of one member at once, refuses a third with a 429 while they run, and takes it once one is done', async () => {
    const member = await registerUser(app, { onboarded: true });
    const other = await registerUser(app, { onboarded: true });
    const first = halfSentImport(app, member, randomBytes(64 * 1024));
    const second = halfSentImport(app, member, randomBytes(64 * 1024));
    // Both are on their way once the server holds their slots: a third waits for neither.
    await waitFor(async () => (await leases(member.userId)) === 2, 'the server to hold both uploads’ slots');
    const third = await upload(app, member, randomBytes(1024));
    expect(third.status).toBe(429);
    expect(((await third.json()) as { message: string }).message).toBe(QUOTA_MESSAGES.inFlight);
    // Another member is not held up by them.
    expect((await upload(app, other, randomBytes(1024))).status).toBe(201);
    first.finish();
    second.finish();
    expect((await first.answer).status).toBe(201);
    expect((await second.answer).status).toBe(201);
    expect((await upload(app, member, randomBytes(1024))).status).toBe(201);
    expect(await db.historyImport.count({ where: { userId: member.userId } })).toBe(3);
    expect(await leases(member.userId)).toBe(0);
  });

  it('refuses a history file past the member’s kept total (413, what to do), keeps nothing of it, and takes it once one is removed', async () => {
    const member = await registerUser(app, { onboarded: true });
    const kept = await upload(app, member, randomBytes(700 * 1024));
    expect(kept.status).toBe(201);
    const { import: first } = (await kept.json()) as { import: { id: string } };
    const files = filesIn(importsDir);
    // Sent as curl would, chunked: the server answers 413 at the limit, mid-upload, and closes.
    const refused = await sendRaw(`${app.url}/api/imports`, 'POST', { origin: app.url, cookie: cookieOf(member), 'content-type': 'application/zip', 'x-file-name': 'export.zip' }, undefined, 700 * 1024);
    expect(refused.status).toBe(413);
    expect((JSON.parse(refused.text) as { message: string }).message).toBe(QUOTA_MESSAGES.importsKept);
    expect(filesIn(importsDir)).toBe(files);
    expect(await db.historyImport.count({ where: { userId: member.userId } })).toBe(1);
    // Removing the waiting import frees its room.
    expect((await fetch(`${app.url}/api/imports/${first.id}`, { method: 'DELETE', headers: { cookie: cookieOf(member), origin: app.url } })).status).toBe(200);
    expect((await upload(app, member, randomBytes(700 * 1024))).status).toBe(201);
  });
});

describe('a disk below the operator’s floor', () => {
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'vt-quota-full-'));
  let app: AppServer;
  beforeAll(async () => {
    // A floor no disk here reaches: every upload meets a full disk.
    app = await startAppServer({ UPLOADS_DIR: uploadsDir, UPLOADS_MIN_FREE_MB: String(1024 ** 3) });
  }, STARTS_A_SERVER_MS);
  afterAll(async () => {
    await app.stop();
    await db.$disconnect();
  });

  it('refuses history files and blood-test reports with a 507 in the member’s words, and writes nothing', async () => {
    const member = await registerUser(app, { onboarded: true });
    const history = await upload(app, member, randomBytes(4096));
    expect(history.status).toBe(507);
    expect(await history.json()).toEqual({ message: QUOTA_MESSAGES.diskFull, code: 'insufficient_storage' });
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'blood.pdf');
    const report = await fetch(`${app.url}/api/upload-lab-report`, { method: 'POST', body: form, headers: { cookie: cookieOf(member), origin: app.url } });
    expect(report.status).toBe(507);
    expect(((await report.json()) as { message: string }).message).toBe(QUOTA_MESSAGES.diskFull);
    expect(await db.historyImport.count({ where: { userId: member.userId } })).toBe(0);
    expect(await db.labReport.count({ where: { userId: member.userId } })).toBe(0);
    expect(readdirSync(uploadsDir).filter((name) => name !== 'imports')).toEqual([]);
    expect(filesIn(path.join(uploadsDir, 'imports'))).toBe(0);
  });
});
