import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { readLimitedBody } from '@/lib/api/body';
import { methods, route } from '@/lib/api/route';
import { assertJsonContentType } from '@/lib/api/request-guards';
import { deviceTokenOwner, ingest, ingestSchema } from '@/lib/wearables/apple-health';

/** A batch of 1,000 samples at about 250 bytes each, with room to spare. */
const MAX_BYTES = 512 * 1024;

/**
 * POST /api/ingest/apple-health (docs/api/apple-health.md): HealthKit samples from the iOS app,
 * authenticated by a device token (`Authorization: Bearer vtd_…`), checked before the body is read.
 * Idempotent by sample UUID. 401 for a missing, unknown or revoked token; 403 for another account's.
 */
const post = route({ auth: 'none', crossSite: true, bodyType: 'raw' }, async ({ request }) => {
  const owner = await deviceTokenOwner(request);
  assertJsonContentType(request);
  const text = new TextDecoder().decode(await readLimitedBody(request, MAX_BYTES, `Send at most ${MAX_BYTES / 1024} KB at a time.`));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The body is not valid JSON.');
  }
  const body = ingestSchema.parse(json);
  return NextResponse.json(await ingest(owner, body), { headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: post });
