// users."dataVersion" (migration 20261122052511_data_version) and the answers cached by it
// (lib/dashboard/answer-cache.ts), against this file's own PostgreSQL database.
import { afterAll, describe, expect, it } from '@jest/globals';
import { rememberedAnswer, type AnswerOwner } from '@/lib/dashboard/answer-cache';
import { readSession, createSession } from '@/lib/auth/sessions';
import { ISO_DAY } from '@/lib/codecs';
import { recommendationsAnswer, sleepScoreAnswer, testosteroneTrendAnswer } from '@/lib/dashboard/answers';
import type { RecommendationsResponse } from '@/lib/dashboard/contract';
import { addDays, utcDay } from '@/lib/days';
import { db } from '@/lib/db';
import { SUPPLEMENTS } from '@/lib/demo/supplements';
import { ActionOrigin, Energy, MetricSource, Mood, ScanSource, SubscriptionStatus, WearableProvider } from '@/lib/generated/prisma/enums';
import { addCheckin, addTestosterone, createMember } from '../support/members';

afterAll(() => db.$disconnect());

const newUser = async (): Promise<string> => (await createMember()).id;

const versionOf = async (id: string): Promise<bigint> => (await db.user.findUniqueOrThrow({ where: { id }, select: { dataVersion: true } })).dataVersion;
const ownerOf = async (id: string): Promise<AnswerOwner> => ({ id, dataVersion: await versionOf(id) });

/** Runs `write` and returns how far it moved the user's version. */
async function moves(userId: string, write: () => Promise<unknown>): Promise<bigint> {
  const before = await versionOf(userId);
  await write();
  return (await versionOf(userId)) - before;
}

const today = utcDay(new Date());

describe('users."dataVersion"', () => {
  it('moves on with every insert, update and delete of the rows the dashboard reads, and only for their owner', async () => {
    const userId = await newUser();
    const bystander = await newUser();
    const bystanderBefore = await versionOf(bystander);
    const day = ISO_DAY.toDate(today);

    // Each table: a write of each kind moves the owner's version on.
    const writes: [string, () => Promise<unknown>][] = [
      ['daily metric insert', () => db.dailyMetric.create({ data: { userId, day, source: MetricSource.OURA, sleepScore: 80 } })],
      ['daily metric update', () => db.dailyMetric.updateMany({ where: { userId }, data: { sleepScore: 81 } })],
      ['heart-rate samples, many in one statement', () => db.heartRateSample.createMany({ data: [1, 2, 3].map((i) => ({ userId, recordedAt: new Date(Date.now() - i * 300_000), bpm: 60 + i, source: MetricSource.OURA })) })],
      ['heart-rate delete', () => db.heartRateSample.deleteMany({ where: { userId } })],
      ['scan', () => db.vitalScan.create({ data: { userId, source: ScanSource.WEEKLY, heartRateBpm: 61 } })],
      ['check-in', () => addCheckin(userId, today, { mood: Mood.HAPPY, energy: Energy.LOW })],
      ['lab result', () => addTestosterone(userId, 600, new Date())],
      ['notification', () => db.notification.create({ data: { userId, title: 'Hello', subtitle: 'There' } })],
      ['wearable connection', () => db.wearableConnection.create({ data: { userId, provider: WearableProvider.OURA, accessTokenEncrypted: 'x', scopes: [] } })],
      ['subscription', () => db.subscription.create({ data: { userId, stripeCustomerId: 'cus_v', stripeSubscriptionId: `sub_${userId}`, status: SubscriptionStatus.TRIALING } })],
      ['recommendation set', () => db.recommendationSet.create({ data: { userId, day, place: 'none', supplementSlugs: [], advice: 'x', nextRefreshAt: new Date() } })],
      ['profile change', () => db.user.update({ where: { id: userId }, data: { currentWeightKg: 80 } })],
      ['daily metric delete', () => db.dailyMetric.deleteMany({ where: { userId } })],
    ];
    for (const [name, write] of writes) {
      expect([name, await moves(userId, write)]).toEqual([name, 1n]);
    }

    // Actions belong to their user through their set.
    const set = await db.dailyActionSet.create({ data: { userId, day, vitality: 50, summary: 'x', nextRefreshAt: new Date() } });
    const action = () => db.dailyAction.create({ data: { setId: set.id, position: 1, origin: ActionOrigin.GENERATED, key: 'k', title: 't' } });
    expect(await moves(userId, action)).toBe(1n);
    expect(await moves(userId, () => db.dailyAction.updateMany({ where: { setId: set.id }, data: { selected: true } }))).toBe(1n);

    // A write that changes nothing in the user's row leaves the version alone.
    expect(await moves(userId, () => db.$executeRaw`UPDATE users SET "currentWeightKg" = "currentWeightKg" WHERE id = ${userId}`)).toBe(0n);

    expect(await versionOf(bystander)).toBe(bystanderBefore);
  });

  it('does not stand in the way of deleting a user with data', async () => {
    const userId = await newUser();
    const day = ISO_DAY.toDate(today);
    await db.dailyMetric.create({ data: { userId, day, source: MetricSource.OURA, sleepScore: 70 } });
    const set = await db.dailyActionSet.create({ data: { userId, day, vitality: 50, summary: 'x', nextRefreshAt: new Date() } });
    await db.dailyAction.create({ data: { setId: set.id, position: 1, origin: ActionOrigin.GENERATED, key: 'k', title: 't' } });
    await db.user.delete({ where: { id: userId } });
    expect(await db.dailyMetric.count({ where: { userId } })).toBe(0);
  });

  it('comes with the session, read in the same query', async () => {
    const userId = await newUser();
    const session = await createSession(userId);
    await db.dailyMetric.create({ data: { userId, day: ISO_DAY.toDate(today), source: MetricSource.OURA, sleepScore: 70 } });
    const found = await readSession(session.token);
    expect(found?.user.dataVersion).toBe(await versionOf(userId));
  });
});

describe('answers kept by data version', () => {
  it('are reused while the version stands, and computed afresh once a write moves it on', async () => {
    const userId = await newUser();
    const before = await ownerOf(userId);
    expect(await sleepScoreAnswer(before)).toBeNull();

    await db.dailyMetric.create({ data: { userId, day: ISO_DAY.toDate(today), source: MetricSource.OURA, sleepScore: 77 } });
    // The session of a request that started before the write still carries the old version and its answer.
    expect(await sleepScoreAnswer(before)).toBeNull();
    // A request after the write reads the new version: the new night shows.
    expect(await sleepScoreAnswer(await ownerOf(userId))).toEqual({ score: 77, day: today, from: 'From Oura.' });

    await addTestosterone(userId, 650, new Date('2026-01-05T08:00:00Z'));
    const trend = await testosteroneTrendAnswer(await ownerOf(userId));
    expect(trend.data.map((point) => point.raw)).toEqual([650]);
  });

  it('are never shared between users', async () => {
    const [first, second] = [await newUser(), await newUser()];
    await db.dailyMetric.create({ data: { userId: first, day: ISO_DAY.toDate(today), source: MetricSource.OURA, sleepScore: 91 } });
    const firstOwner = await ownerOf(first);
    const secondOwner = { id: second, dataVersion: firstOwner.dataVersion };
    expect(await sleepScoreAnswer(firstOwner)).toEqual({ score: 91, day: today, from: 'From Oura.' });
    expect(await sleepScoreAnswer(secondOwner)).toBeNull();
  });

  it('are computed afresh when a supplement named by the member’s stored recommendations changes, and only for such members', async () => {
    await db.supplement.createMany({ data: SUPPLEMENTS });
    const [retired, renamed, ...rest] = SUPPLEMENTS.map((s) => s.slug);
    const userId = await newUser();
    // Someone whose only stored recommendations are of ten days ago, and someone with none.
    const earlier = await newUser();
    await db.recommendationSet.create({ data: { userId: earlier, day: ISO_DAY.toDate(addDays(today, -10)), place: 'none', supplementSlugs: [retired!, renamed!, ...rest], advice: 'x', nextRefreshAt: new Date() } });
    const stranger = await newUser();
    const slugsOf = (answer: RecommendationsResponse) => answer.supplement_data.map((s) => s.id);
    const NO_POSITION = { lat: 0, lon: 0 };

    // The day's first call stores the day's recommendations (and so moves the version); the next reads them back.
    await recommendationsAnswer(await ownerOf(userId), NO_POSITION);
    const before = await ownerOf(userId);
    expect(slugsOf(await recommendationsAnswer(before, NO_POSITION))).toContain(retired);

    const othersBefore = [await versionOf(earlier), await versionOf(stranger)];
    expect(await moves(userId, () => db.supplement.update({ where: { slug: retired }, data: { active: false } }))).toBe(1n);
    expect([await versionOf(earlier), await versionOf(stranger)]).toEqual(othersBefore);
    // A request that read the version before the change keeps its answer; the next one sees the catalogue as it is.
    expect(slugsOf(await recommendationsAnswer(before, NO_POSITION))).toContain(retired);
    expect(slugsOf(await recommendationsAnswer(await ownerOf(userId), NO_POSITION))).not.toContain(retired);

    // A slug renamed (the set names the old one), a named row deleted or inserted again: each moves it on.
    expect(await moves(userId, () => db.supplement.update({ where: { slug: renamed }, data: { slug: `${renamed}-2` } }))).toBe(1n);
    expect(await moves(userId, () => db.supplement.delete({ where: { slug: retired } }))).toBe(1n);
    expect(await moves(userId, () => db.supplement.create({ data: SUPPLEMENTS[0]! }))).toBe(1n);
    // A supplement that no stored recommendations name changes no one's answer.
    expect(await moves(userId, () => db.supplement.create({ data: { ...SUPPLEMENTS[0]!, slug: 'new-on-the-shelf' } }))).toBe(0n);
    expect([await versionOf(earlier), await versionOf(stranger)]).toEqual(othersBefore);
  });

  it('share one computation between concurrent requests, and forget a failed one', async () => {
    const owner = { id: `concurrent-${Date.now()}`, dataVersion: 0n };
    let runs = 0;
    const slow = async () => {
      runs += 1;
      await new Promise((resolve) => setImmediate(resolve));
      return { runs };
    };
    const answers = await Promise.all([1, 2, 3].map(() => rememberedAnswer(owner, 'test/slow', slow)));
    expect(runs).toBe(1);
    expect(answers).toEqual([{ runs: 1 }, { runs: 1 }, { runs: 1 }]);

    let attempts = 0;
    const flaky = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('database went away');
      return 'second time lucky';
    };
    await expect(rememberedAnswer(owner, 'test/flaky', flaky)).rejects.toThrow('database went away');
    await expect(rememberedAnswer(owner, 'test/flaky', flaky)).resolves.toBe('second time lucky');
    expect(attempts).toBe(2);
  });

  it('are per UTC day: the next day computes again', async () => {
    const owner = { id: `days-${Date.now()}`, dataVersion: 0n };
    const compute = async (now: Date) => utcDay(now);
    expect(await rememberedAnswer(owner, 'test/day', compute, '', new Date('2026-11-21T23:59:59Z'))).toBe('2026-11-21');
    expect(await rememberedAnswer(owner, 'test/day', compute, '', new Date('2026-11-22T00:00:00Z'))).toBe('2026-11-22');
  });
});
