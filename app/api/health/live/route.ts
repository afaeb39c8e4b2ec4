import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';

export const dynamic = 'force-dynamic';

// Liveness: the process is up and answering. No database call, so a database outage does not make an
// orchestrator restart healthy processes (readiness, ../ready, says whether to send them traffic).
const live = route({ auth: 'none' }, () => NextResponse.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: live });
