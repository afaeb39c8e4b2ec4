import 'server-only';
import { db } from '@/lib/db';

/** Whether this instance can serve: the process answers and the database does. */
export type Readiness = { status: 'ok' | 'degraded'; db: 'ok' | 'error' };

/** How long a readiness check waits for its answer: a database that hangs is as unready as one that refuses. */
export const READINESS_TIMEOUT_MS = 3_000;

/** Whether `check` resolved to true within READINESS_TIMEOUT_MS; a failure or a late answer is false. */
export async function answersInTime(check: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), READINESS_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(): Promise<Readiness> {
  const ok = await answersInTime(async () => (await db.$queryRaw<{ ok: number }[]>`SELECT 1::int AS ok`)[0]?.ok === 1);
  return ok ? { status: 'ok', db: 'ok' } : { status: 'degraded', db: 'error' };
}
