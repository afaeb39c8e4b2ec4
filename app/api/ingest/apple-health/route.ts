import { NextResponse } from 'next/server';
import { methods, readJson, route } from '@/lib/api/route';
import { assertJsonContentType } from '@/lib/http/request-guards';
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
  // The same reading as every JSON call (so the same string checks), with room for a batch.
  const body = ingestSchema.parse(await readJson(request, { limit: MAX_BYTES, tooLarge: `Send at most ${MAX_BYTES / 1024} KB at a time.` }));
  return NextResponse.json(await ingest(owner, body), { headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: post });
