import 'server-only';
import type { Readable } from 'node:stream';
import { db } from '@/lib/db';
import { readUpload } from '@/lib/labs/storage';
import { afterCursor, type Cursor, keysetPages } from './fhir';
import type { Member } from './members';
import type { Skipped } from './readme';

// The uploaded lab reports under uploads/ in the archive: where each goes, and its bytes read from storage.

/** Where an uploaded report is in the archive: its id keeps names unique; the name is made safe for any file system. */
export function uploadEntryName(reportId: string, fileName: string): string {
  return `uploads/${reportId}-${safeFileName(fileName)}`;
}

/**
 * A member's file name made safe for any file system and for the archive's paths: letters, digits and
 * . _ - ( ) and space kept, anything else (slashes and colons included) an underscore, no leading dots.
 */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._ ()-]+/gu, '_')
    .replace(/^[._\s]+/, '')
    .trim();
  if (cleaned.length <= 100) return cleaned || 'file';
  const extension = /\.[\p{L}\p{N}]{1,10}$/u.exec(cleaned)?.[0] ?? '';
  return cleaned.slice(0, 100 - extension.length) + extension;
}

/** The member's uploaded lab reports, oldest first: for lab_reports.csv and for the files under uploads/. */
export const labReportPages = (userId: string) =>
  keysetPages(
    (after: Cursor<string> | undefined, take) =>
      db.labReport.findMany({ where: { userId, ...afterCursor('uploadedAt', after) }, orderBy: [{ uploadedAt: 'asc' }, { id: 'asc' }], take }),
    (row) => ({ at: row.uploadedAt, id: row.id }),
  );

// Structural, not `instanceof Error`: an fs error can come from another realm (a VM context, a worker).
const errorCode = (error: unknown) => (typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined);

/**
 * An upload's bytes, or why they cannot be read. The first chunk is read before the member is added to
 * the archive, so a file gone from disk is left out (and named in README.txt) rather than breaking the ZIP.
 */
async function openUpload(storageKey: string): Promise<{ chunks: AsyncIterable<Uint8Array> } | { reason: string }> {
  let stream: Readable;
  try {
    stream = readUpload(storageKey);
  } catch {
    return { reason: 'its storage key is not valid' };
  }
  const reader = stream[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  let first: IteratorResult<Uint8Array>;
  try {
    first = await reader.next();
  } catch (error) {
    stream.destroy();
    return { reason: errorCode(error) === 'ENOENT' ? 'the file is missing from storage' : 'the file could not be read' };
  }
  async function* chunks() {
    try {
      for (let next = first; !next.done; next = await reader.next()) yield next.value;
    } finally {
      stream.destroy();
    }
  }
  return { chunks: chunks() };
}

// PDF, JPEG and PNG are compressed already: deflating them again costs time and saves next to nothing.
const ALREADY_COMPRESSED = new Set(['application/pdf', 'image/jpeg', 'image/png']);

export async function* uploadMembers(userId: string, skipped: Skipped[]): AsyncGenerator<Member> {
  for await (const page of labReportPages(userId)) {
    for (const report of page) {
      const name = uploadEntryName(report.id, report.fileName);
      const upload = await openUpload(report.storageKey);
      if ('reason' in upload) skipped.push({ name, reason: upload.reason });
      else yield { name, stored: ALREADY_COMPRESSED.has(report.mimeType), content: upload.chunks };
    }
  }
}
