import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { jobQueueAnswers } from '@/lib/jobs/send';
import { checkReadiness } from '@/lib/readiness';

export const dynamic = 'force-dynamic';

// Readiness: whether this instance should get traffic, i.e. the database and the job queue answer (each
// within the check's time limit). A stopping process refuses new connections (server.mjs), this check's too.
const ready = route({ auth: 'none' }, async () => {
  const [{ db }, queue] = await Promise.all([checkReadiness(), jobQueueAnswers()]);
  const ok = db === 'ok' && queue;
  return NextResponse.json({ status: ok ? 'ok' : 'degraded', db, queue: queue ? 'ok' : 'error' }, { status: ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: ready });
