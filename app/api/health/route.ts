import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { checkReadiness } from '@/lib/readiness';

export const dynamic = 'force-dynamic';

const health = route({ auth: 'none' }, async () => {
  const health = await checkReadiness();
  return NextResponse.json(health, { status: health.db === 'ok' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: health });
