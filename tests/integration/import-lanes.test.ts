// How history imports wait for their reading (lib/jobs/queues.ts, lib/jobs/send.ts) in real pg-boss over
// real PostgreSQL: a small file has a lane of its own, so it never waits behind a large one, and in each
// lane a member's later import is read after the imports other members queued before it.
import '../support/own-uploads-dir';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import PgBoss from 'pg-boss';
import { db } from '@/lib/db';
import { HISTORY_IMPORT_QUEUE, HISTORY_IMPORT_SMALL_QUEUE, SMALL_IMPORT_BYTES } from '@/lib/jobs/queues';
import { queueHistoryImport, stopSender } from '@/lib/jobs/send';
import { makeJobQueues } from '../support/job-queues';
import { createMember } from '../support/members';

let boss: PgBoss;
beforeAll(async () => {
  await makeJobQueues();
  boss = new PgBoss({ connectionString: process.env.DATABASE_URL!, max: 1, schedule: false, supervise: false });
  await boss.start();
});
afterAll(async () => {
  await boss.stop({ graceful: false, wait: true, close: true });
  await stopSender();
  await db.$disconnect();
});

let files = 0;
/** An import row as an upload of `sizeBytes` leaves it (queued), put on the queue as the route does. */
async function queued(userId: string, sizeBytes: number): Promise<string> {
  files += 1;
  const row = await db.historyImport.create({ data: { userId, kind: 'apple_health', fileName: 'export.zip', sha256: `sha-${files}-${Date.now()}`, storageKey: null, sizeBytes, status: 'queued' } });
  await queueHistoryImport(row.id);
  return row.id;
}

/** The import ids a worker of `queue` would be given, in order, one at a time. */
async function readingOrder(queue: string): Promise<string[]> {
  const order: string[] = [];
  for (;;) {
    const [job] = (await boss.fetch<{ importId: string }>(queue)) ?? [];
    if (!job) return order;
    order.push(job.data.importId);
    await boss.complete(queue, job.id);
  }
}

describe('the reading order of history imports', () => {
  it('puts a small file in its own lane, beside the large ones rather than behind them', async () => {
    const a = await createMember();
    const b = await createMember();
    const large = await queued(a.id, 60 * 1024 ** 2);
    const small = await queued(b.id, 2 * 1024 ** 2);
    const edge = await queued(b.id, SMALL_IMPORT_BYTES);
    expect(await readingOrder(HISTORY_IMPORT_SMALL_QUEUE)).toEqual([small, edge]);
    expect(await readingOrder(HISTORY_IMPORT_QUEUE)).toEqual([large]);
  });

  it('reads a member’s second import after another member’s first, whichever was queued first', async () => {
    const a = await createMember();
    const b = await createMember();
    const c = await createMember();
    const big = 100 * 1024 ** 2;
    const a1 = await queued(a.id, big);
    const a2 = await queued(a.id, big);
    const a3 = await queued(a.id, big);
    const b1 = await queued(b.id, big);
    const c1 = await queued(c.id, big);
    const b2 = await queued(b.id, big);
    expect(await readingOrder(HISTORY_IMPORT_QUEUE)).toEqual([a1, b1, c1, a2, b2, a3]);
  });
});
