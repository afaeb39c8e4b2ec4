/**
 * How a long background read shares the CPU with the web server's requests: it works for `busyMs`, then
 * rests for `restMs`, so reading a gigabyte history export (minutes of parsing) leaves the dashboard a
 * core's worth of time even on two cores (bench:dashboard measures it). Only the import reader rests;
 * other jobs (syncs, reminders) run at full speed.
 */
export const BACKGROUND_DUTY = { busyMs: 50, restMs: 50 } as const;

/** The chunks of `source`, resting `restMs` after each `busyMs` of work done between them (by the consumer too). */
export async function* yielding<T>(source: AsyncIterable<T>, duty: { busyMs: number; restMs: number } = BACKGROUND_DUTY): AsyncGenerator<T> {
  let since = performance.now();
  for await (const chunk of source) {
    if (performance.now() - since >= duty.busyMs) {
      await new Promise((resolve) => setTimeout(resolve, duty.restMs));
      since = performance.now();
    }
    yield chunk;
  }
}
