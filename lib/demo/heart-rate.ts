import { dayNumber, gaussian, seededRandom } from '@/lib/seeded-random';

// A ring's 5-minute heart-rate samples for the demo user: low and steady at night, higher and noisier
// by day, with an evening workout on weekdays. Each day's samples depend only on that day, so a re-run
// writes the same rows and `createMany({ skipDuplicates: true })` adds nothing.

export type DemoHeartRateSample = { recordedAt: Date; bpm: number };

const DAY_MS = 86_400_000;
export const SAMPLE_INTERVAL_MS = 5 * 60_000;
export const HEART_RATE_DAYS = 14;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The expected rate at an hour of the UTC day: about 54 bpm asleep (23:00–06:00), 70–76 awake, 130 in a weekday 18:00 workout. */
function rhythm(hour: number, weekday: number): number {
  const asleep = hour >= 23 || hour < 6;
  if (asleep) return 54 + 3 * Math.cos(((hour + 1) % 24) * (Math.PI / 7)); // lowest in the small hours
  const workout = weekday >= 1 && weekday <= 5 && hour >= 18 && hour < 18.75;
  if (workout) return 130;
  return 70 + 6 * Math.sin(((hour - 6) / 17) * Math.PI); // rising to a mid-afternoon high
}

/** The samples of the `days` UTC days ending with `now`'s, every 5 minutes, up to and including `now`. */
export function demoHeartRateSamples(now: Date, days = HEART_RATE_DAYS): DemoHeartRateSample[] {
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const samples: DemoHeartRateSample[] = [];
  for (let d = days - 1; d >= 0; d -= 1) {
    const dayStart = todayStart - d * DAY_MS;
    const day = new Date(dayStart);
    const random = seededRandom(dayNumber(day) * 6151 + 29);
    for (let t = dayStart; t < dayStart + DAY_MS && t <= now.getTime(); t += SAMPLE_INTERVAL_MS) {
      const hour = (t - dayStart) / 3_600_000;
      const expected = rhythm(hour, day.getUTCDay());
      const noise = gaussian(random, hour >= 23 || hour < 6 ? 1.5 : 4);
      samples.push({ recordedAt: new Date(t), bpm: Math.round(clamp(expected + noise, 40, 185)) });
    }
  }
  return samples;
}
