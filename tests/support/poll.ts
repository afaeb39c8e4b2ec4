import { budget } from '../setup/machine-speed.js';

/**
 * Waits until `check` holds, asking again every `intervalMs`, and fails naming `what` once `timeoutMs` (a
 * limit on the reference day, multiplied by the machine's speed factor: tests/setup/machine-speed.js) have
 * passed: a test waits for the condition it needs, never for a fixed time.
 */
export async function until(check: () => Promise<boolean> | boolean, what: string, { timeoutMs = 10_000, intervalMs = 50 } = {}): Promise<void> {
  const limit = budget(timeoutMs);
  const deadline = Date.now() + limit;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up after ${limit} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
