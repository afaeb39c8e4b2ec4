import 'server-only';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { env } from '@/lib/env';
import { fileStore } from '@/lib/storage/configured-store';

// Uploaded lab reports live in the file store (lib/storage/: UPLOADS_DIR, default .data/uploads, outside
// the public folder; or the S3 bucket), each named by a random key that says nothing of its owner or its
// original name. Only the LabReport row (whose userId is checked before any read) links a key to a person.

const KEY = /^[a-f0-9]{32}\.(pdf|jpg|png)$/;

export type StoredExtension = 'pdf' | 'jpg' | 'png';

/** Whether a name is one this app gives an upload (anything else in the store is left alone). */
export const isUploadKey = (name: string) => KEY.test(name);

/** A key that is not one of ours (a path, `..`) throws, before the store is asked anything. */
function checked(storageKey: string): string {
  if (!KEY.test(storageKey)) throw new Error('Not an upload key.');
  return storageKey;
}

export function uploadsDir(): string {
  return path.resolve(env.UPLOADS_DIR);
}

/** The file behind a key on local disk (without S3_BUCKET); a key that is not one of ours throws. */
export function uploadPath(storageKey: string): string {
  return path.join(uploadsDir(), checked(storageKey));
}

/** Writes the bytes under a new random key and returns the key. */
export async function storeUpload(bytes: Uint8Array, extension: StoredExtension): Promise<string> {
  const storageKey = `${randomBytes(16).toString('hex')}.${extension}`;
  await fileStore().put('uploads', storageKey, bytes);
  return storageKey;
}

/** The bytes behind a key; a file that is missing fails the stream with code ENOENT. */
export function readUpload(storageKey: string): Readable {
  return fileStore().get('uploads', checked(storageKey));
}

/** Removes the file; one already gone is not an error. */
export async function removeUpload(storageKey: string): Promise<void> {
  await fileStore().remove('uploads', checked(storageKey));
}

/** The uploads in the store, a page at a time, each with when it was written. */
export const listUploads = () => fileStore().list('uploads', isUploadKey);
