import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitFor } from '../support/wait-for';
import { budget } from './machine-speed.js';

// HAProxy 2.6 (Debian's `haproxy` package) in front of several app servers, the way a deployment runs
// them: round robin with no stickiness, X-Forwarded-For added, and each server checked on its readiness.

export const HAPROXY = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

/** The header HAProxy adds to each answer with the name of the server that gave it (`app1`, `app2`, …). */
export const SERVED_BY = 'x-served-by';

export type LoadBalancer = {
  url: string;
  /** Each server's name in SERVED_BY, in the order the backends were given. */
  names: string[];
  /** What HAProxy's health checks make of each server right now: `UP`, `DOWN`, `UP 1/2`… */
  states: () => Promise<Record<string, string>>;
  output: () => string;
  stop: () => Promise<void>;
};

/** The configuration for `backends` (each `http://127.0.0.1:port`), written out for reading too. */
export function haproxyConfig(port: number, backends: string[], statsSocket: string): string {
  return `global
  stats socket ${statsSocket} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  # A server's first upload on a loaded CI machine (a cold route, a PDF reader to spawn, two Jest workers and
  # the e2e run beside it) once took over 30 s and got HAProxy's 504: the tests time themselves.
  timeout client 120s
  timeout server 120s
  # A busy server is slow, not down: the check waits 5 s on a good day, times the machine's speed factor
  # (a slow day's server, starting a cold route, once let two checks in a row pass it and was taken out).
  timeout check ${Math.ceil(budget(5_000) / 1000)}s
  # A connection refused (a dead server) is tried again, on another server.
  retries 3
  option redispatch 1
  option forwardfor

frontend web
  bind 127.0.0.1:${port}
  default_backend app

backend app
  balance roundrobin
  option httpchk
  http-check send meth GET uri /api/health/ready ver HTTP/1.1 hdr Host 127.0.0.1
  http-check expect status 200
  default-server check inter 1s fall 2 rise 2
  http-response set-header ${SERVED_BY} %[srv_name]
${backends.map((backend, index) => `  server app${index + 1} ${new URL(backend).host}`).join('\n')}
`;
}

/** One command to HAProxy's admin socket, and its whole answer. */
function ask(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const connection = connect(socket, () => connection.end(`${command}\n`));
    connection.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
  });
}

/** HAProxy on `port` (free, on 127.0.0.1) in front of `backends`, once it answers and sees every server up. */
export async function startLoadBalancer(port: number, backends: string[]): Promise<LoadBalancer> {
  if (!existsSync(HAPROXY)) throw new Error(`No HAProxy at ${HAPROXY}: \`apt-get install haproxy\` (Debian's 2.6), or set HAPROXY_PATH.`);
  const dir = mkdtempSync(path.join(tmpdir(), 'vt-haproxy-'));
  const configFile = path.join(dir, 'haproxy.cfg');
  const statsSocket = path.join(dir, 'admin.sock');
  writeFileSync(configFile, haproxyConfig(port, backends, statsSocket));
  let output = '';
  // -db: in the foreground, not detached, so that it is this process's child and dies with a signal.
  const child = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const names = backends.map((_, index) => `app${index + 1}`);

  const states = async () => {
    // `show stat` is CSV: "# pxname,svname,…,status,…"; one line per server.
    const [header = '', ...rows] = (await ask(statsSocket, 'show stat')).trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const [nameAt, statusAt] = [columns.indexOf('svname'), columns.indexOf('status')];
    return Object.fromEntries(rows.map((row) => row.split(',')).filter((cells) => names.includes(cells[nameAt] ?? '')).map((cells) => [cells[nameAt]!, cells[statusAt]!]));
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`haproxy exited:\n${output}`);
      const now = await states().catch(() => ({}) as Record<string, string>);
      return names.every((name) => now[name] === 'UP');
    }, 'haproxy to see every server up', { timeoutMs: 15_000 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, names, states, output: () => output, stop };
}
