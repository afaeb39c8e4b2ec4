/** A small seeded PRNG (mulberry32), so generated data (the demo member's, synthetic scans, test fixtures) is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Roughly normal noise (Irwin–Hall with 4 terms), mean 0 and standard deviation ≈ sd. */
export function gaussian(random: () => number, sd: number): number {
  return (random() + random() + random() + random() - 2) * sd * Math.sqrt(3);
}

/** A day number (days since the Unix epoch) for deterministic per-day seeds. */
export function dayNumber(day: Date): number {
  return Math.floor(day.getTime() / 86_400_000);
}
