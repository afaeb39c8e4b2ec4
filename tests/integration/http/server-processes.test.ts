// server.mjs with WEB_CONCURRENCY: several server processes share the port (node:cluster).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { registerUser, startAppServer } from '../../setup/app-server';
import { budget } from '../../setup/machine-speed.js';
import { waitFor } from '../../support/wait-for';

describe('WEB_CONCURRENCY', () => {
  it('serves the app from two processes on one port, sessions and all', async () => {
    const app = await startAppServer({ WEB_CONCURRENCY: '2' });
    try {
      const { browser } = await registerUser(app, { onboarded: true });
      // Enough calls that both processes answer some; each must see the same session.
      const answers = await Promise.all(Array.from({ length: 24 }, () => browser.get('/api/todays_actions')));
      expect(answers.map((a) => a.status)).toEqual(Array(24).fill(200));
      expect(new Set(answers.map((a) => a.json.cached_daily_actions_id)).size).toBe(1);
      // The primary says so once both have started (health may answer from the first one before).
      await waitFor(() => app.output().includes('(2 processes)'), 'the primary to say both processes are up', { detail: () => app.output() });
      expect(app.output()).toContain('Ready on http://127.0.0.1');
    } finally {
      await app.stop();
      await db.$disconnect();
    }
  }, budget(90_000));

  it('restarts a process that dies soon after starting after a delay that doubles, then serves again', async () => {
    const app = await startAppServer({ WEB_CONCURRENCY: '2' });
    const port = new URL(app.url).port;
    /** The server's worker processes: those of its command line whose parent is one of them (the primary). */
    const workers = () => {
      const pids = execFileSync('pgrep', ['-f', `server.mjs -p ${port} `]).toString().trim().split('\n').map(Number);
      return pids.filter((pid) => pids.includes(Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(' ')[3])));
    };
    const printed = (text: string) => waitFor(() => app.output().includes(text), `the server to print “${text}”`, { timeoutMs: 20_000, intervalMs: 100, detail: () => app.output() });
    try {
      await printed('(2 processes)');
      const [first] = workers();
      process.kill(first!, 'SIGKILL');
      await printed('A server process stopped (SIGKILL); starting another in 1 s.');
      // Another one dies young too (all are minutes old at most): the wait doubles.
      await waitFor(() => workers().length === 2 && !workers().includes(first!), 'the killed process’s replacement', { intervalMs: 100 });
      process.kill(workers()[0]!, 'SIGKILL');
      await printed('starting another in 2 s.');
      // And the port is served again once the replacements are up.
      await waitFor(async () => (await fetch(`${app.url}/api/health`).then((r) => r.status, () => 0)) === 200, 'the port to be served again', { timeoutMs: 15_000, intervalMs: 100 });
    } finally {
      await app.stop();
      await db.$disconnect();
    }
  }, budget(90_000));

  it('refuses a value that is not a whole number of processes, naming the variable', () => {
    const run = spawnSync('node', ['server.mjs', '-p', '0'], { env: { ...process.env, WEB_CONCURRENCY: 'many' }, encoding: 'utf8', timeout: budget(20_000) });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid environment variables: WEB_CONCURRENCY');
  });
});
