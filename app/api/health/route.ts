import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { checkHealth } from '@/lib/health';

export const dynamic = 'force-dynamic';

const health = route({ auth: 'none' }, async () => {
  const health = await checkHealth();
  return NextResponse.json(health, { status: health.db === 'ok' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: health });
