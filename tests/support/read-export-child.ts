// `node --import tsx tests/support/read-export-child.ts <file> [--yielding]`: reads one history file the way
// the import job does (lib/imports/read-export.ts, streamed from disk) and prints one JSON line: records,
// days, seconds, the problem it was refused for (if any), and this process's peak resident memory in MB
// (VmHWM, since its program started). For bench:import and tests/integration/import-memory.test.ts.
import { createReadStream, readFileSync } from 'node:fs';
import { ExportError } from '@/lib/imports/export-file';
import { readHistoryExport } from '@/lib/imports/read-export';
import { yielding } from '@/lib/jobs/priority';

const peakRssMb = () => Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? Number.NaN) / 1024;

const file = process.argv[2]!;
const started = Date.now();
const stream = createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Uint8Array>;
try {
  // --yielding: resting between stretches of work, as the import job reads (lib/imports/history.ts).
  const { reading } = await readHistoryExport(process.argv.includes('--yielding') ? yielding(stream) : stream);
  console.log(JSON.stringify({ records: reading.records, days: reading.days.size, seconds: (Date.now() - started) / 1000, peakMb: peakRssMb() }));
} catch (error) {
  if (!(error instanceof ExportError)) throw error;
  console.log(JSON.stringify({ records: 0, days: 0, seconds: (Date.now() - started) / 1000, peakMb: peakRssMb(), problem: error.problem }));
}
process.exit(0);
