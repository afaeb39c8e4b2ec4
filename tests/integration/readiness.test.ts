// Today's readiness (lib/scores/readiness.ts, docs/readiness.md) as the dashboard reads it
// from the merged days, and how it steers the day's actions: an 'ease off' day leaves hard sessions out and
// says why; a 'go' day makes a hard session fit. Against this file's own PostgreSQL database.
import { afterAll, describe, expect, it } from '@jest/globals';
import { catalogueAction } from '@/lib/ai/catalogue';
import { todaysActions } from '@/lib/dashboard/actions';
import type { TodaysActionsResponse } from '@/lib/dashboard/contract';
import { readinessToday } from '@/lib/dashboard/readiness';
import { daysEnding } from '@/lib/days';
import { db } from '@/lib/db';
import { addDailyMetrics, createMember } from '../support/members';

afterAll(() => db.$disconnect());

const NOW = new Date('2026-03-10T09:30:00Z');
const DAY = '2026-03-10';

const generated = (response: TodaysActionsResponse) => [response.action_1, response.action_2, response.action_3, response.action_4].map((action) => action!);

/** 20 usual nights (HRV 50 ms, resting 55 bpm, 7 h 30 min), then last night as given. */
async function memberWithNight(lastNight: { hrvMs: number; restingHeartRateBpm: number; sleepDurationMinutes: number }) {
  const { id } = await createMember({ currentWeightKg: 82, desiredWeightKg: 82 });
  await addDailyMetrics(id, daysEnding(DAY, 21), (day) => (day === DAY ? lastNight : { hrvMs: 50, restingHeartRateBpm: 55, sleepDurationMinutes: 450, steps: 9000 }), 'OURA');
  return id;
}

describe('readiness on the dashboard', () => {
  it('says where it stands before a baseline exists: no figures, then calibrating night by night', async () => {
    const { id } = await createMember();
    expect(await readinessToday(id, NOW)).toMatchObject({ state: 'no-data', day: DAY, from: null });
    await addDailyMetrics(id, daysEnding(DAY, 3), () => ({ hrvMs: 48, restingHeartRateBpm: 56 }), 'OURA');
    // Last night and the two before it: two nights of baseline.
    expect(await readinessToday(id, NOW)).toMatchObject({ state: 'calibrating', nights: 2, needed: 4, detail: 'Calibrating: 2 of 4 nights.' });
  });

  it('on a poor night: a low score with what moved it, from the night’s source, and a day of recovery actions with no hard session', async () => {
    const id = await memberWithNight({ hrvMs: 31, restingHeartRateBpm: 63, sleepDurationMinutes: 310 });
    const readiness = await readinessToday(id, NOW);
    expect(readiness).toMatchObject({ state: 'ready', band: 'ease', from: 'From Oura.' });
    if (readiness.state !== 'ready') throw new Error('no score');
    expect(readiness.score).toBeLessThanOrEqual(33);
    expect(readiness.factors.map((factor) => factor.detail)).toEqual(expect.arrayContaining(['HRV 31 ms, 38% below your usual 50 ms', 'Resting heart rate 63 bpm, 8 bpm above your usual 55 bpm']));

    const actions = generated(await todaysActions(id, NOW));
    expect(actions.map((action) => catalogueAction(action.id)!.intensity)).not.toContain('hard');
    expect(actions.map((action) => action.id)).toContain('recover-easy-day');
    expect(actions.find((action) => action.id === 'recover-easy-day')!.reason).toMatch(new RegExp(`^Your readiness today is ${readiness.score} of 100 \\(`));
  });

  it('on a strong night: a high score, and a hard session among the day’s actions', async () => {
    const id = await memberWithNight({ hrvMs: 66, restingHeartRateBpm: 50, sleepDurationMinutes: 500 });
    const readiness = await readinessToday(id, NOW);
    expect(readiness).toMatchObject({ state: 'ready', band: 'go' });
    const actions = generated(await todaysActions(id, NOW));
    const hard = actions.filter((action) => catalogueAction(action.id)!.intensity === 'hard');
    expect(hard.length).toBeGreaterThan(0);
    expect(hard.map((action) => action.reason)).toContain(`Your readiness today is ${readiness.state === 'ready' ? readiness.score : -1} of 100: you recovered well overnight.`);
  });
});
