// A slow day, rehearsed (docs/testing.md): a thread that spins for as long as it runs, holding one of the
// machine's cores at normal priority, so that the suite gets what a slower machine would give it. A thread,
// not a process: it ends with the process that started it, however that ends.
import { Worker } from 'node:worker_threads';

/** Starts the busy thread; `stop()` ends it. */
export function holdOneCore() {
  const worker = new Worker('for (;;);', { eval: true });
  worker.unref();
  return { stop: () => void worker.terminate() };
}
