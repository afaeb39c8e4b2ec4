// The tables each cached dashboard answer declares it reads (lib/dashboard/answers.ts), held to this file's
// own migrated PostgreSQL database: every declared table moves users."dataVersion" on a change (its triggers,
// read from pg_trigger), every declared table exists, and every answer still answers when it may touch
// nothing but the tables it declares.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import type { AnswerDeclaration, AnswerOwner } from '@/lib/dashboard/answer-cache';
import * as answers from '@/lib/dashboard/answers';
import { addDays, daysEnding, utcDay } from '@/lib/days';
import { db } from '@/lib/db';
import { SUPPLEMENTS } from '@/lib/demo/supplements';
import { addCheckin, addDailyMetrics, addTestosterone, onboardedMember } from '../support/members';

/** Every answer lib/dashboard/answers.ts exports, by its export name. */
const DECLARED = Object.entries(answers).map(([name, answer]): AnswerDeclaration & { name: string } => ({ name, ...answer.declaration }));

type DataEvent = 'INSERT' | 'UPDATE' | 'DELETE';
// pg_trigger.tgtype's event bits (PostgreSQL's TRIGGER_TYPE_INSERT, _DELETE, _UPDATE).
const EVENT_BITS: Record<DataEvent, number> = { INSERT: 1 << 2, DELETE: 1 << 3, UPDATE: 1 << 4 };
/** A member's own row exists before any answer of theirs, and goes with them: only its updates matter. */
const eventsNeeded = (table: string): DataEvent[] => (table === 'users' ? ['UPDATE'] : ['INSERT', 'UPDATE', 'DELETE']);

let admin: pg.Client;
beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
});
afterAll(() => admin.end());

/**
 * Each declared table's events that no enabled data-version trigger covers, as "call: table EVENT". A
 * data-version trigger calls a bump_data_version_* function that moves users."dataVersion" on.
 */
async function uncovered(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ table: string; type: number }>(`
    SELECT c.relname AS table, t.tgtype::int AS type
    FROM pg_trigger t
    JOIN pg_class c ON c.oid = t.tgrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_proc p ON p.oid = t.tgfoid
    WHERE n.nspname = current_schema() AND NOT t.tgisinternal AND t.tgenabled <> 'D'
      AND p.proname LIKE 'bump\\_data\\_version%' AND p.prosrc LIKE '%"dataVersion"%'`);
  const covered = (table: string, event: DataEvent) => rows.some((row) => row.table === table && (row.type & EVENT_BITS[event]) !== 0);
  return DECLARED.flatMap(({ call, reads }) => reads.flatMap((table) => eventsNeeded(table).filter((event) => !covered(table, event)).map((event) => `${call}: ${table} ${event}`)));
}

describe('the tables the cached answers declare', () => {
  it('are declared by every answer, under a name of its own', () => {
    expect(DECLARED.length).toBeGreaterThan(0);
    for (const { name, reads } of DECLARED) expect([name, reads.length > 0, new Set(reads).size === reads.length]).toEqual([name, true, true]);
    expect(new Set(DECLARED.map((answer) => answer.call)).size).toBe(DECLARED.length);
  });

  it('each exist in the migrated database', async () => {
    const { rows } = await admin.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`);
    const tables = new Set(rows.map((row) => row.name));
    expect(DECLARED.flatMap(({ call, reads }) => reads.filter((table) => !tables.has(table)).map((table) => `${call}: ${table}`))).toEqual([]);
  });

  it('each move the data version on with every insert, update and delete (users: every update)', async () => {
    expect(await uncovered(admin)).toEqual([]);
  });

  it('would be reported if one lost its trigger', async () => {
    await admin.query('BEGIN');
    try {
      await admin.query('DROP TRIGGER "supplements_data_version_update" ON "supplements"');
      await admin.query('ALTER TABLE "lab_results" DISABLE TRIGGER "lab_results_data_version_delete"');
      expect((await uncovered(admin)).sort()).toEqual(
        ['notification/next: lab_results DELETE', 'recommendations: lab_results DELETE', 'recommendations: supplements UPDATE', 'todays_actions: lab_results DELETE', 'trends/testosterone: lab_results DELETE'],
      );
    } finally {
      await admin.query('ROLLBACK');
    }
    expect(await uncovered(admin)).toEqual([]);
  });
});

describe('each cached answer, allowed only the tables it declares', () => {
  // A role of this file's own: this file's database sessions take it, so the privileges below bind the answers.
  const reader = `vt_answer_reader_${randomBytes(4).toString('hex')}`;
  const today = utcDay(new Date());
  let memberId = '';

  const allowEverything = () => admin.query(`GRANT ALL ON ALL TABLES IN SCHEMA public TO "${reader}"; GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO "${reader}"`);
  async function allowOnly(tables: readonly string[]) {
    await admin.query(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM "${reader}"`);
    if (tables.length) await admin.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${tables.map((table) => `"${table}"`).join(', ')} TO "${reader}"`);
    // The data-version triggers' own update of the writer's users row, which runs with the writer's rights.
    await admin.query(`GRANT SELECT ("id", "dataVersion"), UPDATE ("dataVersion") ON "users" TO "${reader}"`);
  }

  beforeAll(async () => {
    await admin.query(`CREATE ROLE "${reader}" NOLOGIN`);
    await allowEverything();
    // Before this file's pool opens its first connection, so that every one of them takes the role.
    await admin.query(`DO $$ BEGIN EXECUTE format('ALTER ROLE CURRENT_USER IN DATABASE %I SET role = %L', current_database(), '${reader}'); END $$`);

    // A member with something in every table an answer reads: the alert has a new lab result to tell of.
    const member = await onboardedMember();
    memberId = member.id;
    await addDailyMetrics(memberId, daysEnding(today, 40), (_day, index) => ({
      sleepDurationMinutes: 420 + index,
      sleepScore: 80,
      steps: 8000,
      hrvMs: 55,
      restingHeartRateBpm: 56,
      stressScore: 30,
      vo2Max: 44,
      weightKg: 89,
      caloriesIntakeKcal: 2100,
      systolicBpMmhg: 121,
      diastolicBpMmhg: 79,
    }));
    await db.heartRateSample.create({ data: { userId: memberId, recordedAt: new Date(`${today}T00:05:00Z`), bpm: 62, source: 'OURA' } });
    await db.vitalScan.create({ data: { userId: memberId, source: 'WEEKLY', systolicBloodPressureMmhg: 118, diastolicBloodPressureMmhg: 77 } });
    await addCheckin(memberId, addDays(today, -1), { mood: 'HAPPY', energy: 'LOW', symptoms: ['Insomnia'] });
    await addTestosterone(memberId, 480, new Date(`${addDays(today, -2)}T08:00:00Z`));
    await db.subscription.create({ data: { userId: memberId, stripeCustomerId: `cus_${memberId}`, stripeSubscriptionId: `sub_${memberId}`, status: 'TRIALING', trialEnd: new Date(Date.now() + 5 * 86_400_000) } });
    await db.dailyActionSet.create({ data: { userId: memberId, day: new Date(`${addDays(today, -1)}T00:00:00Z`), vitality: 60, summary: 'x', nextRefreshAt: new Date(`${today}T00:00:00Z`), actions: { create: [{ position: 1, key: 'walk', title: 'Walk' }] } } });
    await db.supplement.createMany({ data: SUPPLEMENTS });
  });

  afterAll(async () => {
    await db.$disconnect();
    await admin.query(`DO $$ BEGIN EXECUTE format('ALTER ROLE CURRENT_USER IN DATABASE %I RESET role', current_database()); END $$`);
    await admin.query(`DROP OWNED BY "${reader}"; DROP ROLE "${reader}"`);
  });

  const owner = async (): Promise<AnswerOwner> => ({ id: memberId, dataVersion: (await db.user.findUniqueOrThrow({ where: { id: memberId }, select: { dataVersion: true } })).dataVersion });

  // Each answer, called as the API calls it: every export of answers.ts must have its run here.
  const LONDON = { lat: 51.5, lon: -0.1 };
  const RUNS: Record<string, (who: AnswerOwner) => Promise<unknown>> = {
    vitalsAnswer: (who) => answers.vitalsAnswer(who),
    activityAnswer: (who) => answers.activityAnswer(who),
    sleepScoreAnswer: (who) => answers.sleepScoreAnswer(who),
    readinessAnswer: (who) => answers.readinessAnswer(who),
    testosteroneTrendAnswer: (who) => answers.testosteroneTrendAnswer(who),
    todaysActionsAnswer: (who) => answers.todaysActionsAnswer(who),
    recommendationsAnswer: (who) => answers.recommendationsAnswer(who, LONDON),
    notificationAnswer: (who) => answers.notificationAnswer(who),
  };

  it('has a run for every answer', () => {
    expect(Object.keys(RUNS).sort()).toEqual(DECLARED.map((answer) => answer.name).sort());
  });

  it('takes the role: with nothing allowed, an answer is refused', async () => {
    await allowOnly([]);
    try {
      await expect(answers.sleepScoreAnswer(await owner())).rejects.toThrow(/permission denied for table daily_metrics/);
    } finally {
      await allowEverything();
    }
  });

  it.each(DECLARED)('$call answers, the day’s first time and again, reading only the tables it declares', async ({ name, reads }) => {
    const errors: unknown[] = [];
    // An answer that swallows a failure (the banner's alert) logs it: that counts as a refusal too.
    const logged = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
    await allowOnly(reads);
    try {
      // The first call computes and stores what it makes; the data version moves, so the second reads it back.
      const first = await RUNS[name]!(await owner());
      const second = await RUNS[name]!(await owner());
      expect(first).toBeDefined();
      expect(second).toBeDefined();
    } finally {
      await allowEverything();
      logged.mockRestore();
    }
    expect(errors).toEqual([]);
  });

  it('made what the answers make: today’s actions, recommendations for the place and the alert', async () => {
    const day = new Date(`${today}T00:00:00Z`);
    expect(await db.dailyActionSet.count({ where: { userId: memberId, day } })).toBe(1);
    expect(await db.recommendationSet.count({ where: { userId: memberId, day } })).toBe(1);
    expect(await db.notification.count({ where: { userId: memberId, alertDay: day } })).toBe(1);
  });
});
