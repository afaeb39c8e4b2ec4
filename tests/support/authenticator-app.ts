// The member's authenticator app, for tests: it computes codes from the key the app shows (RFC 6238:
// SHA-1, 6 digits, 30 s), as Google Authenticator would, with `otpauth`. The server refuses a code whose
// 30-second step was already used; `next()` hands out codes for steps it has not used yet, from one step
// before now to one after (the window the server accepts), and waits for the clock when it has used them all.
import { Secret, TOTP } from 'otpauth';
import { waitFor } from './wait-for';

const PERIOD_MS = 30_000;

export function authenticatorApp(key: string) {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key.replace(/\s/g, '')) });
  let lastStep = -Infinity;
  return {
    /** A code for a step never used before: the earliest the server still accepts. */
    async next(): Promise<string> {
      for (;;) {
        const now = Date.now();
        const current = Math.floor(now / PERIOD_MS);
        // Close to a step's end, the code could go stale in transit: the next step is safer then.
        const earliest = now % PERIOD_MS > PERIOD_MS - 3_000 ? current : current - 1;
        const step = Math.max(earliest, lastStep + 1);
        if (step <= current + 1) {
          lastStep = step;
          return totp.generate({ timestamp: step * PERIOD_MS });
        }
        // Every step the server accepts now is used: wait for the clock to enter the next one.
        await waitFor(() => Math.floor(Date.now() / PERIOD_MS) > current, 'the authenticator’s next 30-second step', { timeoutMs: 2 * PERIOD_MS, intervalMs: 100 });
      }
    },
    /** A code that is valid for no step near now (for a wrong-code test). */
    wrong(): string {
      const near = new Set([-1, 0, 1].map((d) => totp.generate({ timestamp: Date.now() + d * PERIOD_MS })));
      for (let n = 0; ; n += 1) {
        const candidate = String(123456 + n).padStart(6, '0');
        if (!near.has(candidate)) return candidate;
      }
    },
  };
}
