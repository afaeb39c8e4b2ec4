import 'server-only';
import type { Readable } from 'node:stream';
import { ApiError } from '@/lib/errors';

// The one interface the app's files go through (uploaded lab reports, history-import files): local disk
// (./disk.ts) or an S3-compatible bucket (./s3.ts). Callers check a key against their own pattern before
// it gets here, and check the database row's owner before any read; a store only keeps bytes under names.

/** The app's two kinds of file, each in a folder of its own (UPLOADS_DIR and UPLOADS_DIR/imports, or the same under S3_PREFIX). */
export type Area = 'uploads' | 'imports';

export type StoredObject = { name: string; modifiedAt: Date };

export interface ObjectStore {
  /** Where files are kept, for the log: a folder, or `s3://bucket/prefix`. Never a credential. */
  readonly where: string;
  /** Keeps new bytes under `name`. A stream is taken as it arrives; when it fails or breaks off, nothing is kept and its error is thrown. */
  put(area: Area, name: string, body: Uint8Array | AsyncIterable<Uint8Array>): Promise<void>;
  /** The bytes, as they are read; a missing file fails the stream with an error whose code is `ENOENT`. */
  get(area: Area, name: string): Readable;
  /** The size in bytes; a missing file throws an error whose code is `ENOENT`. */
  size(area: Area, name: string): Promise<number>;
  /** Removes the file; one already gone is not an error. */
  remove(area: Area, name: string): Promise<void>;
  /** The files directly in the area whose names `accept` takes, a page at a time. */
  list(area: Area, accept: (name: string) => boolean): AsyncIterable<StoredObject[]>;
}

/**
 * The store could not be used (the bucket refused or did not answer). The member is told to try again
 * later (503); what failed is logged where it happened, for the operator. `code` marks it as worth
 * another try to callers that retry on an errno-style code (lib/account/delete-account.ts).
 */
export class StorageError extends ApiError {
  constructor() {
    super(503, 'Your files can’t be reached just now. Please try again in a few minutes.');
    this.name = 'StorageError';
  }
}

/** What a missing file fails with, from either store: the `ENOENT` a missing file on disk has. */
export function missingFile(name: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`No stored file ${name}`), { code: 'ENOENT' });
}
