// A page's first date or figure written with Intl sets up ICU's formatting data, about 40–70 ms in
// Chromium on the page's main thread (where it lands in hydration, and makes a long task: bench:lighthouse).
// That set-up is shared by the page's threads: done first in a worker, the page's first Intl call then
// takes under a millisecond (measured in Chromium 156: 53 → 0.5 ms). The signed-in pages start the worker as
// their JavaScript starts (components/time/time-zone-provider.tsx), well before hydration formats a time.

let started = false;

/** Starts the worker once per page; it ends itself once ICU is set up. A browser without workers sets it up on first use. */
export function warmIntl(): void {
  if (started || typeof window === 'undefined' || typeof Worker !== 'function') return;
  started = true;
  try {
    const worker = new Worker(new URL('./warm-intl.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = worker.onerror = () => worker.terminate();
  } catch {
    // No worker: the first formatting sets ICU up itself.
  }
}
