import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { runToEnd } from '../setup/run-to-end';
import { budget } from '../setup/machine-speed.js';

const TSX = 'node_modules/.bin/tsx';
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const child of children) child.stdin?.end();
  await Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null)));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vt-embedded-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
}

type Part = { owned: boolean; url: string };

/** Starts a process that owns or joins the embedded database in `dataDir`, and resolves with its first line. */
function takePart(dataDir: string, port: number): Promise<Part> {
  const child = spawn(TSX, ['tests/setup/embedded-owner.ts'], {
    env: { ...process.env, DATABASE_URL: '', EMBEDDED_DB_DIR: dataDir, EMBEDDED_DB_PORT: String(port) },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(JSON.parse(line) as Part);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before taking part: ${out}`)));
  });
}

async function tables(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1")).rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

// Each test starts PGlite (WebAssembly) in child processes, which takes long on a busy 2-core machine.
const STARTS = budget(120_000);

// Ports apart from the app's defaults, so that a running `npm run dev` is not in the way.
const PORT = 54700 + (process.pid % 200);

describe('the embedded database', () => {
  it('lets one of two processes started together own a data directory, and the other join it', async () => {
    const dataDir = await tempDataDir();
    const parts = await Promise.all([takePart(dataDir, PORT), takePart(dataDir, PORT)]);
    expect(parts.map((p) => p.owned).sort()).toEqual([false, true]);
    expect(parts[0]!.url).toBe(parts[1]!.url);

    // Both reach the one database: a table created through one is seen through the other.
    const client = new pg.Client({ connectionString: parts[0]!.url });
    await client.connect();
    await client.query('CREATE TABLE shared_marker (id int)');
    await client.end();
    expect(await tables(parts[1]!.url)).toContain('shared_marker');
  }, STARTS);

  it("takes over a dead owner's claim on the data directory", async () => {
    const dataDir = await tempDataDir();
    const dead = spawn('node', ['-e', '']);
    const deadPid = await new Promise<number>((resolve) => dead.once('exit', () => resolve(dead.pid!)));
    const ownerFile = `${dataDir}-owner.json`;
    await writeFile(ownerFile, JSON.stringify({ pid: deadPid, token: 'gone', port: PORT + 1 }));

    const part = await takePart(dataDir, PORT + 1);
    expect(part.owned).toBe(true);
    const owner = JSON.parse(await readFile(ownerFile, 'utf8')) as { pid: number; port: number };
    expect(owner.pid).not.toBe(deadPid);
    expect(part.url).toContain(`:${owner.port}/`);
    expect(await tables(part.url)).toEqual([]);
  }, STARTS);
});

describe('npm start on the embedded database', () => {
  it('runs the app with a pool of one connection, and does not seed the demo user', async () => {
    const dataDir = await tempDataDir();
    // What the app is given, and whether the demo user is in the database it is given.
    const print = `const pg = require('pg');
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      client.connect().then(() => client.query("SELECT count(*)::int AS n FROM users WHERE email = 'demo@vitality.local'"))
        .then((r) => { console.log(JSON.stringify({ url: process.env.DATABASE_URL, pool: process.env.DATABASE_POOL_SIZE, demo: r.rows[0].n })); return client.end(); });`;
    const result = await runToEnd(TSX, ['--conditions=react-server', 'scripts/with-db.ts', '--', 'node', '-e', print], {
      DATABASE_URL: '',
      DATABASE_POOL_SIZE: '10',
      EMBEDDED_DB_DIR: dataDir,
      EMBEDDED_DB_PORT: String(PORT + 2),
      SEED_DEMO: '',
    });
    expect(result.code).toBe(0);
    const app = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { url: string; pool: string; demo: number };
    expect(app.pool).toBe('1');
    expect(app.demo).toBe(0);
    expect(app.url).toMatch(/^postgresql:\/\/postgres:postgres@127\.0\.0\.1:\d+\/postgres/);
  }, STARTS);
});
