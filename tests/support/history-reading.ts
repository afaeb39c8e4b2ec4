// Reading an export as the import job does, for the readers' tests: the bytes streamed in small chunks, what
// the import stores when its preview asks nothing, and the problem a refused file is answered with.
import { ExportError } from '@/lib/imports/export-file';
import { readHistoryExport } from '@/lib/imports/read-export';
import { withWeighIns } from '@/lib/imports/weigh-ins';

/** The bytes as a stream of small chunks, as a file read from disk arrives. */
export function* chunked(bytes: Uint8Array, size = 1000) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/**
 * What an import stores when the preview asks nothing: a scale's weigh-ins are handed over apart from the
 * days (a shared scale's people, a jump held back), and a one-person file without a jump stores them all.
 */
export async function readExport(bytes: Uint8Array) {
  const { kind, reading } = await readHistoryExport(chunked(bytes));
  return { kind, reading: { ...reading, days: withWeighIns(reading.days, reading.weighIns ?? []) } };
}

/** 'read', or the problem (ExportProblem) the file is refused with. */
export async function problemOf(bytes: Uint8Array): Promise<string> {
  try {
    await readExport(bytes);
    return 'read';
  } catch (error) {
    return error instanceof ExportError ? error.problem : `other: ${String(error)}`;
  }
}

export const daysOf = (reading: { days: ReadonlyMap<string, object> }) => Object.fromEntries(reading.days);
