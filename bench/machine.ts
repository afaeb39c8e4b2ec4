// How fast this machine's cores are today, so that test-run times from different days can be compared
// (docs/testing.md): the same fixed integer loop on one thread, then on one thread per core at once, and the
// share of CPU time the host took away meanwhile (steal, from /proc/stat). Nothing of the app is measured.
//   npm run bench:machine
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';

const LOOP = `
  const started = process.hrtime.bigint();
  let x = 0;
  for (let i = 0; i < 3e8; i++) x = (x * 1103515245 + 12345) % 2147483648;
  require('node:worker_threads').parentPort.postMessage({ ms: Number(process.hrtime.bigint() - started) / 1e6, x });
`;

function loopOnce(): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOOP, { eval: true });
    worker.once('message', ({ ms }: { ms: number }) => resolve(ms));
    worker.once('error', reject);
  });
}

/** [busy, steal] ticks of all cores since boot. */
function ticks(): [number, number] {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = fields as number[];
  return [user! + nice! + system! + irq! + softirq!, steal!];
}

const cores = os.availableParallelism();
const [busyBefore, stealBefore] = ticks();
const alone = await loopOnce();
const together = await Promise.all(Array.from({ length: cores }, loopOnce));
const [busyAfter, stealAfter] = ticks();
const stolen = (stealAfter - stealBefore) / Math.max(1, busyAfter - busyBefore + stealAfter - stealBefore);

console.log(`cpu: ${os.cpus()[0]?.model ?? 'unknown'}, ${cores} cores`);
console.log(`the loop alone: ${alone.toFixed(0)} ms`);
console.log(`the loop on ${cores} threads at once: ${together.map((ms) => ms.toFixed(0)).join(' ms, ')} ms`);
console.log(`taken by the host meanwhile (steal): ${(stolen * 100).toFixed(1)} %`);
