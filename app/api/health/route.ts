import { NextResponse } from 'next/server';
import { route } from '@/lib/api/route';
import { checkHealth } from '@/lib/health';

export const dynamic = 'force-dynamic';

export const GET = route({ auth: 'none' }, async () => {
  const health = await checkHealth();
  return NextResponse.json(health, { status: health.db === 'ok' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
});
