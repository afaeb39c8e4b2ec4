// Reminders: the job on pg-boss over this file's own PostgreSQL database, with a clock the
// test sets, writing mail into a folder of its own; then the unsubscribe link from a mail.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addCheckin, createMember } from '../support/members';
import { budget } from '../setup/machine-speed.js';
import { waitFor } from '../support/wait-for';

const mailDir = mkdtempSync(path.join(os.tmpdir(), 'vt-reminders-'));
process.env.MAIL_DIR = mailDir;
process.env.NEXTAUTH_SECRET ??= 'reminders-test-secret-reminders-test-secret';

type Lib = {
  db: typeof import('@/lib/db').db;
  jobs: typeof import('@/lib/jobs/queues') & typeof import('@/scripts/job-worker');
  unsubscribe: typeof import('@/lib/reminders/unsubscribe');
};
let lib: Lib;
let running: Awaited<ReturnType<Lib['jobs']['startJobs']>>;

beforeAll(async () => {
  // Loaded after MAIL_DIR is set: the app reads its environment once.
  lib = { db: (await import('@/lib/db')).db, jobs: { ...(await import('@/lib/jobs/queues')), ...(await import('@/scripts/job-worker')) }, unsubscribe: await import('@/lib/reminders/unsubscribe') };
  running = await lib.jobs.startJobs(process.env.DATABASE_URL!, { schedule: false, pollingIntervalSeconds: 0.5 });
}, budget(60_000));

afterAll(async () => {
  await running?.stop();
  await lib?.db.$disconnect();
  rmSync(mailDir, { recursive: true, force: true });
});

type Mail = { to: string; subject: string; text: string; headers?: Record<string, string> };
const mails = (): Mail[] =>
  readdirSync(mailDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(mailDir, f), 'utf8')) as Mail);

/** Runs one reminders job through the queue for the instant `at`, and waits for it to finish. */
async function runJob(at: string): Promise<void> {
  const id = await running.boss.send(lib.jobs.REMINDERS_QUEUE, { at });
  const finished = async () => {
    const job = await running.boss.getJobById(lib.jobs.REMINDERS_QUEUE, id!);
    if (job?.state === 'failed') throw new Error('the reminders job failed');
    return job?.state === 'completed';
  };
  await waitFor(finished, `the reminders job for ${at} to finish`, { timeoutMs: 20_000, intervalMs: 100 });
}

let made = 0;
async function user(data: { timeZone?: string; notificationsEnabled?: boolean; onboarded?: boolean; firstName?: string } = {}) {
  made += 1;
  const { onboarded = true, ...rest } = data;
  return createMember({ firstName: `User${made}`, termsAcceptedAt: onboarded ? new Date('2026-11-01T00:00:00Z') : null, ...rest });
}

// Monday 23 November 2026: 20:00 UTC is 20:00 in London, 21:00 in Paris, 05:00 on Tuesday in Tokyo.
const MONDAY_EVENING = '2026-11-23T20:00:00.000Z';

describe('the reminders job', () => {
  it('writes one mail per due reminder, none for users with notifications off or before their evening, and nothing twice', async () => {
    const london = await user({ timeZone: 'Europe/London' });
    const off = await user({ timeZone: 'Europe/London', notificationsEnabled: false });
    const tokyo = await user({ timeZone: 'Asia/Tokyo' });
    const checkedIn = await user({ timeZone: 'Europe/Paris' });
    const scanned = await user({ timeZone: 'UTC' });
    const notOnboarded = await user({ timeZone: 'Europe/London', onboarded: false });
    await addCheckin(checkedIn.id, '2026-11-23', { mood: 'HAPPY', energy: 'LOW' });
    await lib.db.vitalScan.create({ data: { userId: scanned.id, source: 'WEEKLY', measuredAt: new Date('2026-11-23T08:00:00Z'), heartRateBpm: 60 } });

    // Before the evening hour everywhere it is evening by 20:00 UTC (Paris is an hour ahead): nothing.
    await runJob('2026-11-23T17:59:00.000Z');
    expect(mails()).toEqual([]);

    await runJob(MONDAY_EVENING);
    const sent = mails().map((m) => [m.to, m.subject]);
    expect(sent.sort()).toEqual(
      [
        [london.email, 'Time for your daily check-in'],
        [london.email, 'Your weekly pulse check is due'],
        [checkedIn.email, 'Your weekly pulse check is due'],
        [scanned.email, 'Time for your daily check-in'],
      ].sort(),
    );
    for (const excluded of [off, tokyo, notOnboarded]) expect(sent.some(([to]) => to === excluded.email)).toBe(false);

    // The same evening again, and a quarter of an hour later: nothing new.
    await runJob(MONDAY_EVENING);
    await runJob('2026-11-23T20:15:00.000Z');
    expect(mails()).toHaveLength(4);
    expect(await lib.db.reminderLog.count()).toBe(4);

    // Tokyo's evening comes at 10:00 UTC the next day: its two reminders, and London's daily one only
    // once London's own Tuesday evening comes (the weekly one was this week's already).
    await runJob('2026-11-24T10:00:00.000Z');
    expect(mails().filter((m) => m.to === tokyo.email).map((m) => m.subject).sort()).toEqual(['Time for your daily check-in', 'Your weekly pulse check is due']);
    expect(mails().filter((m) => m.to === london.email)).toHaveLength(2);
    await runJob('2026-11-24T19:30:00.000Z');
    expect(mails().filter((m) => m.to === london.email).map((m) => m.subject)).toEqual([
      'Time for your daily check-in',
      'Your weekly pulse check is due',
      'Time for your daily check-in',
    ]);
  }, budget(60_000));

  it('sends the retest reminder once its date is reached, naming no result, and never once a newer result is in', async () => {
    // A low vitamin D taken on 3 March 2026: retest by 26 May 2026 (12 weeks, lib/labs/explanations.ts).
    const due = await user({ timeZone: 'UTC' });
    const retested = await user({ timeZone: 'UTC' });
    for (const member of [due, retested])
      await lib.db.labResult.create({ data: { userId: member.id, marker: 'vitamin_d', value: 42, unit: 'nmol/L', referenceLow: 50, takenAt: new Date('2026-03-03T00:00:00Z') } });
    // The other member tested again in April, inside the range: nothing is due for him.
    await lib.db.labResult.create({ data: { userId: retested.id, marker: 'vitamin_d', value: 71, unit: 'nmol/L', referenceLow: 50, takenAt: new Date('2026-04-20T00:00:00Z') } });
    const retestMails = () => mails().filter((m) => m.subject === 'A blood test is due again');

    await runJob('2026-05-25T19:05:00.000Z');
    expect(retestMails()).toEqual([]);
    await runJob('2026-05-26T19:05:00.000Z');
    expect(retestMails().map((m) => m.to)).toEqual([due.email]);
    const [mail] = retestMails();
    expect(mail!.text).toContain('/my_actions');
    // A mailbox is no place for a result: the mail names none.
    expect(mail!.text).not.toMatch(/vitamin|42|nmol/i);
    // Once for that date, however many evenings follow.
    await runJob('2026-05-27T19:05:00.000Z');
    expect(retestMails()).toHaveLength(1);
  }, budget(60_000));

  it('puts a one-click unsubscribe link in each mail that works once and refuses a tampered token', async () => {
    const person = await user({ timeZone: 'UTC' });
    await runJob('2026-11-30T19:05:00.000Z');
    const mail = mails().find((m) => m.to === person.email && m.subject === 'Time for your daily check-in')!;
    const link = /(http\S+\/unsubscribe\?token=\S+)/.exec(mail.text)![1]!;
    const token = new URL(link).searchParams.get('token')!;
    expect(mail.headers?.['List-Unsubscribe']).toBe(`<${link}>`);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    // Tampered: another row's id with this signature, or an altered signature.
    const [id, signature] = token.split('.') as [string, string];
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    for (const forged of [`${id}x.${signature}`, `${id}.${flipped}`, 'garbage']) {
      await expect(lib.unsubscribe.unsubscribe(forged)).rejects.toMatchObject({ status: 400 });
    }
    expect((await lib.db.user.findUniqueOrThrow({ where: { id: person.id } })).notificationsEnabled).toBe(true);

    await lib.unsubscribe.unsubscribe(token);
    expect((await lib.db.user.findUniqueOrThrow({ where: { id: person.id } })).notificationsEnabled).toBe(false);
    await expect(lib.unsubscribe.unsubscribe(token)).rejects.toMatchObject({ status: 410 });

    // Off means off: the next evening sends this user nothing.
    const before = mails().length;
    await runJob('2026-12-01T19:05:00.000Z');
    expect(mails().slice(before).some((m) => m.to === person.email)).toBe(false);
  }, budget(60_000));
});
