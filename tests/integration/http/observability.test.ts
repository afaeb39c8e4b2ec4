// What an operator runs the service by: one JSON log line per answer (server.mjs, pino), with the answer's
// id in a header, and Prometheus metrics at /metrics behind METRICS_TOKEN, summed over a cluster's processes.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { type AppServer, registerUser, STARTS_A_SERVER_MS, startAppServer } from '../../setup/app-server';
import { budget } from '../../setup/machine-speed.js';
import { waitFor } from '../../support/wait-for';

const TOKEN = 'metrics-token-for-the-integration-tests';

type LogLine = Record<string, unknown> & { msg?: string; level?: string };

/** The JSON lines a server printed; a line that is not JSON fails the test (all output is JSON). */
function logLines(app: AppServer): LogLine[] {
  return app
    .output()
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => {
      try {
        return JSON.parse(line) as LogLine;
      } catch {
        throw new Error(`a log line is not JSON: ${line}`);
      }
    });
}

async function lineFor(app: AppServer, requestId: string): Promise<LogLine> {
  // The line is written once the answer has gone: a moment after the client has it.
  const find = () => logLines(app).find((line) => line.msg === 'request' && (line.requestId === requestId || line.proxyRequestId === requestId));
  return waitFor(find, `the log line of request ${requestId}`, { timeoutMs: 2_500 });
}

/** Prometheus's text format: the value of the series `name{labels}` where every given label matches. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const found = Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describe('logs and metrics of one server', () => {
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer({ METRICS_TOKEN: TOKEN, WEB_CONCURRENCY: '2' }, { waitFor: '/api/health/ready' });
  }, STARTS_A_SERVER_MS);
  afterAll(async () => {
    await app.stop();
    await db.$disconnect();
  });

  it('writes one JSON line per answer: its id (also in a header), route pattern, status, time and member hash', async () => {
    const { browser, userId, email } = await registerUser(app, { onboarded: true });
    const answer = await browser.get('/api/todays_actions?source=a-query-that-stays-out');
    expect(answer.status).toBe(200);
    const requestId = answer.headers.get('x-request-id')!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    const line = await lineFor(app, requestId);
    expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/api/todays_actions', status: 200 });
    expect(typeof line.durationMs).toBe('number');
    expect(line.member).toBe(createHash('sha256').update(`vitality-member:${userId}`).digest('hex').slice(0, 16));

    // A dynamic route is named by its pattern, never by the path that holds the id.
    const missing = await browser.get('/api/lab-reports/not-a-report-of-yours/file');
    const dynamic = await lineFor(app, missing.headers.get('x-request-id')!);
    expect(dynamic.route).toBe('/api/lab-reports/[id]/file');
    expect(JSON.stringify(dynamic)).not.toContain('not-a-report-of-yours');
    // Nor by the token a password-reset link carries.
    const reset = await browser.get('/api/reset-password/a-reset-token-that-stays-out');
    expect((await lineFor(app, reset.headers.get('x-request-id')!)).route).toBe('/api/reset-password/[token]');

    // An answer the server gives before the app (a method it refuses) is logged the same way.
    const refused = await fetch(`${app.url}/api/health`, { method: 'TRACE' }).catch(() => null);
    if (refused) expect((await lineFor(app, refused.headers.get('x-request-id')!)).status).toBe(405);

    const output = app.output();
    expect(output).not.toContain(userId);
    expect(output).not.toContain(email);
    expect(output).not.toContain('a-query-that-stays-out');
    expect(output).not.toContain('a-reset-token-that-stays-out');
    // Everything the processes printed is JSON, their start included.
    expect(logLines(app).some((l) => String(l.msg).startsWith('Ready on http://127.0.0.1'))).toBe(true);
    // Five first requests to a new server's routes, each loading its route: on a busy two-core machine
    // beside the other suites they took over the default 30 s together (2026-11-28).
  }, budget(60_000));

  it('keeps the id a trusted proxy gave the request only in a proxy\'s shape, and logs the server\'s own beside it', async () => {
    // A UUID (HAProxy, Envoy) or nginx's 32 hex digits: answered with it, and logged beside the server's own id.
    for (const given of ['6f1c1e2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b', '0123456789abcdef0123456789abcdef']) {
      const answer = await fetch(`${app.url}/api/health/live`, { headers: { 'x-forwarded-for': '203.0.113.9', 'x-request-id': given } });
      expect(answer.headers.get('x-request-id')).toBe(given);
      const line = await lineFor(app, given);
      expect(line.proxyRequestId).toBe(given);
      expect(line.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(line.requestId).not.toBe(given);
    }
    // One a client chose (any other shape) is neither answered nor logged: the server's own id only.
    for (const chosen of ['proxy-given-id-0001', 'a b"c', 'admin-did-this-00000000', 'x'.repeat(100)]) {
      const answer = await fetch(`${app.url}/api/health/live`, { headers: { 'x-forwarded-for': '203.0.113.9', 'x-request-id': chosen } });
      const id = answer.headers.get('x-request-id')!;
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      const line = await lineFor(app, id);
      expect(line.proxyRequestId).toBeUndefined();
      expect(JSON.stringify(logLines(app))).not.toContain(chosen);
    }
  });

  it('refuses /metrics without the token and with a wrong one, in JSON', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token' }, { authorization: TOKEN }] as Record<string, string>[]) {
      const answer = await fetch(`${app.url}/metrics`, { headers });
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual(expect.objectContaining({ message: 'These metrics need the metrics token.' }));
    }
  });

  it('answers /metrics with the token: latencies by route and status summed over both processes, the queue, the pool', async () => {
    const before = await (await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const counted = sample(before, 'http_request_duration_seconds_count', { route: '/api/health/live', status: '200', method: 'GET' }) ?? 0;
    // Enough answers that both processes give some.
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${app.url}/api/health/live`)));
    expect(answers.every((a) => a.ok)).toBe(true);

    const answer = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = await answer.text();
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/health/live', status: '200', method: 'GET' })).toBe(counted + 20);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/api/health/live', status: '200', le: '+Inf' })).toBe(counted + 20);
    // The queue's tables exist (readiness started the sender) and the pool has connected.
    expect(text).toMatch(/^# TYPE job_queue_jobs gauge$/m);
    expect(text).toMatch(/^# TYPE job_failures_last_day gauge$/m);
    expect(text).toMatch(/^# TYPE history_import_failures_last_day gauge$/m);
    expect(text).toMatch(/^# TYPE wearable_connections gauge$/m);
    expect(sample(text, 'db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('refuses every request', async () => {
    const app = await startAppServer({ METRICS_TOKEN: '' });
    try {
      const answer = await fetch(`${app.url}/metrics`, { headers: { authorization: 'Bearer anything-at-all-anything' } });
      expect(answer.status).toBe(403);
      expect(await answer.json()).toEqual(expect.objectContaining({ message: 'Metrics are off on this server.' }));
    } finally {
      await app.stop();
    }
  }, STARTS_A_SERVER_MS);
});
