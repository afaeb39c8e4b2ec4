// "Your experiment has ended": the job on pg-boss over this file's own PostgreSQL database, with a clock the test
// sets, writing mail into a folder of its own. Once the plan's last day is over in the member's zone (from his
// morning), one mail with a link to its page (neither the change nor the answer in it); never twice, also with two passes at
// once; none for a member with notifications off, for one stopped early, or for one set up after its end.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { addDays, daysBetween } from '@/lib/days';
import type { ExperimentInput } from '@/lib/experiments/contract';
import type { Mail } from '@/lib/mail/mailer';
import { addDailyMetrics, createMember } from '../support/members';
import { budget } from '../setup/machine-speed.js';
import { waitFor } from '../support/wait-for';

const mailDir = mkdtempSync(path.join(os.tmpdir(), 'vt-experiment-ended-'));
process.env.MAIL_DIR = mailDir;
process.env.NEXTAUTH_SECRET ??= 'experiment-ended-test-secret-experiment-ended';

type Lib = {
  db: typeof import('@/lib/db').db;
  jobs: typeof import('@/lib/jobs/queues') & typeof import('@/scripts/job-worker');
  store: typeof import('@/lib/experiments/store');
  ended: typeof import('@/lib/reminders/experiment-ended');
  unsubscribe: typeof import('@/lib/reminders/unsubscribe');
};
let lib: Lib;
let running: Awaited<ReturnType<Lib['jobs']['startJobs']>>;

beforeAll(async () => {
  // Loaded after MAIL_DIR is set: the app reads its environment once.
  lib = {
    db: (await import('@/lib/db')).db,
    jobs: { ...(await import('@/lib/jobs/queues')), ...(await import('@/scripts/job-worker')) },
    store: await import('@/lib/experiments/store'),
    ended: await import('@/lib/reminders/experiment-ended'),
    unsubscribe: await import('@/lib/reminders/unsubscribe'),
  };
  running = await lib.jobs.startJobs(process.env.DATABASE_URL!, { schedule: false, pollingIntervalSeconds: 0.5 });
}, budget(60_000));

afterAll(async () => {
  await running?.stop();
  await lib?.db.$disconnect();
  rmSync(mailDir, { recursive: true, force: true });
});

const mails = (): Mail[] =>
  readdirSync(mailDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(mailDir, f), 'utf8')) as Mail);
const endedMails = () => mails().filter((m) => m.subject === 'Your experiment has ended');

/** Runs one experiments-ended job through the queue for the instant `at`, and waits for it to finish. */
async function runJob(at: string): Promise<void> {
  const id = await running.boss.send(lib.jobs.EXPERIMENTS_ENDED_QUEUE, { at });
  const finished = async () => {
    const job = await running.boss.getJobById(lib.jobs.EXPERIMENTS_ENDED_QUEUE, id!);
    if (job?.state === 'failed') throw new Error('the experiments-ended job failed');
    return job?.state === 'completed';
  };
  await waitFor(finished, `the experiments-ended job for ${at} to finish`, { timeoutMs: 20_000, intervalMs: 100 });
}

// Set up on Monday 7 December 2026; the change from 17 Nov for 28 days: its last day is Monday 14 December.
const SET_UP = new Date('2026-12-07T12:00:00Z');
const PLAN: ExperimentInput = {
  change: 'No alcohol after 6 pm',
  catalogueKey: 'no-alcohol-after-six',
  outcome: 'hrvMs',
  exploratory: [],
  direction: 'higher',
  design: 'AB',
  changeFrom: '2026-11-17',
  baselineDays: 14,
  changeDays: 28,
  returnDays: null,
};

let made = 0;
/** An onboarded member with the plan under way and his HRV over all of it. */
async function memberWithExperiment(timeZone: string, extra: { notificationsEnabled?: boolean } = {}) {
  made += 1;
  const user = await createMember({ firstName: `Member${made}`, timeZone, termsAcceptedAt: new Date('2026-10-01T00:00:00Z'), ...extra });
  const days = Array.from({ length: 42 }, (_, i) => addDays('2026-11-03', i));
  await addDailyMetrics(user.id, days, (day, i) => ({ hrvMs: 40 + (day >= PLAN.changeFrom ? 8 : 0) + ((i * 7) % 5) - 2 }));
  const experiment = await lib.store.createExperiment({ id: user.id, timeZone }, PLAN, SET_UP);
  return { user, experiment };
}

const notifiedAt = async (id: string) => (await lib.db.experiment.findUniqueOrThrow({ where: { id }, select: { endNotifiedAt: true } })).endNotifiedAt;

describe('the experiments-ended job', () => {
  it('mails each member once, the morning after the last day in his zone, with a link to its page', async () => {
    const london = await memberWithExperiment('Europe/London');
    const tokyo = await memberWithExperiment('Asia/Tokyo');
    const off = await memberWithExperiment('Europe/London', { notificationsEnabled: false });
    const stopped = await memberWithExperiment('Europe/London');
    await lib.store.stopExperiment({ id: stopped.user.id, timeZone: 'Europe/London' }, stopped.experiment.id, new Date('2026-12-10T09:00:00Z'));
    // Set up after its own end: answered on the spot, nothing to announce.
    const late = await createMember({ timeZone: 'Europe/London', termsAcceptedAt: new Date('2026-10-01T00:00:00Z') });
    const past = await lib.store.createExperiment({ id: late.id, timeZone: 'Europe/London' }, { ...PLAN, changeFrom: '2026-10-01' }, SET_UP);

    // The last day itself, evening in London: not over anywhere yet.
    await runJob('2026-12-14T14:00:00.000Z');
    expect(endedMails()).toEqual([]);
    // 08:30 on 15 Dec in Tokyo, still the 14th in London.
    await runJob('2026-12-14T23:30:00.000Z');
    expect(endedMails().map((m) => m.to)).toEqual([tokyo.user.email]);
    // London's 15th has begun, but it is the night: no mail before 08:00.
    await runJob('2026-12-15T06:30:00.000Z');
    expect(endedMails()).toHaveLength(1);

    // Two passes at once, as two workers would run them: one mail.
    const at = new Date('2026-12-15T08:05:00Z');
    const sent = await Promise.all([lib.ended.sendEndedExperimentMails(at), lib.ended.sendEndedExperimentMails(at)]);
    expect(sent.sort()).toEqual([0, 1]);
    await runJob('2026-12-15T08:20:00.000Z');
    await runJob('2026-12-16T12:00:00.000Z');
    expect(endedMails().map((m) => m.to)).toEqual([tokyo.user.email, london.user.email]);
    expect(await notifiedAt(london.experiment.id)).toEqual(at);
    expect(await lib.db.reminderLog.findMany({ where: { userId: london.user.id }, select: { kind: true, period: true } })).toEqual([{ kind: 'EXPERIMENT_ENDED', period: london.experiment.id }]);

    // What he reads: that it ended and where its answer is; the answer itself is final on the page.
    const mail = endedMails()[1]!;
    const answer = (await lib.store.experimentDetail({ id: london.user.id, timeZone: 'Europe/London' }, london.experiment.id, at))!;
    expect(answer.primary.final).toBe(true);
    expect(answer.primary.sentence).toMatch(/^Likely helped: heart-rate variability \d+ ms higher/);
    expect(mail.text).toContain('The experiment you set up in Vitality finished on 14 Dec 2026, and its answer is ready.');
    // Neither the change nor the answer travels by mail.
    expect(mail.text).not.toContain('alcohol');
    expect(mail.text).not.toContain(answer.primary.sentence);
    expect(mail.html).not.toContain('alcohol');
    expect(mail.text).toMatch(new RegExp(`See the answer: http\\S+/experiments/${london.experiment.id}\\n`));
    expect(mail.html).toContain(`/experiments/${london.experiment.id}"`);

    // None for notifications off, for the one stopped early, or for the one set up after its end.
    for (const quiet of [off, stopped]) expect(endedMails().some((m) => m.to === quiet.user.email)).toBe(false);
    expect(endedMails().some((m) => m.to === late.email)).toBe(false);
    expect(await notifiedAt(off.experiment.id)).toBeNull();
    expect(await notifiedAt(stopped.experiment.id)).toBeNull();
    expect(await notifiedAt(past.id)).toEqual(SET_UP);

    // A week after the end the news is old: notifications turned on then bring no mail.
    await lib.db.user.update({ where: { id: off.user.id }, data: { notificationsEnabled: true } });
    expect(daysBetween('2026-12-14', '2026-12-22')).toBe(8);
    await runJob('2026-12-22T12:00:00.000Z');
    expect(endedMails()).toHaveLength(2);
    expect(await notifiedAt(off.experiment.id)).toBeNull();
    await lib.db.user.update({ where: { id: off.user.id }, data: { notificationsEnabled: false } });
  }, budget(90_000));

  it('gives its claim back when the mail cannot go, and carries a one-click unsubscribe link', async () => {
    const member = await memberWithExperiment('UTC');
    const at = new Date('2026-12-15T09:00:00Z');
    const failing = async () => {
      throw new Error('SMTP down');
    };
    expect(await lib.ended.sendEndedExperimentMails(at, failing)).toBe(0);
    expect(await notifiedAt(member.experiment.id)).toBeNull();
    expect(await lib.db.reminderLog.count({ where: { userId: member.user.id } })).toBe(0);

    await runJob('2026-12-15T09:15:00.000Z');
    const mail = endedMails().find((m) => m.to === member.user.email)!;
    expect(await notifiedAt(member.experiment.id)).toEqual(new Date('2026-12-15T09:15:00Z'));
    const link = /(http\S+\/unsubscribe\?token=\S+)/.exec(mail.text)![1]!;
    expect(mail.headers?.['List-Unsubscribe']).toBe(`<${link}>`);
    await lib.unsubscribe.unsubscribe(new URL(link).searchParams.get('token')!);
    expect((await lib.db.user.findUniqueOrThrow({ where: { id: member.user.id } })).notificationsEnabled).toBe(false);
  }, budget(60_000));
});
