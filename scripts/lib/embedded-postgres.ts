// The embedded PostgreSQL (PGlite over the wire protocol) used when DATABASE_URL is unset.
// One process owns the data directory; others find it through the owner file and reuse it.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export const DATA_DIR = path.resolve(process.env.EMBEDDED_DB_DIR ?? '.data/pglite');
const OWNER_FILE = path.join(path.dirname(DATA_DIR), 'pglite-owner.json');
const DEFAULT_PORT = Number(process.env.EMBEDDED_DB_PORT ?? 54329);
// PGlite is single-user; the socket server multiplexes this many client connections onto it.
const MAX_CONNECTIONS = 32;

export type EmbeddedDatabase = { url: string; owned: boolean; stop: () => Promise<void> };

function urlFor(port: number): string {
  return `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
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

async function runningOwner(): Promise<{ pid: number; port: number } | null> {
  try {
    const owner = JSON.parse(await readFile(OWNER_FILE, 'utf8')) as { pid: number; port: number };
    if (owner.pid !== process.pid && isAlive(owner.pid) && (await portAnswers(owner.port))) return owner;
  } catch {
    // No owner file, or a stale one: start our own.
  }
  return null;
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

/** Reuses the embedded database another process owns, or starts and owns it. */
export async function ensureEmbeddedDatabase(): Promise<EmbeddedDatabase> {
  const owner = await runningOwner();
  if (owner) return { url: urlFor(owner.port), owned: false, stop: async () => {} };

  const started = await startPglite(DATA_DIR, DEFAULT_PORT);
  await writeFile(OWNER_FILE, JSON.stringify({ pid: process.pid, port: started.port }));
  return {
    url: started.url,
    owned: true,
    stop: async () => {
      await started.stop();
      await rm(OWNER_FILE, { force: true });
    },
  };
}

/** The configured server, or the embedded one. */
export async function resolveDatabase(): Promise<EmbeddedDatabase> {
  const configured = process.env.DATABASE_URL;
  if (configured) return { url: configured, owned: false, stop: async () => {} };
  return ensureEmbeddedDatabase();
}
