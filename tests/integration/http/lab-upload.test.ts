import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { db } from '@/lib/db';
import { PICTURE_MESSAGES, pictureProblem } from '@/lib/labs/picture-quality';
import { FIXTURES } from '../../fixtures/labs/answer-key';
import { LAB_REPORT_EXPECTED, labReportPdf } from '../../support/lab-pdfs';
import { registerUser, serveAppForThisFile, type AppServer } from '../../setup/app-server';

// POST /api/upload-lab-report against the production build: what is refused (and then stored nowhere),
// what a PDF gives the review screen, the confirmed values, and who may read a file back.

const uploadsDir = mkdtempSync(path.join(tmpdir(), 'vt-uploads-'));
const app: AppServer = serveAppForThisFile(() => ({ UPLOADS_DIR: uploadsDir }));

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

type Member = Awaited<ReturnType<typeof registerUser>>;
const cookieOf = (member: Member) => [...member.browser.jar].map(([k, v]) => `${k}=${v}`).join('; ');

async function upload(member: Member | null, body: BodyInit | null, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}/api/upload-lab-report`, {
    method: 'POST',
    headers: { origin: app.url, 'x-forwarded-for': '203.0.113.77', ...(member ? { cookie: cookieOf(member) } : {}), ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, json: JSON.parse(text) as Record<string, unknown> };
}

const fileForm = (bytes: Uint8Array, name: string, type: string, field = 'file') => {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], name, { type }));
  return form;
};

const stored = async (userId: string) => ({ rows: await db.labReport.count({ where: { userId } }), files: readdirSync(uploadsDir).length });

describe('POST /api/upload-lab-report', () => {
  it('refuses a 12 MB file, a PNG named .pdf, a text file, an empty file, a missing field and a non-multipart body, each with a 4xx message and nothing stored', async () => {
    const member = await registerUser(app, { onboarded: true });
    const before = await stored(member.userId);
    const twelveMb = new Uint8Array(12 * 1024 * 1024);
    twelveMb.set(new TextEncoder().encode('%PDF-1.7\n'));
    const cases = [
      { body: fileForm(twelveMb, 'big.pdf', 'application/pdf'), status: 413, message: 'The file is larger than 10 MB.' },
      { body: fileForm(PNG_1X1, 'report.pdf', 'application/pdf'), status: 415, message: 'The file’s contents do not match its name. Please upload the original PDF, JPEG or PNG.' },
      { body: fileForm(new TextEncoder().encode('Testosterone 18 nmol/L'), 'report.pdf', 'application/pdf'), status: 415, message: 'Only PDF, JPEG or PNG files can be uploaded.' },
      { body: fileForm(new Uint8Array(), 'empty.pdf', 'application/pdf'), status: 422, message: 'Choose a PDF, JPEG or PNG file to upload.' },
      { body: fileForm(PNG_1X1, 'scan.png', 'image/png', 'document'), status: 422, message: 'Choose a PDF, JPEG or PNG file to upload.' },
    ];
    for (const { body, status, message } of cases) {
      const answer = await upload(member, body);
      expect({ status: answer.status, message: answer.json.message }).toEqual({ status, message });
    }
    const json = await upload(member, JSON.stringify({ file: 'x' }), { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
    expect(typeof json.json.message).toBe('string');
    expect(await stored(member.userId)).toEqual(before);
  });

  // A photo too dark, too small or too blurred to read is refused at once with what to do, never queued to
  // end as an empty review; every photo and scan of the corpus (tests/fixtures/labs) is let through.
  it('refuses a photo too dark, too small or too blurred to read, saying what to do, and stores nothing; the corpus’s photos and scans pass', async () => {
    const member = await registerUser(app, { onboarded: true });
    const before = await stored(member.userId);
    const photo = readFileSync('tests/fixtures/labs/uk-private-photo.jpg');
    const dark = await sharp(photo).linear(0.2, 0).jpeg({ quality: 80 }).toBuffer();
    const small = await sharp(photo).resize({ width: 360 }).jpeg().toBuffer();
    // Blurred as a shaking hand or a phone that did not focus blurs it: OCR reads nothing of it at σ 2.5.
    const blurred = await sharp(photo).blur(3).jpeg({ quality: 80 }).toBuffer();
    const refused = async (bytes: Uint8Array, name: string) => {
      const answer = await upload(member, fileForm(bytes, name, 'image/jpeg'));
      return { status: answer.status, message: answer.json.message };
    };
    expect(await refused(dark, 'IMG_2041.jpg')).toEqual({ status: 422, message: PICTURE_MESSAGES.dark });
    expect(PICTURE_MESSAGES.dark).toBe('This photo is too dark to read. Take it again in daylight, the page flat and filling the frame.');
    expect(await refused(small, 'thumbnail.jpg')).toEqual({ status: 422, message: PICTURE_MESSAGES.small });
    expect(await refused(blurred, 'IMG_2042.jpg')).toEqual({ status: 422, message: PICTURE_MESSAGES.blurred });
    // A little blur that still reads (σ 1.5), and a blank page (nothing to judge), are let through.
    expect(await pictureProblem(await sharp(photo).blur(1.5).jpeg({ quality: 80 }).toBuffer())).toBeNull();
    expect(await pictureProblem(readFileSync('tests/fixtures/blank-page.png'))).toBeNull();
    expect(await stored(member.userId)).toEqual(before);
    const pictures = [FIXTURES, path.join(FIXTURES, 'held-out')].flatMap((dir) => readdirSync(dir).filter((name) => /\.(?:jpg|png)$/.test(name)).map((name) => path.join(dir, name)));
    expect(pictures.length).toBeGreaterThanOrEqual(20);
    for (const picture of pictures) expect([picture, await pictureProblem(readFileSync(picture))]).toEqual([picture, null]);
  });

  it('needs a session', async () => {
    const answer = await upload(null, fileForm(PNG_1X1, 'scan.png', 'image/png'));
    expect(answer).toEqual({ status: 401, json: { message: 'Not authenticated', code: 'unauthorized' } });
  });

  it('reads a PDF for the review, saves only what is confirmed, and gives the file back to its owner alone', async () => {
    const owner = await registerUser(app, { onboarded: true });
    const stranger = await registerUser(app, { onboarded: true });
    const expected = LAB_REPORT_EXPECTED['us-columns'];

    const answer = await upload(owner, fileForm(await labReportPdf('us-columns'), 'quest.pdf', 'application/pdf'));
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({ message: 'Blood test uploaded successfully.', file_name: 'quest.pdf', kind: 'pdf', text_found: true, collected_on: expected.collectedOn });
    const markers = answer.json.markers as { marker: string; value: number; unit: string }[];
    expect(markers.map(({ marker, value, unit }) => ({ marker, value, unit }))).toEqual(expected.markers.map(({ marker, value, unit }) => ({ marker, value, unit })));
    // Nothing is saved before the member confirms.
    expect(await db.labResult.count({ where: { userId: owner.userId } })).toBe(0);
    const reportId = answer.json.report_id as string;
    const row = await db.labReport.findUniqueOrThrow({ where: { id: reportId } });
    expect(row.storageKey).toMatch(/^[a-f0-9]{32}\.pdf$/);
    expect(row.storageKey).not.toContain('quest');

    const testosterone = expected.markers.find((m) => m.marker === 'total_testosterone')!;
    const confirm = await owner.browser.post(
      '/api/lab-results',
      { report_id: reportId, taken_on: expected.collectedOn, results: [{ marker: 'total_testosterone', value: testosterone.value, unit: testosterone.unit, reference_low: 264, reference_high: 916 }] },
      { origin: app.url },
    );
    expect(confirm.status).toBe(201);
    const trend = await owner.browser.get('/api/trends/testosterone');
    expect(trend.json.data).toEqual([expect.objectContaining({ raw: Math.round(testosterone.value), highlight: true })]);
    // The range the lab printed beside it, for the chart's band and legend, in the chart's ng/dL.
    expect(testosterone.unit).toBe('ng/dL');
    expect(trend.json.lab_range).toEqual({ low: 264, high: 916 });

    // Someone else's report id confirms nothing.
    const foreign = await stranger.browser.post('/api/lab-results', { report_id: reportId, taken_on: '2026-01-05', results: [{ marker: 'psa', value: 1, unit: 'ng/mL' }] }, { origin: app.url });
    expect(foreign.status).toBe(404);

    const mine = await fetch(`${app.url}/api/lab-reports/${reportId}/file`, { headers: { cookie: cookieOf(owner) } });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await mine.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const theirs = await fetch(`${app.url}/api/lab-reports/${reportId}/file`, { headers: { cookie: cookieOf(stranger) } });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ message: 'That report was not found.', code: 'not_found' });

    // Removing: not someone else's; the owner's goes with its file, and the confirmed value stays.
    const removeAs = (member: Member) => fetch(`${app.url}/api/lab-reports/${reportId}`, { method: 'DELETE', headers: { cookie: cookieOf(member), origin: app.url } });
    expect((await removeAs(stranger)).status).toBe(404);
    expect(readdirSync(uploadsDir)).toContain(row.storageKey);
    const removed = await removeAs(owner);
    expect(removed.status).toBe(200);
    expect(await db.labReport.count({ where: { id: reportId } })).toBe(0);
    expect(readdirSync(uploadsDir)).not.toContain(row.storageKey);
    expect(await db.labResult.findMany({ where: { userId: owner.userId }, select: { marker: true, reportId: true } })).toEqual([{ marker: 'total_testosterone', reportId: null }]);
    expect((await fetch(`${app.url}/api/lab-reports/${reportId}/file`, { headers: { cookie: cookieOf(owner) } })).status).toBe(404);
  });

  it('reopens the review of an uploaded report for its owner alone, with what was read from it', async () => {
    const owner = await registerUser(app, { onboarded: true });
    const stranger = await registerUser(app, { onboarded: true });
    const answer = await upload(owner, fileForm(await labReportPdf('uk-table'), 'nhs.pdf', 'application/pdf'));
    expect(answer.status).toBe(201);
    const reportId = answer.json.report_id as string;

    // Closing the dialog loses nothing: the same reading comes back.
    const again = await owner.browser.get(`/api/lab-reports/${reportId}`);
    expect(again.status).toBe(200);
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(again.json).toEqual(answer.json);
    expect(again.json.markers).toHaveLength(LAB_REPORT_EXPECTED['uk-table'].markers.length);

    const theirs = await stranger.browser.get(`/api/lab-reports/${reportId}`);
    expect([theirs.status, theirs.json]).toEqual([404, { message: 'That report was not found.', code: 'not_found' }]);
    const visitor = await fetch(`${app.url}/api/lab-reports/${reportId}`);
    expect(visitor.status).toBe(401);
    const spoofed = await fetch(`${app.url}/api/lab-reports/${reportId}`, { headers: { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' } });
    expect(spoofed.status).toBe(401);
  });

  it('keeps a result’s "<" or ">" from review to database, chart, T-Score input and FHIR export', async () => {
    const member = await registerUser(app, { onboarded: true });
    const saved = await member.browser.post(
      '/api/lab-results',
      { taken_on: '2026-02-01', results: [{ marker: 'total_testosterone', comparator: '<', value: 0.5, unit: 'nmol/L' }, { marker: 'psa', comparator: null, value: 0.8, unit: 'ng/mL' }] },
      { origin: app.url },
    );
    expect(saved.status).toBe(201);
    expect(await db.labResult.findMany({ where: { userId: member.userId }, orderBy: { marker: 'asc' }, select: { marker: true, comparator: true, value: true } })).toEqual([
      { marker: 'psa', comparator: null, value: 0.8 },
      { marker: 'total_testosterone', comparator: '<', value: 0.5 },
    ]);
    // The chart draws it as a bound (0.5 nmol/L is 14.4 ng/dL).
    expect((await member.browser.get('/api/trends/testosterone')).json.data).toEqual([expect.objectContaining({ raw: 14, comparator: '<' })]);
    // A comparator outside FHIR's four is refused.
    const odd = await member.browser.post('/api/lab-results', { taken_on: '2026-02-02', results: [{ marker: 'psa', comparator: '~', value: 1, unit: 'ng/mL' }] }, { origin: app.url });
    expect(odd.status).toBe(422);
    expect(odd.json.message).toBe('The value can be exact, or below or above a limit.');
  });

  it('typed values are checked against the marker’s units and plausible range', async () => {
    const member = await registerUser(app, { onboarded: true });

    const wrongUnit = await member.browser.post('/api/lab-results', { taken_on: '2026-02-01', results: [{ marker: 'total_testosterone', value: 15, unit: 'mg/dL' }] }, { origin: app.url });
    expect(wrongUnit.status).toBe(422);
    expect(wrongUnit.json.message).toBe('Total testosterone is given in ng/dL, nmol/L, ng/mL.');
    const implausible = await member.browser.post('/api/lab-results', { taken_on: '2026-02-01', results: [{ marker: 'total_testosterone', value: 1500, unit: 'nmol/L' }] }, { origin: app.url });
    expect(implausible.json.message).toBe('That Total testosterone value looks wrong: check the number and the unit.');
    const future = await member.browser.post('/api/lab-results', { taken_on: '2999-01-01', results: [{ marker: 'psa', value: 1, unit: 'ng/mL' }] }, { origin: app.url });
    expect(future.json.message).toBe('The date the blood was taken cannot be in the future.');
    expect(await db.labResult.count({ where: { userId: member.userId } })).toBe(0);
  });
});
