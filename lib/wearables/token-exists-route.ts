import 'server-only';
import { NextResponse } from 'next/server';
import { route } from '@/lib/api/route';
import { wearableConfigured, wearableConnected, type Wearable } from './providers';

/** GET /api/{wearable}_token_exists: { exists, configured }. */
export function tokenExistsRoute(wearable: Wearable) {
  return route({ auth: 'user' }, async ({ user }) =>
    NextResponse.json({ exists: await wearableConnected(user.id, wearable), configured: wearableConfigured(wearable) }, { headers: { 'Cache-Control': 'no-store' } }),
  );
}
