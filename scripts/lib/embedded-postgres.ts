// The embedded PostgreSQL (PGlite over the wire protocol) used when DATABASE_URL is unset.
// One process owns the data directory; others find it through the owner file and join it.
import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { readEnv } from '../../lib/config/env.js';

// PGlite is single-user; the socket server queues this many client connections onto its one session.
const MAX_CONNECTIONS = 32;
// How long a joiner waits for an owner that has claimed the directory but is still starting PGlite. An owner
// that dies is taken over at once; this is only for one that lives and never serves. PGlite's WebAssembly
// has taken past 60 s to start on a slow day of a busy 2-core machine (tests/integration/embedded-database.test.ts).
const OWNER_START_TIMEOUT_MS = 180_000;

export type EmbeddedDatabase = { url: string; owned: boolean; stop: () => Promise<void> };
type Owner = { pid: number; token: string; port: number | null };
export type EmbeddedOptions = { dataDir?: string; port?: number };

// Claims made by this process, so that a file with our own pid but a stranger's token reads as stale (pid reuse).
const ownTokens = new Set<string>();

function dataDirOf(options: EmbeddedOptions): string {
  return path.resolve(options.dataDir || readEnv(['EMBEDDED_DB_DIR']).EMBEDDED_DB_DIR);
}

export function ownerFileOf(dataDir: string): string {
  return path.join(path.dirname(dataDir), `${path.basename(dataDir)}-owner.json`);
}

function urlFor(port: number): string {
  return `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

function isAlive(owner: Owner): boolean {
  if (owner.pid === process.pid) return ownTokens.has(owner.token);
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function readOwner(file: string): Promise<{ owner: Owner; inode: number } | null> {
  try {
    const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    return { owner: JSON.parse(text) as Owner, inode: info.ino };
  } catch {
    return null;
  }
}

/** Writes the owner file whole, or fails with EEXIST: link() never replaces, so two claims can't both win. */
async function claim(file: string, owner: Owner): Promise<boolean> {
  const draft = `${file}.${owner.token}.tmp`;
  await writeFile(draft, JSON.stringify(owner));
  try {
    await link(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await rm(draft, { force: true });
  }
}

/** Updates our own claim in place (rename is atomic, so readers never see half a file). */
async function publish(file: string, owner: Owner): Promise<void> {
  const draft = `${file}.${owner.token}.tmp`;
  await writeFile(draft, JSON.stringify(owner));
  await rename(draft, file);
}

/** Removes a dead owner's file, unless another process replaced it meanwhile (then it is put back). */
async function removeStale(file: string, staleInode: number): Promise<void> {
  const aside = `${file}.${randomUUID()}.stale`;
  try {
    await rename(file, aside);
  } catch {
    return; // Someone else removed it first.
  }
  const moved = await stat(aside);
  if (moved.ino !== staleInode) await link(aside, file).catch(() => {});
  await rm(aside, { force: true });
}

/** Starts PGlite on `dataDir` ('memory://' for a throwaway one) and serves it on 127.0.0.1. */
export async function startPglite(dataDir: string, port: number): Promise<{ url: string; port: number; stop: () => Promise<void> }> {
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  let server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: MAX_CONNECTIONS });
  try {
    await server.start();
  } catch {
    // The preferred port is taken by something else: let the OS pick one.
    server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: MAX_CONNECTIONS });
    await server.start();
  }
  const actualPort = Number(server.getServerConn().split(':').pop());
  return {
    url: urlFor(actualPort),
    port: actualPort,
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}

/** Joins the embedded database another live process owns, or claims the data directory and starts it. */
export async function ensureEmbeddedDatabase(options: EmbeddedOptions = {}): Promise<EmbeddedDatabase> {
  const dataDir = dataDirOf(options);
  const file = ownerFileOf(dataDir);
  await mkdir(path.dirname(file), { recursive: true });
  const mine: Owner = { pid: process.pid, token: randomUUID(), port: null };
  const deadline = Date.now() + OWNER_START_TIMEOUT_MS;

  ownTokens.add(mine.token);
  while (!(await claim(file, mine))) {
    const current = await readOwner(file);
    if (current && !isAlive(current.owner)) {
      await removeStale(file, current.inode);
      continue;
    }
    const port = current?.owner.port;
    if (port && (await portAnswers(port))) {
      ownTokens.delete(mine.token);
      return { url: urlFor(port), owned: false, stop: async () => {} };
    }
    if (Date.now() > deadline) {
      ownTokens.delete(mine.token);
      throw new Error(`The embedded database in ${dataDir} is claimed by process ${current?.owner.pid ?? '?'}, which never started serving it; stop that process or remove ${file}.`);
    }
    await delay(100); // The owner is still starting PGlite.
  }

  const release = async () => {
    ownTokens.delete(mine.token);
    await rm(file, { force: true });
  };
  let started: Awaited<ReturnType<typeof startPglite>>;
  try {
    started = await startPglite(dataDir, options.port ?? readEnv(['EMBEDDED_DB_PORT']).EMBEDDED_DB_PORT);
    await publish(file, { ...mine, port: started.port });
  } catch (error) {
    await release();
    throw error;
  }
  return {
    url: started.url,
    owned: true,
    stop: async () => {
      await started.stop();
      await release();
    },
  };
}

/** The configured server, or the embedded one. */
export async function resolveDatabase(): Promise<EmbeddedDatabase> {
  const configured = readEnv(['DATABASE_URL']).DATABASE_URL;
  if (configured) return { url: configured, owned: false, stop: async () => {} };
  return ensureEmbeddedDatabase();
}
