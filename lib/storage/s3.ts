import 'server-only';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import { missingFile, StorageError, type Area, type ObjectStore } from './object-store';

// Files in an S3-compatible bucket, through the AWS SDK v3, streamed both ways: an upload goes up in parts
// as it arrives (lib-storage's Upload; a broken-off one is aborted, so the bucket keeps nothing), a read
// is GetObject's body as it comes. The SDK is loaded on first use, so a server on local disk never loads it.

export type S3Settings = {
  bucket: string;
  prefix: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
};

/** Each part of a streamed upload; two go up at once, so an upload holds about 16 MB in memory. 10,000 parts allow 80 GB. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;
const LIST_PAGE = 1000;

type Sdk = typeof import('@aws-sdk/client-s3');

/** The SDK's error, as the log may name it: its name and HTTP status, nothing else (never a request or a key). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const code = (error as { code?: unknown }).code;
  return [error.name, typeof code === 'string' && code !== error.name ? code : null, status].filter(Boolean).join(' ');
}

const isMissing = (error: unknown) =>
  error instanceof Error && (error.name === 'NoSuchKey' || error.name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404);

export function s3Store(settings: S3Settings, pageSize = LIST_PAGE): ObjectStore {
  const where = `s3://${settings.bucket}/${settings.prefix}${settings.endpoint ? ` at ${new URL(settings.endpoint).origin}` : ` in ${settings.region}`}`;
  const keyOf = (area: Area, name: string) => `${settings.prefix}${area === 'imports' ? 'imports/' : ''}${name}`;
  const prefixOf = (area: Area) => keyOf(area, '');

  let ready: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (ready ??= (async () => {
      const sdk = await import('@aws-sdk/client-s3');
      const { accessKeyId, secretAccessKey } = settings;
      if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
        ready = undefined;
        console.error('[storage] S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the AWS SDK’s default credentials');
        throw new StorageError();
      }
      const client = new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
        // Checksums only where S3 demands them: many S3-compatible stores refuse the newer trailing ones.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        requestHandler: { connectionTimeout: 5_000, socketTimeout: 60_000 },
      });
      return { sdk, client };
    })());

  /** Logs what failed, for the operator, and answers the member's error. */
  const failed = (operation: string, error: unknown) => {
    console.error(`[storage] ${operation} on ${where} failed (${describe(error)})`);
    return error instanceof StorageError ? error : new StorageError();
  };

  return {
    where,

    async put(area, name, body) {
      const { sdk, client } = await connect().catch((error: unknown) => Promise.reject(failed('connecting', error)));
      const target = { Bucket: settings.bucket, Key: keyOf(area, name) };
      if (body instanceof Uint8Array) {
        try {
          await client.send(new sdk.PutObjectCommand({ ...target, Body: body, ContentLength: body.byteLength }));
          return;
        } catch (error) {
          throw failed('PutObject', error);
        }
      }
      // The body's own failure (too large, broken off) is the caller's to answer; the bucket's is ours.
      let bodyFailure: { error: unknown } | undefined;
      async function* watched() {
        try {
          yield* body;
        } catch (error) {
          bodyFailure = { error };
          throw error;
        }
      }
      const { Upload } = await import('@aws-sdk/lib-storage');
      const upload = new Upload({ client, params: { ...target, Body: Readable.from(watched()) }, partSize: PART_BYTES, queueSize: PARTS_AT_ONCE, leavePartsOnError: false });
      try {
        await upload.done();
      } catch (error) {
        if (bodyFailure) throw bodyFailure.error;
        throw failed('upload', error);
      }
    },

    get(area, name) {
      const out = new PassThrough({ highWaterMark: area === 'imports' ? 256 * 1024 : undefined });
      const stop = new AbortController();
      let answered = false;
      // A reader that gives up before the bucket answers (a download cancelled) takes the request with it.
      out.once('close', () => answered || stop.abort());
      void (async () => {
        const { sdk, client } = await connect();
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(area, name) }), { abortSignal: stop.signal });
        answered = true;
        if (!(answer.Body instanceof Readable)) throw new Error('GetObject answered no stream');
        return answer.Body;
      })().then(
        // Either side's end ends the other: a reader that stops early closes the bucket's stream too.
        (body) => pipeline(body, out).catch((error: unknown) => (out.destroyed ? undefined : out.destroy(failed('GetObject (reading)', error)))),
        (error: unknown) => {
          answered = true;
          if (out.destroyed) return;
          out.destroy(isMissing(error) ? missingFile(name) : failed('GetObject', error));
        },
      );
      return out;
    },

    async size(area, name) {
      const { sdk, client } = await connect().catch((error: unknown) => Promise.reject(failed('connecting', error)));
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket: settings.bucket, Key: keyOf(area, name) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        throw isMissing(error) ? missingFile(name) : failed('HeadObject', error);
      }
    },

    async remove(area, name) {
      const { sdk, client } = await connect().catch((error: unknown) => Promise.reject(failed('connecting', error)));
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(area, name) }));
      } catch (error) {
        if (!isMissing(error)) throw failed('DeleteObject', error);
      }
    },

    async *list(area, accept) {
      const { sdk, client } = await connect().catch((error: unknown) => Promise.reject(failed('connecting', error)));
      const prefix = prefixOf(area);
      let token: string | undefined;
      do {
        let page: import('@aws-sdk/client-s3').ListObjectsV2CommandOutput;
        try {
          // The delimiter keeps the listing to the area itself: the uploads' listing leaves imports/ out.
          page = await client.send(new sdk.ListObjectsV2Command({ Bucket: settings.bucket, Prefix: prefix, Delimiter: '/', MaxKeys: pageSize, ContinuationToken: token }));
        } catch (error) {
          throw failed('ListObjectsV2', error);
        }
        const found = (page.Contents ?? [])
          .map((object) => ({ name: (object.Key ?? '').slice(prefix.length), modifiedAt: object.LastModified ?? new Date() }))
          .filter((object) => object.name !== '' && accept(object.name));
        if (found.length) yield found;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
