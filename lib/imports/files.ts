import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ApiError } from '@/lib/errors';
import { uploadsDir } from '@/lib/labs/storage';

// History files while an import needs them (from upload to stored days, minutes): under UPLOADS_DIR/imports,
// each named by a random key, written as the upload arrives (never held in memory: an Apple Health export
// can be gigabytes), hashed on the way so the same file is recognised.

const KEY = /^[a-f0-9]{32}\.zip$/;

export const importsDir = () => path.join(uploadsDir(), 'imports');

function importPath(storageKey: string): string {
  if (!KEY.test(storageKey)) throw new Error('Not an import key.');
  return path.join(importsDir(), storageKey);
}

/** Writes the body to disk as it arrives; past `maxBytes` (413) or when it breaks off, nothing is kept. */
export async function writeImportFile(body: ReadableStream<Uint8Array>, maxBytes: number, tooLarge: string): Promise<{ storageKey: string; sha256: string; bytes: number }> {
  const storageKey = `${randomBytes(16).toString('hex')}.zip`;
  await mkdir(importsDir(), { recursive: true, mode: 0o700 });
  const out = createWriteStream(importPath(storageKey), { flags: 'wx', mode: 0o600 });
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      if (bytes > maxBytes) throw new ApiError(413, tooLarge);
      hash.update(chunk);
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
    }
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  } catch (error) {
    out.destroy();
    await rm(importPath(storageKey), { force: true });
    throw error instanceof ApiError ? error : new ApiError(400, 'The upload broke off. Please try again.');
  }
  return { storageKey, sha256: hash.digest('hex'), bytes };
}

export const importFileSize = async (storageKey: string): Promise<number> => (await stat(importPath(storageKey))).size;

export const readImportFile = (storageKey: string): Readable => createReadStream(importPath(storageKey), { highWaterMark: 256 * 1024 });

/** Removes the file; one already gone is not an error. */
export const removeImportFile = (storageKey: string) => rm(importPath(storageKey), { force: true });
