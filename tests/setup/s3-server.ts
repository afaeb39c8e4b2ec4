// A local S3 for tests: s3rver on 127.0.0.1 (a port the OS picks), its objects in a temporary folder, with a
// bucket made for the caller. `env` is what points the app at it. s3rver does not implement
// AbortMultipartUpload; this adds it (the parts' folder removed, as S3 drops the parts), so that a test can
// tell that an upload that broke off left nothing behind, neither an object nor an open multipart upload.
// Nor can it page a ListObjectsV2 on Node 20: its continuation tokens are DES-encrypted, which OpenSSL 3
// refuses (a 500); `pageListings` answers those listings through its ListObjects (v1) instead.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync } from 'node:fs';
import { readdir, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver, { type Context } from 's3rver';

export type S3Server = {
  endpoint: string;
  bucket: string;
  /** S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE. */
  env: Record<string, string>;
  /** The SDK client's settings for a test's own look at the bucket. */
  clientConfig: { endpoint: string; region: string; forcePathStyle: true; credentials: { accessKeyId: string; secretAccessKey: string } };
  /** Multipart uploads begun and neither completed nor aborted. */
  openMultipartUploads(): Promise<string[]>;
  /** Every request the server was sent, oldest first. */
  requests: { method: string; key: string }[];
  /** Multipart uploads aborted so far. */
  abortedMultipartUploads: string[];
  /** Sets an object's LastModified (s3rver answers its file's modification time). */
  setLastModified(key: string, at: Date): Promise<void>;
  /** While set, requests it matches are answered 500 InternalError, as an S3 having an outage would. */
  failRequests(match: ((request: { method: string; key: string }) => boolean) | null): void;
  stop(): Promise<void>;
};

// s3rver's own credentials (it checks signatures against them).
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const REGION = 'us-east-1';

type Listing = { ListBucketResult: { Contents: { Key: string }[]; CommonPrefixes: { Prefix: string }[]; IsTruncated: boolean; Marker?: string; NextMarker?: string } };
type BucketController = { getBucket(ctx: Context): Promise<void>; paged?: true };

/** ListObjectsV2 answered by s3rver's v1 listing (after its signature check), its markers carried in plain tokens. */
function pageListings() {
  const controller = createRequire(import.meta.url)('s3rver/lib/controllers/bucket.js') as BucketController;
  if (controller.paged) return;
  const listV1 = controller.getBucket;
  controller.getBucket = async (ctx) => {
    if (ctx.query['list-type'] !== '2') return listV1(ctx);
    const token = ctx.query['continuation-token'];
    const marker = typeof token === 'string' && token ? Buffer.from(token, 'base64url').toString() : ctx.query['start-after'];
    const v1 = Object.fromEntries(Object.entries(ctx.query).filter(([name]) => !['list-type', 'continuation-token', 'start-after', 'fetch-owner'].includes(name)));
    ctx.query = { ...v1, ...(marker ? { marker } : {}) };
    await listV1(ctx);
    const result = { ...(ctx.body as Listing).ListBucketResult, Marker: undefined, NextMarker: undefined };
    const last = [...result.Contents.map((object) => object.Key), ...result.CommonPrefixes.map((common) => common.Prefix)].sort().at(-1);
    ctx.body = {
      ListBucketResult: {
        ...result,
        Contents: result.Contents.map((object) => ({ ...object, Owner: undefined })),
        KeyCount: result.Contents.length,
        ContinuationToken: token || undefined,
        NextContinuationToken: result.IsTruncated && last ? Buffer.from(last).toString('base64url') : undefined,
      },
    };
  };
  controller.paged = true;
}

export async function startS3Server(): Promise<S3Server> {
  pageListings();
  const directory = mkdtempSync(path.join(os.tmpdir(), 'vt-s3rver-'));
  const bucket = `vt-test-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket }] });
  const uploadsDir = path.join(directory, bucket, '._S3rver_uploads');
  const abortedMultipartUploads: string[] = [];
  const requests: { method: string; key: string }[] = [];
  let failing: ((request: { method: string; key: string }) => boolean) | null = null;

  const errorXml = (code: string, message: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  // Path style: /bucket/key.
  const keyOf = (ctx: Context) => decodeURIComponent(ctx.path.split('/').slice(2).join('/'));
  server.middleware.unshift(async (ctx, next) => {
    const request = { method: ctx.method, key: keyOf(ctx) };
    requests.push(request);
    if (failing?.(request)) {
      ctx.status = 500;
      ctx.type = 'application/xml';
      ctx.body = errorXml('InternalError', 'We encountered an internal error. Please try again.');
      return;
    }
    const uploadId = ctx.query.uploadId;
    if (ctx.method === 'DELETE' && typeof uploadId === 'string') {
      if (!/^[a-f0-9]+$/.test(uploadId)) throw new Error('unexpected upload id');
      await rm(path.join(uploadsDir, uploadId), { recursive: true, force: true });
      abortedMultipartUploads.push(uploadId);
      ctx.status = 204;
      return;
    }
    await next();
  });

  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    clientConfig: { endpoint, region: REGION, forcePathStyle: true, credentials: CREDENTIALS },
    openMultipartUploads: () => readdir(uploadsDir).catch(() => []),
    requests,
    abortedMultipartUploads,
    async setLastModified(key, at) {
      const parts = key.split('/');
      const last = parts.pop()!;
      await utimes(path.join(directory, bucket, ...parts, `${last}._S3rver_object`), at, at);
    },
    failRequests(match) {
      failing = match;
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
