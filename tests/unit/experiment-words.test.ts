import { describe, expect, it } from '@jest/globals';
import type { ExperimentDayMark } from '@/lib/experiments/contract';
import { figureText, intervalText } from '@/lib/experiments/figure-text';
import { directionFor, planDefaults } from '@/lib/experiments/plan-defaults';
import { adherenceText, flaggedText, progressText } from '@/lib/experiments/progress-words';

// How the experiments' screens word a plan, his days and a figure (lib/experiments/progress-words.ts,
// plan-defaults.ts, figure-text.ts): the exact words the pages show.

const mark = (day: string, didIt: boolean | null, flags: ExperimentDayMark['flags'] = []): ExperimentDayMark => ({ day, didIt, flags });

describe('progressText', () => {
  it('names the phase, the day and the period’s length', () => {
    expect(progressText({ phase: 'change', day: 9, of: 28 })).toBe('Day 9 of 28');
    expect(progressText({ phase: 'baseline', day: 3, of: 14 })).toBe('Baseline: day 3 of 14');
    expect(progressText({ phase: 'return', day: 2, of: 14 })).toBe('Back to usual: day 2 of 14');
    expect(progressText({ phase: 'stopped', day: 20, of: 56 })).toBe('Ended early, on day 20 of 56');
    expect(progressText({ phase: 'ended', day: 56, of: 56 })).toBe('Finished, 56 days');
  });
});

describe('adherenceText', () => {
  it('counts the answered days of the change period only, ticked or not', () => {
    const marks = [mark('2026-11-30', null, ['ill']), mark('2026-12-01', true), mark('2026-12-02', false), mark('2026-12-03', true), mark('2026-12-04', null), mark('2026-12-30', true)];
    expect(adherenceText(marks, '2026-12-01', '2026-12-28')).toBe("You ticked 'did it' on 2 of 3 days you answered.");
    expect(adherenceText([mark('2026-12-01', true)], '2026-12-01', '2026-12-28')).toBe("You ticked 'did it' on 1 of 1 day you answered.");
  });

  it('says so when no change day is answered', () => {
    expect(adherenceText([mark('2026-11-30', null, ['ill'])], '2026-12-01', '2026-12-28')).toBe('No change days answered yet.');
  });
});

describe('flaggedText', () => {
  it('counts flagged days, and each flag on them, in a fixed order', () => {
    const marks = [mark('2026-12-01', true, ['travelling']), mark('2026-12-02', null, ['ill']), mark('2026-12-03', false, ['ill', 'drinking']), mark('2026-12-04', true)];
    expect(flaggedText(marks)).toBe('3 days flagged: ill 2, travelling 1, drinking 1 — kept in, not hidden.');
    expect(flaggedText([mark('2026-12-02', null, ['ill'])])).toBe('1 day flagged: ill 1 — kept in, not hidden.');
    expect(flaggedText([mark('2026-12-04', true)])).toBe('No days flagged.');
  });
});

describe('plan defaults', () => {
  it('asks which way is better for weight only', () => {
    expect(directionFor('weightKg')).toBeNull();
    expect(directionFor('restingHeartRateBpm')).toBe('lower');
    for (const outcome of ['sleepDurationMinutes', 'hrvMs', 'steps', 'mood', 'energy'] as const) expect(directionFor(outcome)).toBe('higher');
  });

  it('takes his last 28 days as the baseline from 14 days with a value, else records 14 days first', () => {
    expect(planDefaults(14, '2026-12-07', '2026-12-21')).toEqual({ fromHistory: true, changeFrom: '2026-12-07', baselineDays: 28 });
    expect(planDefaults(13, '2026-12-07', '2026-12-21')).toEqual({ fromHistory: false, changeFrom: '2026-12-21', baselineDays: 14 });
  });
});

describe('figureText and intervalText', () => {
  it('round to the outcome’s decimals with its unit, and write a scale’s whole step as its word', () => {
    expect(figureText({ unit: 'ms', decimals: 0 }, 44.4)).toBe('44 ms');
    expect(figureText({ unit: 'h', decimals: 1 }, 7.25)).toBe('7.3 h');
    expect(figureText({ unit: '', decimals: 0 }, 10234)).toBe('10,234');
    expect(figureText({ unit: '', decimals: 1, scale: ['terrible', 'sad', 'neutral', 'happy', 'elated'] }, 3)).toBe('happy');
    expect(figureText({ unit: '', decimals: 1, scale: ['terrible', 'sad', 'neutral', 'happy', 'elated'] }, 2.45)).toBe('2.5');
    expect(intervalText({ unit: 'ms', decimals: 0 }, [2.2, 9.8])).toBe('2–10 ms');
    expect(intervalText({ unit: 'h', decimals: 1 }, [-0.12, 0.5])).toBe('−0.1 to 0.5 h');
    expect(figureText({ unit: 'kg', decimals: 1 }, -0.46)).toBe('−0.5 kg');
  });
});
