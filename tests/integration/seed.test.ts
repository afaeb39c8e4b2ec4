import { afterAll, describe, expect, it } from '@jest/globals';
import { verifyPassword } from '@/lib/auth/password';
import { biologicalAge } from '@/lib/labs/biological-age';
import { db } from '@/lib/db';
import { DEMO_EMAIL, DEMO_PASSWORD } from '@/lib/demo/account';
import { seedDemoData } from '@/lib/demo/seed';

afterAll(() => db.$disconnect());

async function counts(userId: string) {
  return {
    users: await db.user.count({ where: { email: DEMO_EMAIL } }),
    metrics: await db.dailyMetric.count({ where: { userId } }),
    checkins: await db.dailyCheckin.count({ where: { userId } }),
    labs: await db.labResult.count({ where: { userId } }),
    scans: await db.vitalScan.count({ where: { userId } }),
    supplements: await db.supplement.count(),
  };
}

describe('db:seed', () => {
  it('creates a signed-up, onboarded demo user with 120 days of data, and adds nothing when run again', async () => {
    const today = new Date('2026-11-21T08:00:00Z');
    const { userId } = await seedDemoData(db, today);
    const first = await counts(userId);
    expect(first).toEqual({ users: 1, metrics: 240, checkins: 14, labs: 18, scans: 1, supplements: 6 });

    await seedDemoData(db, today);
    expect(await counts(userId)).toEqual(first);

    const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
    expect(await verifyPassword(user.passwordHash!, DEMO_PASSWORD)).toBe(true);
    const params = Object.fromEntries(user.passwordHash!.split('$')[3]!.split(',').map((kv) => kv.split('=')));
    expect(user.passwordHash!.startsWith('$argon2id$v=19$')).toBe(true);
    expect(params).toEqual({ m: '19456', t: '2', p: '1' });
    expect(user).toMatchObject({ shenaiTutorialWatched: true, devicesIntegrated: true, track: 'TWO' });
    expect(user.termsAcceptedAt).not.toBeNull();

    const days = await db.dailyMetric.findMany({ where: { userId, source: 'OURA' }, orderBy: { day: 'asc' }, select: { day: true } });
    expect(days[0]!.day.toISOString().slice(0, 10)).toBe('2026-07-25');
    expect(days.at(-1)!.day.toISOString().slice(0, 10)).toBe('2026-11-21');

    const labs = await db.labResult.findMany({ where: { userId, marker: 'total_testosterone' }, orderBy: { takenAt: 'asc' } });
    expect(labs.map((l) => [l.unit, l.valueNgDl])).toEqual([
      ['ng/dL', 398],
      ['nmol/L', 493.2],
    ]);
    // The second test is a full panel: the nine results a biological age needs, on the same day as the testosterone.
    const bio = await biologicalAge(userId);
    expect(bio.refusal).toBeNull();
    expect(bio.current!.on).toBe(labs[1]!.takenAt.toISOString().slice(0, 10));
  });
});
