// Summary statistics for benchmark timings (milliseconds).

import { median as middle } from '@/lib/statistics';

function sorted(samples: readonly number[]): number[] {
  if (samples.length === 0) throw new Error('No samples to summarise.');
  return [...samples].sort((a, b) => a - b);
}

/** The median (the app's own, lib/statistics.ts), refusing no samples rather than answering NaN. */
export function median(samples: readonly number[]): number {
  return middle(sorted(samples));
}

/** The nearest-rank percentile: the smallest value with at least p% of the samples at or below it. */
export function percentile(samples: readonly number[], p: number): number {
  const values = sorted(samples);
  const rank = Math.max(1, Math.ceil((p / 100) * values.length));
  return values[Math.min(rank, values.length) - 1]!;
}

/** Milliseconds with two decimals. */
export function ms(value: number): string {
  return value.toFixed(2);
}

/** Runs `operation` `warmup` times untimed, then `iterations` times, timing each call on its own. */
export async function timeEach(warmup: number, iterations: number, operation: (index: number, warm: boolean) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await operation(i, true);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await operation(i, false);
    samples.push(performance.now() - started);
  }
  return samples;
}
