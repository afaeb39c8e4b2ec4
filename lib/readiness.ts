import 'server-only';
import { db } from '@/lib/db';

/** Whether this instance can serve: the process answers and the database does. */
export type Readiness = { status: 'ok' | 'degraded'; db: 'ok' | 'error' };

export async function checkReadiness(): Promise<Readiness> {
  try {
    const rows = await db.$queryRaw<{ ok: number }[]>`SELECT 1::int AS ok`;
    return rows[0]?.ok === 1 ? { status: 'ok', db: 'ok' } : { status: 'degraded', db: 'error' };
  } catch {
    return { status: 'degraded', db: 'error' };
  }
}
