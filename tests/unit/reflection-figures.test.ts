import { describe, expect, it } from '@jest/globals';
import { lastNight, weekVsUsual } from '@/lib/checkins/reflection-figures';
import { ISO_DAY } from '@/lib/codecs';
import { addDays, daysEnding } from '@/lib/days';
import type { MetricSource } from '@/lib/generated/prisma/enums';
import { mergeDays, METRIC_FIELDS, type DailyMetricRow, type MetricValues } from '@/lib/metrics/source-priority';

// The figures the reflection may name, from merged days: this week (7 days ending today) against his
// usual (the 28 days before), with where they came from; none from too few days.

const TODAY = '2026-03-10';
const EMPTY = Object.fromEntries(METRIC_FIELDS.map((field) => [field, null])) as MetricValues;
const row = (day: string, source: MetricSource, values: Partial<MetricValues>): DailyMetricRow => ({ ...EMPTY, ...values, day: ISO_DAY.toDate(day), source });
const usualDays = daysEnding(addDays(TODAY, -7), 28);
const weekDays = daysEnding(TODAY, 7);

describe('weekVsUsual', () => {
  it('is this week’s mean against the 28 days before, with the sources named as the captions name them', () => {
    const days = mergeDays([
      ...usualDays.map((day) => row(day, 'OURA', { hrvMs: 50, restingHeartRateBpm: 55 })),
      ...weekDays.map((day, index) => row(day, index < 5 ? 'OURA' : 'SCAN', { hrvMs: 40 + index, restingHeartRateBpm: 60 })),
      // Outside both windows: never read.
      row(addDays(TODAY, -40), 'OURA', { hrvMs: 500 }),
    ]);
    expect(weekVsUsual(days, 'hrvMs', TODAY)).toEqual({ week: 43, usual: 50, source: 'Oura and your camera scan' });
    expect(weekVsUsual(days, 'restingHeartRateBpm', TODAY)).toEqual({ week: 60, usual: 55, source: 'Oura and your camera scan' });
  });

  it('is null with fewer than 3 days this week or 7 days before', () => {
    const week = weekDays.slice(-2).map((day) => row(day, 'WHOOP', { hrvMs: 40 }));
    const usual = usualDays.map((day) => row(day, 'WHOOP', { hrvMs: 50 }));
    expect(weekVsUsual(mergeDays([...week, ...usual]), 'hrvMs', TODAY)).toBeNull();
    const fullWeek = weekDays.map((day) => row(day, 'WHOOP', { hrvMs: 40 }));
    expect(weekVsUsual(mergeDays([...fullWeek, ...usual.slice(0, 6)]), 'hrvMs', TODAY)).toBeNull();
    expect(weekVsUsual(mergeDays([...fullWeek, ...usual.slice(0, 7)]), 'hrvMs', TODAY)).toEqual({ week: 40, usual: 50, source: 'Whoop' });
    expect(weekVsUsual([], 'hrvMs', TODAY)).toBeNull();
  });
});

describe('lastNight', () => {
  it('is the sleep dated today, with its source; nothing when there is none', () => {
    const days = mergeDays([row(TODAY, 'OURA_EXPORT', { sleepDurationMinutes: 320 }), row(addDays(TODAY, -1), 'OURA', { sleepDurationMinutes: 480 })]);
    expect(lastNight(days, TODAY)).toEqual({ minutes: 320, source: 'your imported Oura history' });
    expect(lastNight(days, addDays(TODAY, 1))).toEqual({ minutes: null, source: null });
  });
});
