import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ApiError } from '@/lib/errors';
import { uploadsDir } from '@/lib/labs/storage';
import { fileStore } from '@/lib/storage/configured-store';
import { watchingDisk } from '@/lib/uploads/quota';

// History files while an import needs them (from upload to stored days, minutes): in the file store's
// imports area (UPLOADS_DIR/imports, or imports/ in the S3 bucket), each named by a random key, written as
// the upload arrives (never held in memory: an Apple Health export can be gigabytes), hashed on the way so
// the same file is recognised.

const KEY = /^[a-f0-9]{32}\.zip$/;

/** Where import files are on local disk (without S3_BUCKET). */
export const importsDir = () => path.join(uploadsDir(), 'imports');

/** Whether `name` is one this app gives an import file. */
export const isImportKey = (name: string): boolean => KEY.test(name);

/** The import files in the store, a page at a time, each with when it was written. */
export const listImportFiles = () => fileStore().list('imports', isImportKey);

function checked(storageKey: string): string {
  if (!KEY.test(storageKey)) throw new Error('Not an import key.');
  return storageKey;
}

/** Writes the body as it arrives; past `maxBytes` (413) or when it breaks off, nothing is kept. */
export async function writeImportFile(body: ReadableStream<Uint8Array>, maxBytes: number, tooLarge: string): Promise<{ storageKey: string; sha256: string; bytes: number }> {
  const storageKey = `${randomBytes(16).toString('hex')}.zip`;
  const hash = createHash('sha256');
  let bytes = 0;
  async function* counted() {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      if (bytes > maxBytes) throw new ApiError(413, tooLarge);
      hash.update(chunk);
      yield chunk;
    }
  }
  try {
    await fileStore().put('imports', storageKey, watchingDisk(counted()));
  } catch (error) {
    // An ApiError is the limit, or the store out of reach (503); anything else is the upload itself.
    throw error instanceof ApiError ? error : new ApiError(400, 'The upload broke off. Please try again.');
  }
  return { storageKey, sha256: hash.digest('hex'), bytes };
}

export const importFileSize = async (storageKey: string): Promise<number> => fileStore().size('imports', checked(storageKey));

export const readImportFile = (storageKey: string): Readable => fileStore().get('imports', checked(storageKey));

/** Removes the file; one already gone is not an error. */
export const removeImportFile = async (storageKey: string): Promise<void> => fileStore().remove('imports', checked(storageKey));
