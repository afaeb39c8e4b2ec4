import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { notReadyMessage, readiness } from '@/lib/observability/health-check';

export const dynamic = 'force-dynamic';

// Readiness: whether this instance should get traffic, i.e. the database and the job queue answer
// (lib/observability/health-check.ts: on a connection of its own, one probe a second at most, a slow probe no outage). A
// stopping process refuses new connections (server.mjs), this check's too.
const ready = route({ auth: 'none' }, async () => {
  const health = await readiness();
  const body = health.status === 'ok' ? health : { ...health, message: notReadyMessage(health) };
  return NextResponse.json(body, { status: health.status === 'ok' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: ready });
