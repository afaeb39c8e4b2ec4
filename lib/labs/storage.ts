import 'server-only';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { env } from '@/lib/env';

// Uploaded lab reports live under UPLOADS_DIR (default .data/uploads), outside the public folder, each
// named by a random key that says nothing of its owner or its original name. Only the LabReport row
// (whose userId is checked before any read) links a key to a person.

const KEY = /^[a-f0-9]{32}\.(pdf|jpg|png)$/;

export type StoredExtension = 'pdf' | 'jpg' | 'png';

export function uploadsDir(): string {
  return path.resolve(env.UPLOADS_DIR);
}

/** The file behind a key; a key that is not one of ours (a path, `..`) throws. */
export function uploadPath(storageKey: string): string {
  if (!KEY.test(storageKey)) throw new Error('Not an upload key.');
  return path.join(uploadsDir(), storageKey);
}

/** Writes the bytes under a new random key and returns the key. */
export async function storeUpload(bytes: Uint8Array, extension: StoredExtension): Promise<string> {
  const storageKey = `${randomBytes(16).toString('hex')}.${extension}`;
  await mkdir(uploadsDir(), { recursive: true, mode: 0o700 });
  // `wx`: never overwrite; 0600: readable by the app's user only.
  await writeFile(uploadPath(storageKey), bytes, { flag: 'wx', mode: 0o600 });
  return storageKey;
}

export function readUpload(storageKey: string): Readable {
  return createReadStream(uploadPath(storageKey));
}

/** Removes the file; one already gone is not an error. */
export async function removeUpload(storageKey: string): Promise<void> {
  await rm(uploadPath(storageKey), { force: true });
}
