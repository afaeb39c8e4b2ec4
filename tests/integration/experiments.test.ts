// A member's own trial (lib/experiments/store.ts, answer.ts, outcomes.ts) against this file's own PostgreSQL
// database: a plan started on his past days answered at once; a running one whose verdict is withheld until its
// last day is over, then given; one experiment at a time, also when two starts race; his day marks, kept and
// counted; stopping early, said so; each member's experiments his alone; the figures those of /insights; the
// history the form offers; and the experiments in the doctor's PDF. (The export: data-export.test.ts; the
// e-mail at the end: experiment-ended.test.ts; deletion with the account: delete-account.test.ts.)
import { afterAll, describe, expect, it } from '@jest/globals';
import { refusal } from '@/tests/support/api-refusal';
import { ZodError } from 'zod';
import { ISO_DAY } from '@/lib/codecs';
import { addDays, daysBetween } from '@/lib/days';
import { db } from '@/lib/db';
import { analyseExperiment, experimentSentence, studentTQuantile, type ExperimentDay } from '@/lib/experiments/analysis';
import type { ExperimentInput } from '@/lib/experiments/contract';
import {
  createExperiment,
  deleteExperiment,
  EXPERIMENT_REFUSALS,
  EXPERIMENT_RUNNING,
  experimentDayMark,
  experimentDetail,
  ExperimentRunningError,
  listExperiments,
  markExperimentDay,
  outcomeHistory,
  runningExperiment,
  stopExperiment,
} from '@/lib/experiments/store';
import { measureTrends } from '@/lib/insights/measure-trends';
import { doctorSummaryPdf, EXPERIMENTS_NOTE } from '@/lib/reports/doctor-summary';
import { EXPERIMENT_MESSAGES } from '@/lib/validation/experiments';
import { addCheckin, addDailyMetrics, createMember } from '../support/members';
import { pdfText } from '../support/pdf-text';

afterAll(() => db.$disconnect());

// Monday 7 December 2026, noon in London.
const NOW = new Date('2026-12-07T12:00:00Z');
const TODAY = '2026-12-07';

/** The days from `first` to `last`, inclusive. */
const span = (first: string, last: string) => Array.from({ length: daysBetween(first, last) + 1 }, (_, i) => addDays(first, i));

/** A day's wobble, to a tenth (as /insights rounds HRV): deterministic, about ±3. */
const wobble = (i: number) => Math.round((2.2 * Math.sin(i * 1.7) + 1.6 * Math.cos(i * 0.9 + 1)) * 10) / 10;

const member = (timeZone = 'Europe/London') => createMember({ timeZone, firstName: 'Sam' });
type Member = { id: string; timeZone: string };

/** HRV from `first` to `last`: `base` before `changeFrom` and `base + effect` from it, each day wobbling; sleep alike. */
async function addHistory(user: Member, first: string, last: string, changeFrom: string, { base = 40, effect = 10 } = {}) {
  await addDailyMetrics(user.id, span(first, last), (day) => {
    const i = daysBetween('2026-01-01', day);
    return { hrvMs: base + (day >= changeFrom ? effect : 0) + wobble(i), sleepDurationMinutes: 420 + Math.round(wobble(i + 3) * 10), steps: 8000 + i };
  });
}

const plan = (changeFrom: string, extra: Partial<ExperimentInput> = {}): ExperimentInput => ({
  change: 'Magnesium at night',
  catalogueKey: 'magnesium-night',
  outcome: 'hrvMs',
  exploratory: [],
  direction: 'higher',
  design: 'AB',
  changeFrom,
  baselineDays: 14,
  changeDays: 28,
  returnDays: null,
  ...extra,
});

/** The messages a ZodError carries, as "field: message". */
async function problems(call: Promise<unknown>): Promise<string[]> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ZodError)) throw new Error(`expected a ZodError, got ${String(error)}`);
  return error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/** What the analysis says of HRV over these days, as the answer should have computed it from the stored rows. */
async function storedHrvDays(userId: string, first: string, last: string, changeFrom: string): Promise<ExperimentDay[]> {
  const rows = await db.dailyMetric.findMany({ where: { userId, day: { gte: ISO_DAY.toDate(first), lte: ISO_DAY.toDate(last) } }, orderBy: { day: 'asc' }, select: { day: true, hrvMs: true } });
  // Rounded to a tenth, as /insights charts HRV.
  return rows.map((row) => ({ day: ISO_DAY.fromDate(row.day), value: row.hrvMs === null ? null : Math.round(row.hrvMs * 10) / 10, period: ISO_DAY.fromDate(row.day) < changeFrom ? 'baseline' : 'change' }));
}

describe('an experiment started on his past days', () => {
  // The change began on 26 Oct 2026: 14 usual days before it, 28 with it, all over by 22 Nov 2026.
  const changeFrom = '2026-10-26';

  it('is answered at once, in the figures /insights charts, with nothing left to announce', async () => {
    const user = await member();
    await addHistory(user, '2026-10-01', '2026-12-06', changeFrom);
    const started = await createExperiment(user, plan(changeFrom, { exploratory: ['sleepDurationMinutes'] }), NOW);
    expect(started).toMatchObject({ baselineFrom: '2026-10-12', changeFrom, changeTo: '2026-11-22', returnFrom: null, endsOn: '2026-11-22', phase: 'ended', day: 42, of: 42, outcomeLabel: 'Heart-rate variability', stoppedAt: null });
    const row = await db.experiment.findUniqueOrThrow({ where: { id: started.id } });
    expect(row).toMatchObject({ userId: user.id, outcome: 'hrvMs', exploratory: ['sleepDurationMinutes'], design: 'AB', baselineDays: 14, changeDays: 28, returnDays: null, endNotifiedAt: NOW });
    expect(ISO_DAY.fromDate(row.baselineFrom)).toBe('2026-10-12');

    const detail = (await experimentDetail(user, started.id, NOW))!;
    expect(detail.startedBeforeDeclared).toBe(true);
    expect(detail.primary).toMatchObject({ outcome: 'hrvMs', label: 'Heart-rate variability', unit: 'ms', decimals: 0, exploratory: false, final: true, from: 'From Oura.' });
    // The days of the plan only, each in its period.
    expect(detail.primary.days).toHaveLength(42);
    expect(detail.primary.days[0]).toMatchObject({ day: '2026-10-12', period: 'baseline', flags: [], didIt: null });
    expect(detail.primary.days[14]).toMatchObject({ day: changeFrom, period: 'change' });

    // The verdict is the analysis of exactly the stored values, worded by experimentSentence.
    const expected = analyseExperiment(await storedHrvDays(user.id, '2026-10-12', '2026-11-22', changeFrom), { direction: 'higher', plannedChangeDays: 28 });
    expect(expected.verdict).toBe('helped');
    expect(detail.primary.analysis).toEqual(expected);
    expect(detail.primary.sentence).toBe(experimentSentence(expected, { name: 'heart-rate variability', unit: 'ms', decimals: 0 }));
    expect(detail.primary.sentence).toMatch(/^Likely helped: heart-rate variability (9|10|11) ms higher \(90 % interval \d+–\d+ ms\)$/);

    // Each period's plain mean, and its 90 % interval from the fitted SD and ρ over the effective days.
    const baseline = detail.primary.periods.find((p) => p.period === 'baseline')!;
    const values = detail.primary.days.filter((d) => d.period === 'baseline').map((d) => d.value!);
    const average = values.reduce((a, b) => a + b, 0) / values.length;
    const effective = (14 * (1 - expected.rho)) / (1 + expected.rho);
    const half = studentTQuantile(0.95, Math.max(1, effective - 1)) * (expected.sd! / Math.sqrt(Math.max(1, effective)));
    expect(baseline).toMatchObject({ period: 'baseline', from: '2026-10-12', to: '2026-10-25', observed: 14 });
    expect(baseline.mean).toBeCloseTo(average, 10);
    expect(baseline.interval![0]).toBeCloseTo(average - half, 10);
    expect(baseline.interval![1]).toBeCloseTo(average + half, 10);
    expect(detail.primary.periods.map((p) => [p.period, p.from, p.to, p.observed])).toEqual([
      ['baseline', '2026-10-12', '2026-10-25', 14],
      ['change', changeFrom, '2026-11-22', 28],
    ]);

    // The watched outcome, labelled so, in the hours /insights charts, the very same figures.
    const [sleep] = detail.exploratoryAnswers;
    expect(sleep).toMatchObject({ outcome: 'sleepDurationMinutes', label: 'Sleep', unit: 'h', exploratory: true, final: true });
    const trends = await measureTrends(user.id, 90, NOW);
    for (const key of ['hrvMs', 'sleepDurationMinutes'] as const) {
      const charted = new Map(trends.measures.find((m) => m.key === key)!.points.map((p) => [p.day, p.value]));
      const answered = (key === 'hrvMs' ? detail.primary : sleep!).days;
      expect(answered.map((d) => [d.day, d.value])).toEqual(answered.map((d) => [d.day, charted.get(d.day)]));
    }
    expect(sleep!.days[0]!.value).toBe(Math.round(((420 + Math.round(wobble(daysBetween('2026-01-01', '2026-10-12') + 3) * 10)) / 60) * 100) / 100);
  });

  it('with too few days of the outcome, says what was missing: no days are still to come', async () => {
    const user = await member();
    // HRV on 10 of the 14 usual days and 20 of the 28 with the change.
    await addHistory(user, '2026-10-16', '2026-11-14', changeFrom);
    const started = await createExperiment(user, plan(changeFrom), NOW);
    const detail = (await experimentDetail(user, started.id, NOW))!;
    expect(detail.primary).toMatchObject({ final: true, analysis: { verdict: 'too-little-data', days: { baseline: 10, change: 20 } } });
    expect(detail.primary.sentence).toBe('Not enough days to answer: 10 days before the change and 20 days with it had a value; each needs 14');
  });
});

describe('a running experiment', () => {
  // Started on 17 Nov 2026 with two weeks of his history as the baseline: day 21 of 28 on 7 Dec 2026.
  const changeFrom = '2026-11-17';

  it('withholds its verdict, however the days look, until the last day is over; then gives it', async () => {
    const user = await member();
    await addHistory(user, '2026-10-20', TODAY, changeFrom);
    const started = await createExperiment(user, plan(changeFrom), NOW);
    expect(started).toMatchObject({ baselineFrom: '2026-11-03', changeTo: '2026-12-14', endsOn: '2026-12-14', phase: 'change', day: 21, of: 28 });
    expect(await runningExperiment(user, NOW)).toEqual(started);
    expect((await db.experiment.findUniqueOrThrow({ where: { id: started.id } })).endNotifiedAt).toBeNull();

    // Three weeks of a clear rise: read now, the analysis would already say "helped".
    const soFar = analyseExperiment(await storedHrvDays(user.id, '2026-11-03', TODAY, changeFrom), { direction: 'higher', plannedChangeDays: 28 });
    expect(soFar.verdict).toBe('helped');
    const running = (await experimentDetail(user, started.id, NOW))!;
    expect(running.primary.final).toBe(false);
    expect(running.primary.analysis).toMatchObject({ verdict: 'too-little-data', effect: null, interval: null, detectable: null, df: null, moreDays: 7, detectableAtPlan: soFar.detectableAtPlan });
    const about = Math.abs(soFar.detectableAtPlan!).toLocaleString('en-GB', { maximumFractionDigits: 0 });
    expect(running.primary.sentence).toBe(`Running: the answer comes after 14 Dec 2026. By then this experiment could detect a change of about ${about} ms.`);
    expect(running.primary.days.at(-1)!.day).toBe(TODAY);

    // The last day over (his morning of 15 Dec), its days in: the verdict.
    await addHistory(user, '2026-12-08', '2026-12-14', changeFrom);
    const later = new Date('2026-12-15T09:00:00Z');
    const ended = (await experimentDetail(user, started.id, later))!;
    expect(ended).toMatchObject({ phase: 'ended', day: 42, of: 42 });
    expect(ended.primary.final).toBe(true);
    expect(ended.primary.analysis.verdict).toBe('helped');
    expect(ended.primary.sentence).toMatch(/^Likely helped: heart-rate variability \d+ ms higher \(90 % interval \d+–\d+ ms\)$/);
    expect(ended.primary.days.at(-1)!.day).toBe('2026-12-14');
    expect(await runningExperiment(user, later)).toBeNull();
  });

  it('counts the day of each period in his zone: the baseline still to come, then the change', async () => {
    const user = await member('Asia/Tokyo');
    // 7 Dec 2026 21:00 in Tokyo; the change starts on 18 Dec after 14 usual days from 4 Dec.
    const started = await createExperiment(user, plan('2026-12-18'), NOW);
    expect(started).toMatchObject({ baselineFrom: '2026-12-04', phase: 'baseline', day: 4, of: 14 });
    // Past midnight in Tokyo (15:00 UTC): his 8 Dec, the baseline's fifth day, while London is still on the 7th.
    expect((await listExperiments(user, new Date('2026-12-07T15:00:00Z')))[0]).toMatchObject({ phase: 'baseline', day: 5, of: 14 });
    expect((await listExperiments(user, new Date('2026-12-18T00:30:00Z')))[0]).toMatchObject({ phase: 'change', day: 1, of: 28 });
  });
});

describe('one experiment at a time', () => {
  it('refuses a second while one runs, also when two starts race, and takes one again once it has stopped', async () => {
    const user = await member();
    const first = await createExperiment(user, plan('2026-12-01'), NOW);
    const second = await refusal(createExperiment(user, plan('2026-12-07', { change: 'No caffeine after noon', catalogueKey: 'no-caffeine-after-noon' }), NOW));
    expect(second).toEqual({ status: 409, message: EXPERIMENT_RUNNING });
    expect(await db.experiment.count({ where: { userId: user.id } })).toBe(1);
    await expect(createExperiment(user, plan('2026-12-07'), NOW)).rejects.toBeInstanceOf(ExperimentRunningError);

    // One wholly in the past runs no more: it may be recorded beside the running one.
    const past = await createExperiment(user, plan('2026-09-20'), NOW);
    expect(past.phase).toBe('ended');

    await stopExperiment(user, first.id, NOW);
    const next = await createExperiment(user, plan('2026-12-07', { change: 'No caffeine after noon', catalogueKey: 'no-caffeine-after-noon' }), NOW);
    expect(next.phase).toBe('change');
    expect((await listExperiments(user, NOW)).map((e) => [e.id, e.phase])).toEqual([
      [next.id, 'change'],
      [past.id, 'ended'],
      [first.id, 'stopped'],
    ]);

    const racer = await member();
    const results = await Promise.allSettled([createExperiment(racer, plan('2026-12-07'), NOW), createExperiment(racer, plan('2026-12-06'), NOW)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: expect.any(ExperimentRunningError) });
    expect(await db.experiment.count({ where: { userId: racer.id } })).toBe(1);
  });

  it('checks the plan against his own today: the change from 90 days back to 28 ahead, its usual days begun by today', async () => {
    const london = await member();
    const auckland = await member('Pacific/Auckland');
    // Noon in London is 01:00 on 8 Dec in Auckland: 90 days back is 8 Sep for one and 9 Sep for the other.
    expect((await createExperiment(london, plan('2026-09-08'), NOW)).changeFrom).toBe('2026-09-08');
    expect(await problems(createExperiment(auckland, plan('2026-09-08'), NOW))).toEqual([`changeFrom: ${EXPERIMENT_MESSAGES.changeFromTooEarly}`]);
    expect(await problems(createExperiment(london, plan('2027-01-05', { baselineDays: 56 }), NOW))).toEqual([`changeFrom: ${EXPERIMENT_MESSAGES.changeFromTooLate}`]);
    // 14 usual days before 4 Jan would start on 21 Dec: nothing to count until then.
    expect(await problems(createExperiment(london, plan('2027-01-04'), NOW))).toEqual([`changeFrom: ${EXPERIMENT_MESSAGES.baselineAfterToday}`]);
    expect((await createExperiment(auckland, plan('2027-01-04', { baselineDays: 28 }), NOW)).phase).toBe('baseline');
    expect(await db.experiment.count({ where: { userId: { in: [london.id, auckland.id] } } })).toBe(2);
  });
});

describe('his day marks', () => {
  it('keeps each answer, the rest as they were; "did it" on the change’s days only; flagged days kept and counted', async () => {
    const user = await member();
    await addHistory(user, '2026-11-03', TODAY, '2026-11-17');
    const { id } = await createExperiment(user, plan('2026-11-17'), NOW);

    expect(await markExperimentDay(user, id, '2026-11-20', { didIt: true }, NOW)).toEqual({ day: '2026-11-20', didIt: true, flags: [] });
    expect(await markExperimentDay(user, id, '2026-11-20', { ill: true }, NOW)).toEqual({ day: '2026-11-20', didIt: true, flags: ['ill'] });
    expect(await markExperimentDay(user, id, '2026-11-21', { didIt: false, drinking: true, travelling: true }, NOW)).toEqual({ day: '2026-11-21', didIt: false, flags: ['travelling', 'drinking'] });
    expect(await markExperimentDay(user, id, '2026-11-05', { drinking: true }, NOW)).toEqual({ day: '2026-11-05', didIt: null, flags: ['drinking'] });
    expect(await markExperimentDay(user, id, '2026-11-21', { travelling: false }, NOW)).toEqual({ day: '2026-11-21', didIt: false, flags: ['drinking'] });
    // One day's answer as the check-in's card reads it: his own only, none for a day he left alone.
    expect(await experimentDayMark(user, id, '2026-11-21')).toEqual({ day: '2026-11-21', didIt: false, flags: ['drinking'] });
    expect(await experimentDayMark(user, id, '2026-11-22')).toBeNull();
    expect(await experimentDayMark(await member(), id, '2026-11-21')).toBeNull();

    expect(await refusal(markExperimentDay(user, id, '2026-11-05', { didIt: true }, NOW))).toEqual({ status: 422, message: EXPERIMENT_REFUSALS.didItOutsideChange });
    expect(await refusal(markExperimentDay(user, id, '2026-11-02', { ill: true }, NOW))).toEqual({ status: 422, message: EXPERIMENT_REFUSALS.dayOutside });
    expect(await refusal(markExperimentDay(user, id, '2026-12-15', { ill: true }, NOW))).toEqual({ status: 422, message: EXPERIMENT_REFUSALS.dayOutside });
    expect(await refusal(markExperimentDay(user, id, '2026-12-08', { didIt: true }, NOW))).toEqual({ status: 422, message: EXPERIMENT_REFUSALS.dayAhead });
    expect(await refusal(markExperimentDay(user, id, '2026-11-31', { didIt: true }, NOW))).toEqual({ status: 422, message: EXPERIMENT_REFUSALS.badDay });
    expect(await problems(markExperimentDay(user, id, '2026-11-22', {}, NOW))).toEqual([`: ${EXPERIMENT_MESSAGES.dayNothing}`]);

    const rows = await db.experimentDay.findMany({ where: { experimentId: id }, orderBy: { day: 'asc' }, select: { day: true, didIt: true, ill: true, travelling: true, drinking: true } });
    expect(rows.map((r) => [ISO_DAY.fromDate(r.day), r.didIt, r.ill, r.travelling, r.drinking])).toEqual([
      ['2026-11-05', null, false, false, true],
      ['2026-11-20', true, true, false, false],
      ['2026-11-21', false, false, false, true],
    ]);

    const detail = (await experimentDetail(user, id, NOW))!;
    expect(detail.marks).toEqual([
      { day: '2026-11-05', didIt: null, flags: ['drinking'] },
      { day: '2026-11-20', didIt: true, flags: ['ill'] },
      { day: '2026-11-21', didIt: false, flags: ['drinking'] },
    ]);
    expect(detail.adherence).toBe(0.5);
    expect(detail.primary.analysis.adherence).toBe(0.5);
    // Flagged, not hidden: the days keep their values and are counted.
    expect(detail.primary.analysis.days.flagged).toBe(3);
    expect(detail.primary.analysis.days.baseline).toBe(14);
    expect(detail.primary.days.find((d) => d.day === '2026-11-20')).toMatchObject({ flags: ['ill'], didIt: true, value: expect.any(Number) });
    expect(detail.primary.days.find((d) => d.day === '2026-11-05')).toMatchObject({ flags: ['drinking'], didIt: null, value: expect.any(Number) });
  });
});

describe('stopping early', () => {
  it('gives the answer at once, saying it was stopped early, and takes no day after it', async () => {
    const user = await member();
    await addHistory(user, '2026-11-03', TODAY, '2026-11-17');
    const { id } = await createExperiment(user, plan('2026-11-17'), NOW);
    const at = new Date('2026-12-07T15:30:00Z');
    expect(await stopExperiment(user, id, at)).toMatchObject({ id, phase: 'stopped', day: 35, of: 42, stoppedAt: at.toISOString() });
    expect((await db.experiment.findUniqueOrThrow({ where: { id } })).stoppedAt).toEqual(at);
    expect(await runningExperiment(user, at)).toBeNull();

    const tomorrow = new Date('2026-12-08T10:00:00Z');
    const detail = (await experimentDetail(user, id, tomorrow))!;
    expect(detail.primary.final).toBe(true);
    expect(detail.primary.analysis.verdict).toBe('helped');
    expect(detail.primary.sentence).toMatch(/^Likely helped: heart-rate variability \d+ ms higher \(90 % interval \d+–\d+ ms\) \(stopped early on 7 Dec 2026\)$/);
    expect(detail.primary.days.at(-1)!.day).toBe(TODAY);

    expect(await refusal(markExperimentDay(user, id, '2026-12-08', { didIt: true }, tomorrow))).toEqual({ status: 422, message: EXPERIMENT_REFUSALS.dayAfterStop });
    expect(await markExperimentDay(user, id, TODAY, { didIt: true }, tomorrow)).toEqual({ day: TODAY, didIt: true, flags: [] });
    expect(await refusal(stopExperiment(user, id, tomorrow))).toEqual({ status: 409, message: EXPERIMENT_REFUSALS.alreadyStopped });

    const past = await createExperiment(user, plan('2026-09-20'), NOW);
    expect(await refusal(stopExperiment(user, past.id, NOW))).toEqual({ status: 409, message: EXPERIMENT_REFUSALS.alreadyEnded });
  });
});

describe('each member’s experiments', () => {
  it('are his alone: another’s id reads, marks, stops and deletes nothing; his own delete takes its days with it', async () => {
    const owner = await member();
    const other = await member();
    const { id } = await createExperiment(owner, plan('2026-11-30'), NOW);
    await markExperimentDay(owner, id, '2026-12-01', { didIt: true }, NOW);

    expect(await listExperiments(other, NOW)).toEqual([]);
    expect(await runningExperiment(other, NOW)).toBeNull();
    expect(await experimentDetail(other, id, NOW)).toBeNull();
    expect(await markExperimentDay(other, id, '2026-12-02', { didIt: true }, NOW)).toBeNull();
    expect(await stopExperiment(other, id, NOW)).toBeNull();
    expect(await deleteExperiment(other, id)).toBe(false);
    expect(await experimentDetail(owner, 'no-such-experiment', NOW)).toBeNull();
    expect(await db.experiment.findUniqueOrThrow({ where: { id } })).toMatchObject({ userId: owner.id, stoppedAt: null });
    expect(await db.experimentDay.count({ where: { experimentId: id } })).toBe(1);

    expect(await deleteExperiment(owner, id)).toBe(true);
    expect(await db.experiment.count({ where: { id } })).toBe(0);
    expect(await db.experimentDay.count({ where: { experimentId: id } })).toBe(0);
    expect(await deleteExperiment(owner, id)).toBe(false);
  });
});

describe('his history, offered as the baseline', () => {
  it('counts the days with a value of each outcome in the 28 days before his today, in his units', async () => {
    const user = await createMember({ timeZone: 'Europe/London', unitsPreference: 'IMPERIAL' });
    // 20 of the 28 days with HRV (today's does not count), 5 weighings, 3 check-ins, and steps today only.
    await addDailyMetrics(user.id, span('2026-11-17', TODAY), (day) => ({ hrvMs: 45, ...(day === TODAY ? { steps: 9000 } : {}) }));
    await addDailyMetrics(user.id, ['2026-11-10', '2026-11-20', '2026-11-25', '2026-11-30', '2026-12-05'], { weightKg: 80 }, 'WITHINGS');
    for (const day of ['2026-11-09', '2026-12-01', '2026-12-06']) await addCheckin(user.id, day, { mood: 'HAPPY', energy: 'LOW' });
    expect(await outcomeHistory(user, NOW)).toEqual({
      sleepDurationMinutes: { label: 'Sleep', unit: 'h', daysWithValue: 0 },
      hrvMs: { label: 'Heart-rate variability', unit: 'ms', daysWithValue: 20 },
      restingHeartRateBpm: { label: 'Resting heart rate', unit: 'bpm', daysWithValue: 0 },
      steps: { label: 'Steps', unit: '', daysWithValue: 0 },
      weightKg: { label: 'Weight', unit: 'lbs', daysWithValue: 5 },
      mood: { label: 'Mood', unit: '', daysWithValue: 3 },
      energy: { label: 'Energy', unit: '', daysWithValue: 3 },
    });
  });
});

describe('the doctor’s PDF', () => {
  it('lists each experiment with its dates and answer, the watched outcomes labelled exploratory', async () => {
    const user = await member();
    await addHistory(user, '2026-10-01', '2026-12-06', '2026-10-26');
    await createExperiment(user, plan('2026-10-26', { exploratory: ['sleepDurationMinutes'] }), NOW);
    const detail = (await listExperiments(user, NOW))[0]!;
    const answer = (await experimentDetail(user, detail.id, NOW))!;
    const text = await pdfText(await doctorSummaryPdf(user.id, NOW));
    expect(text).toContain(
      [
        'Experiments',
        'Magnesium at night',
        'Usual days 12 Oct 2026 to 25 Oct 2026; the change 26 Oct 2026 to 22 Nov 2026.',
        `Primary outcome, heart-rate variability: ${answer.primary.sentence}.`,
        `Exploratory, sleep: ${answer.exploratoryAnswers[0]!.sentence}.`,
        'Set up after the change had begun: its outcome was not declared in advance.',
        EXPERIMENTS_NOTE,
        'Questions from the member',
      ].join(' '),
    );

    const none = await member();
    expect(await pdfText(await doctorSummaryPdf(none.id, NOW))).toContain('Experiments None run by the member. Questions from the member');
  });
});
