// Two production servers on one database behind HAProxy 2.6 (round robin, no stickiness), as a deployment
// with several instances runs them: what a member sees and what the database holds when consecutive
// requests land on different servers, when two job processes share the schedules, and when a server dies.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { REMINDERS_QUEUE } from '@/lib/jobs/queues';
import { startJobs } from '@/scripts/job-worker';
import { labReportPdf } from '../../support/lab-pdfs';
import { waitFor } from '../../support/wait-for';
import { client, registerUser, STARTS_A_SERVER_MS, startAppServer, type AppServer } from '../../setup/app-server';
import { freePort } from '../../setup/free-port';
import { SERVED_BY, startLoadBalancer, type LoadBalancer } from '../../setup/load-balancer';
import { startS3Server } from '../../setup/s3-server';
import { budget } from '../../setup/machine-speed.js';

const PASSWORD = 'Sturdy-Oak-2026!';

type Cluster = { lb: LoadBalancer; servers: AppServer[]; stop: () => Promise<void> };

/** Two servers with `env` each (APP_URL is the balancer's, the address members use), behind HAProxy. */
async function startCluster(env: () => Record<string, string>): Promise<Cluster> {
  const port = await freePort();
  const servers = await Promise.all([0, 1].map(() => startAppServer({ ...env(), APP_URL: `http://127.0.0.1:${port}` }, { waitFor: '/api/health/ready' })));
  const lb = await startLoadBalancer(port, servers.map((server) => server.url));
  return {
    lb,
    servers,
    stop: async () => {
      await lb.stop();
      await Promise.all(servers.map((server) => server.stop()));
    },
  };
}

const ownUploadsDir = () => ({ UPLOADS_DIR: mkdtempSync(path.join(tmpdir(), 'vt-uploads-')) });

let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster(ownUploadsDir);
}, STARTS_A_SERVER_MS);
afterAll(async () => {
  await cluster?.stop();
  await db.$disconnect();
});

const origin = () => ({ origin: cluster.lb.url });
const servedBy = (answer: { headers: Headers }) => answer.headers.get(SERVED_BY);
const rateLimitKey = (name: string, identifier: string) => `${name}:${createHash('sha256').update(identifier.toLowerCase()).digest('hex')}`;

/** A member signed up through the balancer, and signed in again in a new browser. */
async function signedInMember() {
  const { email, userId } = await registerUser(cluster.lb);
  const browser = client(cluster.lb.url);
  const login = await browser.post('/api/login', { email, password: PASSWORD }, origin());
  expect(login.status).toBe(200);
  return { browser, email, userId, login };
}

describe('two servers behind HAProxy on one database', () => {
  it('keeps a member signed in on both servers: the requests alternate between them', async () => {
    const { browser, email, login } = await signedInMember();
    const reads = [];
    for (let i = 0; i < 4; i += 1) reads.push(await browser.get('/api/get-user-info'));

    for (const read of reads) expect([read.status, read.json.email]).toEqual([200, email]);
    // Round robin: each request goes to the other server than the one before.
    const order = [login, ...reads].map(servedBy);
    const [first, second] = order;
    expect(new Set([first, second])).toEqual(new Set(cluster.lb.names));
    expect(order).toEqual([first, second, first, second, first]);
  });

  it('counts a rate limit across both servers: the 11th failed sign-in is refused, as on one', async () => {
    const { email } = await registerUser(cluster.lb);
    const failures = [];
    // Each attempt from a new browser claiming another address: the limit per account counts them all.
    for (let i = 0; i < 10; i += 1) failures.push(await client(cluster.lb.url, `198.51.100.${i + 1}`).post('/api/login', { email, password: 'Wrong-password-1' }, origin()));
    expect(failures.map((answer) => answer.status)).toEqual(Array(10).fill(401));
    expect(new Set(failures.map(servedBy))).toEqual(new Set(cluster.lb.names));

    const refused = [];
    for (let i = 0; i < 2; i += 1) refused.push(await client(cluster.lb.url, '198.51.100.50').post('/api/login', { email, password: PASSWORD }, origin()));
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.json.message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes\.$/);
    }
    // Both servers refuse: the count is one row in PostgreSQL, not one per process.
    expect(new Set(refused.map(servedBy))).toEqual(new Set(cluster.lb.names));
    expect(await db.rateLimit.findUnique({ where: { key: rateLimitKey('login:email', email) }, select: { count: true } })).toEqual({ count: 12 });
    // The address counted is the one HAProxy saw (TRUSTED_PROXY_COUNT=1), not the one each client wrote.
    expect(await db.rateLimit.count({ where: { key: rateLimitKey('login:ip', '127.0.0.1') } })).toBe(1);
    expect(await db.rateLimit.count({ where: { key: { in: failures.map((_, i) => rateLimitKey('login:ip', `198.51.100.${i + 1}`)) } } })).toBe(0);
  });

  it('runs a scheduled job once when two job processes share its schedule', async () => {
    // Both check for due schedules every second, so that they race for each check.
    const workers = [];
    for (let i = 0; i < 2; i += 1) workers.push(await startJobs(process.env.DATABASE_URL!, { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 }));
    try {
      // Each wrote the reminders' schedule (every 15 minutes) on starting. Moved to an hourly minute that is
      // due now, or next when this one is nearly over, it ticks once during the test.
      const [{ now }] = await db.$queryRaw<[{ now: Date }]>`SELECT now()`;
      const tick = new Date(now);
      tick.setUTCSeconds(0, 0);
      if (now.getUTCSeconds() >= 50) tick.setUTCMinutes(tick.getUTCMinutes() + 1);
      await db.$executeRaw`UPDATE pgboss.schedule SET cron = ${`${tick.getUTCMinutes()} * * * *`} WHERE name = ${REMINDERS_QUEUE}`;

      // pg-boss sends a due schedule's job for up to a minute after its tick: wait until that minute is
      // over, the processes have looked again since, and nothing they sent is left to run.
      const tickOver = tick.getTime() + 60_000;
      const lastCheck = async () => (await db.$queryRaw<[{ at: number }]>`SELECT (EXTRACT(EPOCH FROM cron_on) * 1000)::float8 AS at FROM pgboss.version`)[0].at;
      await waitFor(async () => (await lastCheck()) > tickOver + 2_000, 'the tick’s minute to be over', { timeoutMs: 85_000, intervalMs: 500 });
      const pending = async () => (await db.$queryRaw<[{ n: number }]>`SELECT count(*)::int AS n FROM pgboss.job WHERE name IN (${REMINDERS_QUEUE}, '__pgboss__send-it') AND state IN ('created', 'retry', 'active')`)[0].n;
      await waitFor(async () => (await pending()) === 0, 'the sent jobs to run', { timeoutMs: 15_000, intervalMs: 250 });

      // One job per tick: pg-boss's slot for the tick's minute (its singleton key), and one run of it.
      const ticks = await db.$queryRaw<{ slot: number; n: number }[]>`
        SELECT (EXTRACT(EPOCH FROM singleton_on) * 1000)::float8 AS slot, count(*)::int AS n FROM pgboss.job
        WHERE name = '__pgboss__send-it' AND singleton_key = ${REMINDERS_QUEUE} GROUP BY 1`;
      expect(ticks).toContainEqual({ slot: tick.getTime(), n: 1 });
      for (const slot of ticks) expect(slot.n).toBe(1);
      const runs = await db.$queryRaw<{ state: string }[]>`SELECT state::text FROM pgboss.job WHERE name = ${REMINDERS_QUEUE}`;
      expect(runs).toEqual(ticks.map(() => ({ state: 'completed' })));
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  }, budget(120_000));

  it('serves a file uploaded through one server from the other, each server with its own UPLOADS_DIR, from the bucket', async () => {
    const s3 = await startS3Server();
    const dirs: string[] = [];
    const shared = await startCluster(() => {
      const own = ownUploadsDir();
      dirs.push(own.UPLOADS_DIR);
      return { ...s3.env, ...own };
    });
    try {
      const { browser } = await registerUser(shared.lb);
      const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const pdf = await labReportPdf('us-columns');
      const form = new FormData();
      form.append('file', new File([new Uint8Array(pdf)], 'quest.pdf', { type: 'application/pdf' }));
      const uploaded = await fetch(`${shared.lb.url}/api/upload-lab-report`, { method: 'POST', headers: { origin: shared.lb.url, cookie }, body: form });
      expect(uploaded.status).toBe(201);
      const { report_id: reportId } = (await uploaded.json()) as { report_id: string };
      const uploadedOn = uploaded.headers.get(SERVED_BY);

      // Round robin reaches both only while HAProxy counts both up: a server its checks took out on a busy
      // machine comes back once two checks in a row pass.
      await waitFor(async () => Object.values(await shared.lb.states()).every((state) => state === 'UP'), 'HAProxy to see both servers up');
      const reads = [];
      for (let i = 0; i < 2; i += 1) reads.push(await fetch(`${shared.lb.url}/api/lab-reports/${reportId}/file`, { headers: { cookie } }));
      expect(new Set(reads.map((read) => read.headers.get(SERVED_BY)))).toEqual(new Set(shared.lb.names));
      expect(reads.some((read) => read.headers.get(SERVED_BY) !== uploadedOn)).toBe(true);
      for (const read of reads) {
        expect([read.status, read.headers.get('content-type')]).toEqual([200, 'application/pdf']);
        expect(Buffer.from(await read.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
      }
      // The bytes are in the bucket under the report's random key, and on neither server's disk.
      const { storageKey } = await db.labReport.findUniqueOrThrow({ where: { id: reportId }, select: { storageKey: true } });
      expect(s3.requests).toContainEqual({ method: 'PUT', key: expect.stringContaining(storageKey) });
      for (const dir of dirs) expect(readdirSync(dir)).toEqual([]);
    } finally {
      await shared.stop();
      await s3.stop();
    }
  }, STARTS_A_SERVER_MS);

  // Last: it leaves one server dead.
  it('loses no acknowledged write when a server is killed mid-stream, and the other answers everything after', async () => {
    const { browser, userId } = await signedInMember();
    const [victim, survivor] = [cluster.servers[0]!, cluster.lb.names[1]!];
    type Answer = { name: string; status: number; id: unknown; servedBy: string | null; sentAfterExit: boolean };
    const answers: Answer[] = [];
    let sent = 0;
    let killing: Promise<void> | null = null;
    let exited = false;
    // Four of the member's devices writing at once, each sending its next as soon as the last is answered.
    const writer = async () => {
      while (!exited || answers.filter((answer) => answer.sentAfterExit).length < 40) {
        const name = `device-${(sent += 1)}`;
        const sentAfterExit = exited;
        // A connection cut off with the server counts as a failed write (status 0).
        const answer = await browser.post('/api/device-tokens', { name }, origin()).catch(() => ({ status: 0, json: {} as Record<string, unknown>, headers: new Headers() }));
        answers.push({ name, status: answer.status, id: answer.json.id, servedBy: servedBy(answer), sentAfterExit });
        if (answers.length === 30 && !killing) killing = victim.kill().then(() => void (exited = true));
      }
    };
    await Promise.all([writer(), writer(), writer(), writer()]);

    const acknowledged = answers.filter((answer) => answer.status === 201);
    const rows = await db.deviceToken.findMany({ where: { userId }, select: { id: true, name: true } });
    // Every write that was answered 201 is stored; a write cut off by the kill may be stored or not.
    expect(rows).toEqual(expect.arrayContaining(acknowledged.map(({ id, name }) => ({ id, name }))));
    // None is stored twice (as a POST that HAProxy sent again to the other server would be).
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
    expect(rows.length).toBeLessThanOrEqual(answers.length);
    // Before the kill both servers answered; only writes in flight while it died may have failed.
    expect(new Set(answers.slice(0, 30).map((answer) => answer.servedBy))).toEqual(new Set(cluster.lb.names));
    expect(answers.slice(0, 30).filter((answer) => answer.status !== 201)).toEqual([]);
    // Every write sent once the server was gone was answered, by the other one.
    const after = answers.filter((answer) => answer.sentAfterExit);
    expect(after.length).toBeGreaterThanOrEqual(40);
    expect(after.map((answer) => [answer.status, answer.servedBy])).toEqual(after.map(() => [201, survivor]));
    // And HAProxy's checks take the dead server out.
    await waitFor(async () => (await cluster.lb.states())[cluster.lb.names[0]!]?.startsWith('DOWN') ?? false, 'haproxy to mark the killed server down');
  }, budget(60_000));
});
