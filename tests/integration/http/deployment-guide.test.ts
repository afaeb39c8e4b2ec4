// docs/deployment.md, run as written: every ```bash block's commands, in the guide's order, with the
// environment the guide's table names (a test database, a local S3, free ports). A block headed
// `# keeps running` starts each command in the background; `# until it answers` is tried until it
// succeeds. The build block is what CI itself runs before the tests.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { db } from '@/lib/db';
import { waitFor } from '../../support/wait-for';
import { registerUser } from '../../setup/app-server';
import { freePort } from '../../setup/free-port';
import { startS3Server, type S3Server } from '../../setup/s3-server';
import { createDatabase, dropDatabase, uniqueName } from '../../setup/test-database.js';
import { budget } from '../../setup/machine-speed.js';

type Block = { language: string; lines: string[]; mode: 'run' | 'background' | 'until' };

/** The guide's fenced blocks, in order: each one's language and its command lines (comments and blanks dropped). */
function guideBlocks(): Block[] {
  const text = readFileSync('docs/deployment.md', 'utf8');
  return [...text.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].map((m) => {
    const all = m[2]!.split('\n');
    const mode = all[0] === '# keeps running' ? 'background' : all[0] === '# until it answers' ? 'until' : 'run';
    return { language: m[1]!, lines: all.filter((line) => line.trim() && !line.startsWith('#')), mode };
  });
}

const blocks = guideBlocks();
const bash = blocks.filter((block) => block.language === 'bash');
const running: ChildProcess[] = [];
/** What each background command has printed so far, for a failure's message. */
const printed = new Map<string, string>();
let s3: S3Server;
let env: NodeJS.ProcessEnv & Record<string, string>;
let restoreName: string;
let publicUrl: string;

function run(line: string): { status: number | null; output: string } {
  const result = spawnSync('bash', ['-euo', 'pipefail', '-c', line], { env, encoding: 'utf8', timeout: budget(120_000) });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

beforeAll(async () => {
  s3 = await startS3Server();
  const dir = mkdtempSync(path.join(tmpdir(), 'vt-deploy-'));
  const [publicPort, app1, app2] = await Promise.all([freePort(), freePort(), freePort()]);
  restoreName = uniqueName('vt_restore');
  const restoreUrl = await createDatabase(restoreName);
  publicUrl = `http://127.0.0.1:${publicPort}`;
  env = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    DATABASE_URL: process.env.DATABASE_URL!,
    NEXTAUTH_SECRET: randomBytes(32).toString('base64'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    APP_URL: publicUrl,
    TRUSTED_PROXY_COUNT: '1',
    METRICS_TOKEN: randomBytes(24).toString('hex'),
    WEB_CONCURRENCY: '1',
    MAIL_DIR: path.join(dir, 'mail'),
    ...s3.env,
    // The names the guide's commands use.
    PUBLIC_PORT: String(publicPort),
    APP_PORT_1: String(app1),
    APP_PORT_2: String(app2),
    HAPROXY_CONFIG: path.join(dir, 'haproxy.cfg'),
    BACKUP_FILE: path.join(dir, 'vitality.dump'),
    RESTORE_DATABASE_URL: restoreUrl,
    NEW_TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  const haproxy = blocks.filter((block) => block.language === 'haproxy');
  expect(haproxy).toHaveLength(1);
  writeFileSync(env.HAPROXY_CONFIG!, `${haproxy[0]!.lines.join('\n')}\n`);
});

afterAll(async () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
  await Promise.all(running.map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null)));
  await s3?.stop();
  await db.$disconnect();
  if (restoreName) await dropDatabase(restoreName);
});

describe('the deployment guide', () => {
  it('builds with the commands CI runs', () => {
    const build = bash[0]!;
    expect(build.lines).toEqual(['npm install --no-audit --no-fund', 'npm run build']);
    expect(readFileSync('.ci/run', 'utf8')).toContain(build.lines[0]);
    // `npm test` (scripts/test.mjs) builds with the guide's command.
    expect((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { test: string } }).scripts.test).toBe('node scripts/test.mjs');
    expect(readFileSync('scripts/test.mjs', 'utf8')).toContain(`command: '${build.lines[1]}'`);
  });

  it('runs every other command as written: two instances, the jobs and HAProxy on PostgreSQL and a bucket, a backup restored, the key rotated', async () => {
    const outputs: string[] = [];
    for (const block of bash.slice(1)) {
      if (block.mode === 'background') {
        for (const line of block.lines) {
          const child = spawn('bash', ['-c', line], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
          printed.set(line, '');
          const keep = (chunk: Buffer) => printed.set(line, printed.get(line)! + chunk.toString());
          child.stdout!.on('data', keep);
          child.stderr!.on('data', keep);
          running.push(child);
        }
        continue;
      }
      for (const line of block.lines) {
        if (block.mode === 'until') {
          let last = '';
          const answered = async () => {
            const result = run(line);
            last = result.output;
            return result.status === 0;
          };
          const said = () => [...printed].map(([command, text]) => `${command}:\n${text.slice(-3000)}`).join('\n');
          await waitFor(answered, line, { timeoutMs: 90_000, intervalMs: 500, detail: () => `It said: ${last}\nThe background commands said:\n${said()}` });
          // Through the proxy: a member signs up, so that the backup below holds someone.
          await registerUser({ url: publicUrl });
          continue;
        }
        const { status, output } = run(line);
        expect([line, status, status === 0 ? '' : output]).toEqual([line, 0, '']);
        outputs.push(`${line}:\n${output}`);
      }
    }
    // Nothing the guide started has stopped.
    expect(running.filter((child) => child.exitCode !== null)).toEqual([]);

    // The restored backup holds the member who signed up through the proxy.
    const members = await db.user.findMany({ select: { email: true } });
    expect(members.length).toBeGreaterThan(0);
    const restored = new pg.Client({ connectionString: env.RESTORE_DATABASE_URL });
    await restored.connect();
    try {
      const { rows } = await restored.query<{ email: string }>('SELECT email FROM users');
      expect(rows.map((row) => row.email).sort()).toEqual(members.map((member) => member.email).sort());
    } finally {
      await restored.end();
    }
    // The rotation said what it did.
    expect(outputs.find((output) => output.includes('tokens:rotate'))).toContain('TOKEN_ENCRYPTION_KEY_PREVIOUS can be removed');
  }, budget(240_000));
});
