/**
 * Waits until `check` holds, asking again every `intervalMs`, and fails naming `what` once `timeoutMs` have
 * passed: a test waits for the condition it needs, never for a fixed time.
 */
export async function until(check: () => Promise<boolean> | boolean, what: string, { timeoutMs = 10_000, intervalMs = 50 } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up after ${timeoutMs} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
