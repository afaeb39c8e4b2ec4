import 'server-only';
import path from 'node:path';
import { env } from '@/lib/env';
import { diskStore } from './disk';
import type { ObjectStore } from './object-store';
import { s3Store } from './s3';

// Local disk unless S3_BUCKET names a bucket (docs/operations.md, "Object storage").

let store: ObjectStore | undefined;

export function fileStore(): ObjectStore {
  store ??= env.S3_BUCKET
    ? s3Store({
        bucket: env.S3_BUCKET,
        prefix: env.S3_PREFIX ?? '',
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      })
    : diskStore(path.resolve(env.UPLOADS_DIR));
  return store;
}
