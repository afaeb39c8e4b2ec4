import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ouraDays, type OuraSleep } from '@/lib/wearables/oura/records';
import { whoopDays, type WhoopSleep } from '@/lib/wearables/whoop/records';
import { withingsSleepDays, type WithingsSleepSummary } from '@/lib/wearables/withings/records';

// What must not change a night's stages, over sleep records fast-check draws in the vendors' documented
// shapes (Oura's PublicModifiedSleepModel, Whoop's Sleep with its SleepStageSummary, Withings'
// sleep v2 getsummary series): the order the API lists them in, a nap or a rest beside the night, and
// for Whoop the offset the wake time is written in. And what must hold whatever the records: the stages
// are those of the record the night's time asleep came from, never a mix of two.

const SETTINGS = { numRuns: Number(process.env.RUNS ?? 100), seed: Number(process.env.SEED ?? 20261129) } as const;
const DAYS = ['2026-11-20', '2026-11-21', '2026-11-22'] as const;
/** A stage's seconds: none, a night's share, or a figure no night has. */
const stage = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 5 * 3600 }), fc.constant(-60), fc.constant(90_000));
const plain = (days: Map<string, object>) => Object.fromEntries([...days].sort(([a], [b]) => a.localeCompare(b)));

/** The same records in another order: fast-check's own shuffle of their indexes. */
const reordered = <T,>(records: readonly T[]) => fc.shuffledSubarray([...records.keys()], { minLength: records.length, maxLength: records.length }).map((order) => order.map((i) => records[i]!));

describe('Oura: a night’s stages', () => {
  const period = fc.record({
    id: fc.uuid(),
    day: fc.constantFrom(...DAYS),
    type: fc.constantFrom('long_sleep', 'long_sleep', 'sleep', 'late_nap', 'rest'),
    // Whole minutes, so that two nights of one day often tie.
    total_sleep_duration: fc.oneof(fc.constant(null), fc.integer({ min: 5, max: 9 }).map((h) => h * 3600)),
    deep_sleep_duration: stage,
    light_sleep_duration: stage,
    rem_sleep_duration: stage,
    awake_time: stage,
  }) satisfies fc.Arbitrary<OuraSleep>;
  // Each period has an id of its own, as Oura's do.
  const periods = fc.uniqueArray(period, { maxLength: 8, selector: (p) => p.id });

  it('do not depend on the order the periods are listed in', () => {
    fc.assert(
      fc.property(
        periods.chain((list) => fc.tuple(fc.constant(list), reordered(list))),
        ([list, shuffled]) => expect(plain(ouraDays({ sleeps: shuffled }))).toEqual(plain(ouraDays({ sleeps: list }))),
      ),
      SETTINGS,
    );
  });

  it('are not changed by a nap or a rest beside the night', () => {
    fc.assert(
      fc.property(periods, period, (list, extra) => {
        const nap = { ...extra, type: extra.type === 'rest' ? 'rest' : 'late_nap', total_sleep_duration: 20 * 3600 };
        expect(plain(ouraDays({ sleeps: [...list, nap] }))).toEqual(plain(ouraDays({ sleeps: list })));
      }),
      SETTINGS,
    );
  });
});

describe('Whoop: a night’s stages', () => {
  const milli = fc.integer({ min: 0, max: 5 * 3600 }).map((s) => s * 1000);
  type Drawn = { id: string; day: string; hour: number; nap: boolean; scored: boolean; light: number; deep: number; rem: number; awake: number | undefined };
  const sleep: fc.Arbitrary<Drawn> = fc.record({
    id: fc.uuid(),
    day: fc.constantFrom(...DAYS),
    hour: fc.integer({ min: 5, max: 10 }),
    nap: fc.boolean(),
    scored: fc.boolean(),
    light: milli,
    deep: milli,
    rem: milli,
    awake: fc.oneof(fc.constant(undefined), milli),
  });
  const asWhoop = (s: Drawn, offset = '+00:00'): WhoopSleep => {
    const end = new Date(`${s.day}T${String(s.hour).padStart(2, '0')}:00:00Z`);
    const hours = Number(offset.slice(0, 3));
    // The same instant, written as Whoop writes it: UTC, with the member's offset beside it.
    const utcEnd = new Date(end.getTime() - hours * 3_600_000);
    return {
      id: s.id,
      start: new Date(utcEnd.getTime() - 8 * 3_600_000).toISOString(),
      end: utcEnd.toISOString(),
      timezone_offset: offset,
      nap: s.nap,
      score_state: s.scored ? 'SCORED' : 'PENDING_SCORE',
      score: s.scored
        ? { stage_summary: { total_light_sleep_time_milli: s.light, total_slow_wave_sleep_time_milli: s.deep, total_rem_sleep_time_milli: s.rem, ...(s.awake === undefined ? {} : { total_awake_time_milli: s.awake }) } }
        : undefined,
    };
  };
  const sleeps = fc.uniqueArray(sleep, { maxLength: 6, selector: (s) => s.id });

  it('do not depend on the order the sleeps are listed in', () => {
    fc.assert(
      fc.property(
        sleeps.chain((list) => fc.tuple(fc.constant(list), reordered(list))),
        ([list, shuffled]) => expect(plain(whoopDays({ sleeps: shuffled.map((s) => asWhoop(s)) }))).toEqual(plain(whoopDays({ sleeps: list.map((s) => asWhoop(s)) }))),
      ),
      SETTINGS,
    );
  });

  it('fall on the member’s local day whatever their offset', () => {
    fc.assert(
      fc.property(sleeps, fc.constantFrom('-08:00', '-05:00', '+00:00', '+01:00', '+05:30', '+09:00'), (list, offset) => {
        expect(plain(whoopDays({ sleeps: list.map((s) => asWhoop(s, offset)) }))).toEqual(plain(whoopDays({ sleeps: list.map((s) => asWhoop(s)) })));
      }),
      SETTINGS,
    );
  });

  it('are those of the sleep the night’s time asleep came from, never a mix', () => {
    fc.assert(
      fc.property(sleeps, (list) => {
        for (const [, night] of whoopDays({ sleeps: list.map((s) => asWhoop(s)) })) {
          if (night.sleepDurationMinutes === undefined) continue;
          const from = list.filter((s) => !s.nap && s.scored && Math.round((s.light + s.deep + s.rem) / 60_000) === night.sleepDurationMinutes);
          expect(from.some((s) => night.sleepDeepMinutes === Math.round(s.deep / 60_000) && night.sleepRemMinutes === Math.round(s.rem / 60_000))).toBe(true);
        }
      }),
      SETTINGS,
    );
  });
});

describe('Withings: a night’s stages', () => {
  const summary = fc.record({
    date: fc.constantFrom(...DAYS),
    data: fc.record({
      total_sleep_time: fc.oneof(fc.constant(null), fc.integer({ min: 1, max: 9 }).map((h) => h * 3600)),
      deepsleepduration: stage,
      lightsleepduration: stage,
      remsleepduration: stage,
      wakeupduration: stage,
    }),
  }) satisfies fc.Arbitrary<WithingsSleepSummary>;
  const series = fc.array(summary, { maxLength: 8 });

  it('do not depend on the order the summaries are listed in', () => {
    fc.assert(
      fc.property(
        series.chain((list) => fc.tuple(fc.constant(list), reordered(list))),
        ([list, shuffled]) => expect(plain(withingsSleepDays(shuffled))).toEqual(plain(withingsSleepDays(list))),
      ),
      SETTINGS,
    );
  });

  // Across pages only the seconds asleep are carried (the sync's `longest`), so two nights of one date
  // exactly as long, paged apart, keep the earlier page's: the pages here hold no such tie.
  it('do not depend on how the summaries were paged', () => {
    const untied = fc.uniqueArray(summary, { maxLength: 8, selector: (s) => `${s.date} ${s.data.total_sleep_time ?? 0}` });
    fc.assert(
      fc.property(untied, fc.nat(), (list, at) => {
        const cut = list.length ? at % (list.length + 1) : 0;
        const longest = new Map<string, number>();
        const pages = { ...plain(withingsSleepDays(list.slice(0, cut), longest)), ...plain(withingsSleepDays(list.slice(cut), longest)) };
        expect(pages).toEqual(plain(withingsSleepDays(list)));
      }),
      SETTINGS,
    );
  });
});
