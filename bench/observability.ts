// npm run bench:observability [-- --no-build] — what the request log costs. Builds, then serves the
// production build (`node server.mjs`) on a throwaway database twice, once with LOG_LEVEL=info (one JSON
// line per answer, as in production) and once with LOG_LEVEL=silent (no line; the latency histogram is kept),
// alternating, two rounds each. Each round signs a member up and sends GET /api/todays_actions (a session
// read, the member's hash, a database read) from four loops back to back, then times one GET /metrics.
// Prints p50/p95 and answers per second per setting, and how long /metrics took.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { startBenchServer } from './production-server';
import { dropDatabase, recreateDatabase } from './server-database';
import { median, percentile } from './stats';

const DATABASE = 'vitality_bench_observability';
const REQUESTS = 2000;
const LOOPS = 4;
const TOKEN = 'bench-metrics-token-bench-metrics';

const progress = (message: string) => process.stderr.write(`${message}\n`);

async function signUp(base: string): Promise<string> {
  const response = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-log-${Date.now()}@example.test`, password: 'Bench-Log-Oak-2026!', firstName: 'Bench', lastName: 'Mark' }),
  });
  if (response.status !== 201) throw new Error(`POST /api/register answered ${response.status}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';', 1)[0]!).join('; ');
}

type Round = { level: string; perSecond: number; p50: number; p95: number; metricsMs: number; lines: number };

async function round(databaseUrl: string, level: string): Promise<Round> {
  const server = await startBenchServer(databaseUrl, { LOG_LEVEL: level, METRICS_TOKEN: TOKEN });
  try {
    const cookie = await signUp(server.url);
    // Warm-up: the route compiled into memory, the pool open.
    for (let i = 0; i < 50; i++) await (await fetch(`${server.url}/api/todays_actions`, { headers: { cookie } })).arrayBuffer();
    const times: number[] = [];
    let sent = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: LOOPS }, async () => {
        while (sent < REQUESTS) {
          sent += 1;
          const at = performance.now();
          const response = await fetch(`${server.url}/api/todays_actions`, { headers: { cookie } });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`GET /api/todays_actions answered ${response.status}`);
          times.push(performance.now() - at);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const scrape = performance.now();
    const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    await metrics.text();
    if (metrics.status !== 200) throw new Error(`GET /metrics answered ${metrics.status}`);
    const metricsMs = performance.now() - scrape;
    const lines = server.output().split('\n').filter((line) => line.includes('"msg":"request"')).length;
    return { level, perSecond: times.length / seconds, p50: median(times), p95: percentile(times, 95), metricsMs, lines };
  } finally {
    await server.stop();
  }
}

if (!process.argv.includes('--no-build')) execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
const { url: databaseUrl } = await recreateDatabase(DATABASE);
execFileSync('node_modules/.bin/tsx', ['scripts/db/migrate.ts'], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'pipe' });
try {
  const rounds: Round[] = [];
  for (const level of ['info', 'silent', 'info', 'silent']) {
    progress(`round ${rounds.length + 1}: LOG_LEVEL=${level}`);
    rounds.push(await round(databaseUrl, level));
  }
  console.log(`bench:observability  (node ${process.version}, ${os.cpus().length} cores, 1 server process, ${REQUESTS} × GET /api/todays_actions from ${LOOPS} loops per round)`);
  console.log('LOG_LEVEL  answers/s   p50 ms   p95 ms   request lines   GET /metrics ms');
  for (const r of rounds) {
    console.log(`${r.level.padEnd(9)}  ${r.perSecond.toFixed(0).padStart(9)}   ${r.p50.toFixed(1).padStart(6)}   ${r.p95.toFixed(1).padStart(6)}   ${String(r.lines).padStart(13)}   ${r.metricsMs.toFixed(0).padStart(15)}`);
  }
} finally {
  await dropDatabase(DATABASE);
}
