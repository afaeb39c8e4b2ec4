import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { DEMO_EMAIL } from '@/lib/demo/account';
import { copyForProduction } from '../../setup/production-copy';
import { freePort } from '../../setup/free-port';

// Inside .data/ so that the hard links stay on this checkout's file system.
mkdirSync('.data', { recursive: true });
const host = mkdtempSync(path.resolve('.data/production-'));
let stopServer = async () => {};
afterAll(async () => {
  await stopServer();
  rmSync(host, { recursive: true, force: true });
});

async function waitForHealth(url: string, exited: () => boolean, output: () => string): Promise<Response> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return response;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline || exited()) throw new Error(`npm start did not come up:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('npm start on a production host', () => {
  it('serves the build with only the production packages installed, without seeding the demo user', async () => {
    if (!existsSync('.next/BUILD_ID')) throw new Error('Run `npm run build` before the HTTP integration tests.');
    const packages = copyForProduction(host);
    expect(packages).toContain('node_modules/next');
    expect(existsSync(path.join(host, 'node_modules/jest'))).toBe(false);
    expect(existsSync(path.join(host, 'node_modules/eslint'))).toBe(false);
    expect(existsSync(path.join(host, 'node_modules/tsx'))).toBe(true);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let output = '';
    // Its own process group, so that stopping it reaches npm's children too.
    const server = spawn('npm', ['start', '--', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: host,
      detached: true,
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: '', SEED_DEMO: '', NEXTAUTH_SECRET: '', APP_URL: url,
        EMBEDDED_DB_PORT: String(await freePort()), EMBEDDED_DB_DIR: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    stopServer = () =>
      new Promise((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', () => resolve());
        process.kill(-server.pid!, 'SIGTERM');
      });

    const health = await waitForHealth(url, () => server.exitCode !== null, () => output);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });

    // The embedded database it created holds the schema but no demo user.
    const owner = JSON.parse(readFileSync(path.join(host, '.data/pglite-owner.json'), 'utf8')) as { port: number };
    const client = new pg.Client({ connectionString: `postgresql://postgres:postgres@127.0.0.1:${owner.port}/postgres?sslmode=disable` });
    await client.connect();
    const users = await client.query('SELECT email FROM users WHERE email = $1', [DEMO_EMAIL]);
    await client.end();
    expect(users.rows).toEqual([]);
    expect(output).not.toContain('Seeded the demo user');
  }, 150_000);
});
