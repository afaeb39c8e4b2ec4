// A scan or a photo of a blood test, read by OCR on the job queue, against the production build and a job
// process of this file's own: the upload is answered at once (202), the review follows the reading (its
// place in the queue, then its progress) and opens with the values; the queue is fair to every member and
// bounded, for each member and for all; a reading no job finishes is given up with a plain message.
import '../../support/own-uploads-dir';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { runHousekeeping } from '@/lib/maintenance/housekeeping';
import { LAB_READS_PER_MEMBER, QUEUE_FULL, STALLED_READING_MS, TOO_MANY_OF_YOURS } from '@/lib/labs/reading';
import { READING_MESSAGE, UNREADABLE_MESSAGE } from '@/lib/labs/upload-messages';
import { startJobs, type Jobs } from '@/scripts/job-worker';
import { FIXTURES, readAnswers } from '../../fixtures/labs/answer-key';
import { labReportPdf } from '../../support/lab-pdfs';
import { waitFor } from '../../support/wait-for';
import { registerUser, serveAppForThisFile } from '../../setup/app-server';
import { budget } from '../../setup/machine-speed.js';

const QUEUE_MAX = 6;
const app = serveAppForThisFile(() => ({ UPLOADS_DIR: process.env.UPLOADS_DIR!, LAB_OCR_QUEUE_MAX: String(QUEUE_MAX) }));

/** A photo of a blank page: quick to read, with nothing on it (a picture too small or too dark is refused at its upload). */
const BLANK_PAGE = readFileSync('tests/fixtures/blank-page.png');
const [QUEST] = readAnswers().filter((answer) => answer.id === 'us-quest-scan');
const questScan = () => readFileSync(path.join(FIXTURES, QUEST!.file));

type Member = Awaited<ReturnType<typeof registerUser>>;
const cookieOf = (member: Member) => [...member.browser.jar].map(([k, v]) => `${k}=${v}`).join('; ');
type Answer = { status: number; json: Record<string, unknown> & { report_id: string; status: string; message: string } };

async function upload(member: Member, bytes: Uint8Array, name: string, type = 'image/png'): Promise<Answer> {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type }));
  const response = await fetch(`${app.url}/api/upload-lab-report`, { method: 'POST', headers: { origin: app.url, cookie: cookieOf(member) }, body: form });
  return { status: response.status, json: (await response.json()) as Answer['json'] };
}

const review = async (member: Member, id: string) => (await member.browser.get(`/api/lab-reports/${id}`)).json as Answer['json'] & { ahead?: number; progress?: number; markers: { marker: string; value: number }[] };

/** Clears the queue between tests: every reading still waiting is done with, and its job dropped. */
async function emptyQueue(): Promise<void> {
  await db.$executeRaw`DELETE FROM pgboss.job WHERE name = 'lab-report-read'`;
  await db.labReport.updateMany({ where: { readingState: { not: 'done' } }, data: { readingState: 'done' } });
}

// Each test starts from an empty queue, whatever the one before it left.
afterEach(emptyQueue);

describe('with no job process running', () => {
  it('answers a photo at once with 202 and its place in the queue, and a PDF with text at once with its values (201)', async () => {
    const member = await registerUser(app, { onboarded: true });
    const photo = await upload(member, questScan(), 'quest scan.png');
    expect(photo.status).toBe(202);
    expect(photo.json).toMatchObject({ status: 'queued', ahead: 0, message: READING_MESSAGE, kind: 'image', markers: [], file_name: 'quest scan.png' });
    const row = await db.labReport.findUniqueOrThrow({ where: { id: photo.json.report_id } });
    expect(row).toMatchObject({ readingState: 'queued', reading: null });
    expect(await review(member, photo.json.report_id)).toMatchObject({ status: 'queued', ahead: 0 });

    const pdf = await upload(member, await labReportPdf('uk-table'), 'March bloods.pdf', 'application/pdf');
    expect(pdf.status).toBe(201);
    expect(pdf.json).toMatchObject({ status: 'ready', read_by: 'text' });
  });

  it('puts a member’s later reports behind other members’ first ones, and refuses a fourth of theirs (429) and any past the queue’s bound (503)', async () => {
    const [busy, second, third] = [await registerUser(app, { onboarded: true }), await registerUser(app, { onboarded: true }), await registerUser(app, { onboarded: true })];
    const own = [];
    for (let i = 0; i < LAB_READS_PER_MEMBER; i += 1) own.push(await upload(busy, BLANK_PAGE, `photo ${i}.png`));
    expect(own.map((answer) => [answer.status, answer.json.ahead])).toEqual([
      [202, 0],
      [202, 1],
      [202, 2],
    ]);
    const fourth = await upload(busy, BLANK_PAGE, 'photo 3.png');
    expect([fourth.status, fourth.json.message]).toEqual([429, TOO_MANY_OF_YOURS]);

    // Another member's first report goes after the busy member's first, ahead of their second and third.
    const other = await upload(second, BLANK_PAGE, 'mine.png');
    expect([other.status, other.json.ahead]).toEqual([202, 1]);
    expect((await review(busy, own[1]!.json.report_id)).ahead).toBe(2);
    expect((await review(busy, own[2]!.json.report_id)).ahead).toBe(3);

    // The queue holds QUEUE_MAX readings in all: past that, everyone is asked to come back. Two sent
    // together by one member are queued one after the other, not side by side.
    const more = await Promise.all([upload(third, BLANK_PAGE, 'a.png'), upload(third, BLANK_PAGE, 'b.png')]);
    expect(more.map((answer) => answer.status)).toEqual([202, 202]);
    const priorities = await db.$queryRaw<{ priority: number }[]>`SELECT priority FROM pgboss.job WHERE name = 'lab-report-read' AND data->>'reportId' IN (${more[0]!.json.report_id}, ${more[1]!.json.report_id}) ORDER BY priority DESC`;
    expect(priorities.map((row) => row.priority)).toEqual([0, -1]);
    const before = await db.labReport.count({ where: { userId: third.userId } });
    const full = await upload(third, BLANK_PAGE, 'c.png');
    expect([full.status, full.json.message]).toEqual([503, QUEUE_FULL]);
    expect(await db.labReport.count({ where: { userId: third.userId } })).toBe(before);
  });

  it('gives up a reading no job finishes: the review opens for typing the values in, and housekeeping settles the rest', async () => {
    const [member, other] = [await registerUser(app, { onboarded: true }), await registerUser(app, { onboarded: true })];
    const [shown, swept] = [await upload(member, BLANK_PAGE, 'one.png'), await upload(other, BLANK_PAGE, 'two.png')];
    const longAgo = new Date(Date.now() - STALLED_READING_MS.queued - 60_000);
    await db.labReport.updateMany({ where: { userId: { in: [member.userId, other.userId] } }, data: { readingAt: longAgo } });
    expect(await review(member, shown.json.report_id)).toMatchObject({ status: 'ready', message: UNREADABLE_MESSAGE, markers: [] });
    expect(await db.labReport.count({ where: { id: swept.json.report_id, readingState: 'queued' } })).toBe(1);
    expect((await runHousekeeping(new Date())).stalledReadings).toBeGreaterThanOrEqual(1);
    expect(await db.labReport.findUniqueOrThrow({ where: { id: swept.json.report_id } })).toMatchObject({ readingState: 'done', reading: expect.objectContaining({ message: UNREADABLE_MESSAGE }) });
  });
});

describe('with the job process running', () => {
  let jobs: Jobs;
  beforeAll(async () => {
    jobs = await startJobs(process.env.DATABASE_URL!, { schedule: false, pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await jobs.stop();
  });

  it('reads a scanned report by OCR, showing its progress on the way, and opens the review with only values on its key', async () => {
    const member = await registerUser(app, { onboarded: true });
    const answer = await upload(member, questScan(), 'quest scan.png');
    expect(answer.status).toBe(202);
    const seen: string[] = [];
    let done: Awaited<ReturnType<typeof review>> | null = null;
    await waitFor(
      async () => {
        const now = await review(member, answer.json.report_id);
        if (now.status === 'reading') seen.push(`reading ${now.progress}`);
        if (now.status === 'ready') done = now;
        return done !== null;
      },
      'the scan to be read',
      { timeoutMs: 120_000, intervalMs: 100 },
    );
    // Progress moved between the start and the end.
    expect(seen.some((step) => /^reading ([1-9]\d?)$/.test(step))).toBe(true);
    expect(done).toMatchObject({ kind: 'image', text_found: true, read_by: 'ocr', collected_on: QUEST!.collectedOn });
    const markers = done!.markers;
    expect(markers.length).toBeGreaterThanOrEqual(8);
    for (const { marker, value } of markers) expect(value).toBe(QUEST!.markers.find((m) => m.marker === marker)?.value);
    expect(await db.labReport.findUniqueOrThrow({ where: { id: answer.json.report_id } })).toMatchObject({ readingState: 'done', readingProgress: null });
  }, budget(150_000));

  it('an image with no text is read to nothing: the review opens empty for manual entry', async () => {
    const member = await registerUser(app, { onboarded: true });
    const answer = await upload(member, BLANK_PAGE, 'photo.png');
    expect(answer.status).toBe(202);
    await waitFor(async () => (await review(member, answer.json.report_id)).status === 'ready', 'the photo to be read', { timeoutMs: 60_000 });
    expect(await review(member, answer.json.report_id)).toMatchObject({ kind: 'image', text_found: false, markers: [] });
  }, budget(90_000));
});
