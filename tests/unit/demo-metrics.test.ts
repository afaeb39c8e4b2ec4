import { describe, expect, it } from '@jest/globals';
import { demoDays, ringDay, scaleDay } from '@/lib/demo/metrics';

const days = demoDays(new Date('2026-11-21T15:00:00Z'), 120);
const ring = days.map((day, i) => ringDay(day, i / 119));
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const isWeekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6;

describe('demo wearable data', () => {
  it('covers 120 consecutive UTC days ending today', () => {
    expect(days).toHaveLength(120);
    expect(days.at(-1)!.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(days[1]!.getTime() - days[0]!.getTime()).toBe(86_400_000);
  });

  it('gives each night stages that add up to its time asleep, in adult proportions', () => {
    for (const night of ring) {
      expect(night.sleepDeepMinutes + night.sleepLightMinutes + night.sleepRemMinutes).toBe(night.sleepDurationMinutes);
      expect(night.sleepLightMinutes).toBeGreaterThan(night.sleepDeepMinutes);
    }
    expect(mean(ring.map((r) => r.sleepDeepMinutes / r.sleepDurationMinutes))).toBeCloseTo(0.165, 1);
    expect(mean(ring.map((r) => r.sleepRemMinutes / r.sleepDurationMinutes))).toBeCloseTo(0.22, 1);
  });

  it('has a weekly rhythm: longer sleep and fewer steps at weekends', () => {
    const weekend = ring.filter((_, i) => isWeekend(days[i]!));
    const weekday = ring.filter((_, i) => !isWeekend(days[i]!));
    expect(mean(weekend.map((r) => r.sleepDurationMinutes))).toBeGreaterThan(mean(weekday.map((r) => r.sleepDurationMinutes)) + 20);
    expect(mean(weekday.map((r) => r.steps))).toBeGreaterThan(mean(weekend.map((r) => r.steps)) + 1500);
  });

  it('is noisy but plausible, and improves over the period', () => {
    expect(new Set(ring.map((r) => r.sleepScore)).size).toBeGreaterThan(15);
    for (const r of ring) {
      expect(r.sleepScore).toBeGreaterThanOrEqual(35);
      expect(r.sleepScore).toBeLessThanOrEqual(98);
      expect(r.restingHeartRateBpm).toBeGreaterThanOrEqual(44);
      expect(r.restingHeartRateBpm).toBeLessThanOrEqual(80);
    }
    const firstMonth = ring.slice(0, 30);
    const lastMonth = ring.slice(-30);
    expect(mean(lastMonth.map((r) => r.hrvMs))).toBeGreaterThan(mean(firstMonth.map((r) => r.hrvMs)));
    expect(scaleDay(days.at(-1)!, 1).weightKg).toBeLessThan(scaleDay(days[0]!, 0).weightKg);
  });

  it('gives the same values for the same day on every run', () => {
    expect(ringDay(days[5]!, 0.2)).toEqual(ringDay(new Date(days[5]!), 0.2));
  });
});
