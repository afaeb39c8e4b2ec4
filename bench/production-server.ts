import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JOBS_ARGS } from '../scripts/lib/jobs-command';
import { freePort } from '../tests/setup/free-port';

// The production build (`node server.mjs`), as the HTTP tests serve it, on a benchmark's database: one
// process unless WEB_CONCURRENCY says otherwise, mail and uploads in a scratch folder removed at stop,
// and no provider (the built-in engine writes the texts, billing is off), so the app's own code is measured.

/** `startJobs` starts the jobs process too (`npm run jobs`, without its schedules), on the same database and uploads folder. */
export type BenchServer = { url: string; pid: number; output: () => string; running: () => boolean; stop: () => Promise<void>; startJobs: () => Promise<void> };

export async function startBenchServer(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<BenchServer> {
  if (!existsSync('.next/BUILD_ID')) throw new Error('No production build: run without --no-build, or `npm run build` first.');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'vt-bench-'));
  let output = '';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production' as const,
    DATABASE_URL: databaseUrl,
    APP_URL: url,
    NEXTAUTH_SECRET: randomBytes(32).toString('hex'),
    MAIL_DIR: path.join(scratch, 'mail'),
    UPLOADS_DIR: path.join(scratch, 'uploads'),
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY || '1',
    OPENAI_API_KEY: '',
    STRIPE_SECRET_KEY: '',
    ...extraEnv,
  };
  const child: ChildProcess = spawn('node', ['server.mjs', '-p', String(port), '-H', '127.0.0.1'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let worker: ChildProcess | null = null;
  let workerExited = Promise.resolve();
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (running()) child.kill('SIGTERM');
    if (worker && worker.exitCode === null) worker.kill('SIGTERM');
    await Promise.all([exited, workerExited]);
    rmSync(scratch, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || !running()) {
      await stop();
      throw new Error(`The server did not come up:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const startJobs = async () => {
    const jobs = spawn(process.execPath, JOBS_ARGS, { env: { ...env, JOBS_SCHEDULE: 'off' }, stdio: ['ignore', 'pipe', 'pipe'] });
    worker = jobs;
    jobs.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    jobs.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    workerExited = new Promise<void>((resolve) => jobs.once('exit', () => resolve()));
    for (const since = Date.now(); !output.includes('Background jobs running'); await new Promise((resolve) => setTimeout(resolve, 100))) {
      if (Date.now() - since > 60_000 || jobs.exitCode !== null) throw new Error(`The jobs process did not come up:\n${output}`);
    }
  };
  return { url, pid: child.pid!, output: () => output, running, stop, startJobs };
}
