import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { notReadyMessage, readiness } from '@/lib/observability/health-check';

export const dynamic = 'force-dynamic';

// The older check: the database alone (readiness's probe, lib/observability/health-check.ts), as { status, db }.
const health = route({ auth: 'none' }, async () => {
  const { db } = await readiness();
  const body = db === 'ok' ? { status: 'ok', db } : { status: 'degraded', db, message: notReadyMessage({ db }) };
  return NextResponse.json(body, { status: db === 'ok' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: health });
