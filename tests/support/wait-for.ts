import { budget } from '../setup/machine-speed.js';

/** What a look answers while the awaited thing has not happened yet. */
type NotYet = false | null | undefined;

export type WaitOptions = {
  /** When to give up: a limit on the reference day, multiplied by the machine's speed factor (tests/setup/machine-speed.js). */
  timeoutMs?: number;
  /** How long to leave between two looks. */
  intervalMs?: number;
  /** Added to the failure's message, read only when the wait gives up: what the awaited process printed, say. */
  detail?: () => string;
};

/**
 * The suite's one wait: looks at `check` until it answers something other than false, null or undefined, and
 * returns that answer (the mail, the row, the response that was waited for). It looks again every
 * `intervalMs`, and fails naming `what` once `timeoutMs` have passed; a check that throws ends the wait with
 * its error (a server that exited will never answer). A test waits for the condition it needs, never for a
 * fixed time.
 */
export async function waitFor<T>(check: () => T | Promise<T>, what: string, { timeoutMs = 10_000, intervalMs = 50, detail }: WaitOptions = {}): Promise<Exclude<T, NotYet>> {
  const started = Date.now();
  // The limit is worked out at the first miss: a check that holds at once never asks for the speed factor,
  // whose first measurement takes a moment (a bench starting a fake peer has no use for it).
  let limit: number | undefined;
  for (;;) {
    const answer = await check();
    if (answer !== false && answer !== null && answer !== undefined) return answer as Exclude<T, NotYet>;
    limit ??= budget(timeoutMs);
    if (Date.now() - started > limit) throw new Error(`Gave up after ${limit} ms waiting for ${what}.${detail ? `\n${detail()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
