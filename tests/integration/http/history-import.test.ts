// The history-import calls over HTTP against the production build: the export as the request body,
// written where the job will read it, the member's own imports only, cancel and remove; refused without
// a session (the proxy's header changes nothing), with another content type, or for someone else's import.
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { FILE_NAME_MESSAGE } from '@/lib/http/body';
import { exportXml, exportZip, recordXml } from '../../support/apple-health-export';
import { registerUser, serveAppForThisFile } from '../../setup/app-server';

const uploadsDir = mkdtempSync(path.join(tmpdir(), 'vt-imports-'));
const app = serveAppForThisFile(() => ({ UPLOADS_DIR: uploadsDir }));
const zip = exportZip(exportXml(recordXml({ type: 'HKQuantityTypeIdentifierStepCount', value: 812, unit: 'count', start: '2026-03-01 08:00:00 +0000' })));

type Member = Awaited<ReturnType<typeof registerUser>>;
const cookieOf = (member: Member) => [...member.browser.jar].map(([k, v]) => `${k}=${v}`).join('; ');
const send = (member: Member | null, body: Uint8Array, headers: Record<string, string> = {}) =>
  fetch(`${app.url}/api/imports`, { method: 'POST', headers: { origin: app.url, 'content-type': 'application/zip', 'x-file-name': encodeURIComponent('Health export.zip'), ...(member ? { cookie: cookieOf(member) } : {}), ...headers }, body: new Uint8Array(body) });

const filesWritten = () => (existsSync(path.join(uploadsDir, 'imports')) ? readdirSync(path.join(uploadsDir, 'imports')).length : 0);

describe('the name an export is sent with', () => {
  it('is read as the UTF-8 it is, percent-encoded or raw', async () => {
    const member = await registerUser(app, { onboarded: true });
    const name = 'Müller – Export.zip';
    // Raw: the header carries the UTF-8 bytes, which the server first sees one byte per character.
    const raw = await send(member, zip, { 'x-file-name': Buffer.from(name, 'utf8').toString('latin1') });
    expect(raw.status).toBe(201);
    expect(((await raw.json()) as { import: { file_name: string } }).import.file_name).toBe(name);
    const stored = await db.historyImport.findFirstOrThrow({ where: { user: { email: member.email } } });
    expect(stored.fileName).toBe(name);
    // Removed, so the file count the next tests read starts from none.
    expect((await fetch(`${app.url}/api/imports/${stored.id}`, { method: 'DELETE', headers: { cookie: cookieOf(member), origin: app.url } })).status).toBe(200);
  });

  it.each([
    ['a direction override', 'txt.\u202eexport.zip'],
    ['a line break', 'export\r\n.zip'],
    ['a zero-width space', 'ex\u200bport.zip'],
  ])('is refused with %s, and nothing is stored or written', async (_case, name) => {
    const member = await registerUser(app, { onboarded: true });
    const before = filesWritten();
    const answer = await send(member, zip, { 'x-file-name': encodeURIComponent(name) });
    expect(answer.status).toBe(422);
    expect(((await answer.json()) as { message: string }).message).toBe(FILE_NAME_MESSAGE);
    expect(await db.historyImport.count({ where: { user: { email: member.email } } })).toBe(0);
    expect(filesWritten()).toBe(before);
  });
});

describe('POST /api/imports and the calls on an import', () => {
  it('takes the export as the body, queues it, and lets its owner alone see, cancel and remove it', async () => {
    const owner = await registerUser(app, { onboarded: true });
    const stranger = await registerUser(app, { onboarded: true });
    const answer = await send(owner, zip);
    expect(answer.status).toBe(201);
    const { import: created } = (await answer.json()) as { import: { id: string; status: string; file_name: string } };
    expect(created).toMatchObject({ status: 'queued', file_name: 'Health export.zip' });
    expect(readdirSync(path.join(uploadsDir, 'imports'))).toHaveLength(1);

    expect((await owner.browser.get('/api/imports')).json.imports).toEqual([expect.objectContaining({ id: created.id })]);
    expect((await stranger.browser.get('/api/imports')).json.imports).toEqual([]);
    const theirs = await stranger.browser.get(`/api/imports/${created.id}`);
    expect([theirs.status, theirs.json.message]).toEqual([404, 'That import was not found.']);
    expect((await stranger.browser.post(`/api/imports/${created.id}/cancel`, undefined, { origin: app.url })).status).toBe(404);

    const cancelled = await owner.browser.post(`/api/imports/${created.id}/cancel`, undefined, { origin: app.url });
    expect([cancelled.status, (cancelled.json.import as { status: string }).status]).toEqual([200, 'cancelled']);
    expect(readdirSync(path.join(uploadsDir, 'imports'))).toHaveLength(0);
    const removed = await fetch(`${app.url}/api/imports/${created.id}`, { method: 'DELETE', headers: { cookie: cookieOf(owner), origin: app.url } });
    expect(removed.status).toBe(200);
    expect(await db.historyImport.count({ where: { userId: owner.userId } })).toBe(0);
  });

  it('refuses without a session, with another content type, and stores nothing', async () => {
    const member = await registerUser(app, { onboarded: true });
    const visitor = await send(null, zip, { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' });
    expect([visitor.status, ((await visitor.json()) as { message: string }).message]).toEqual([401, 'Not authenticated']);
    const text = await send(member, zip, { 'content-type': 'text/plain' });
    expect([text.status, ((await text.json()) as { message: string }).message]).toEqual([415, 'Send the export as application/zip.']);
    expect(await db.historyImport.count({ where: { userId: member.userId } })).toBe(0);
  });
});
