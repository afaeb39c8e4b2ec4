import 'server-only';
import { PrismaPg } from '@prisma/adapter-pg';
import type { Pool } from 'pg';
import promClient from 'prom-client';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { env } from '@/lib/env';

export type PoolUse = { total: number; idle: number; waiting: number; max: number };

// The pool behind the app's client, once it has connected, for /metrics (lib/observability/service-metrics.ts).
let appPool: Pool | null = null;

/** The app pool's connections now (open, idle, requests waiting for one), or null before the first query. */
export function databasePoolUse(): PoolUse | null {
  return appPool && { total: appPool.totalCount, idle: appPool.idleCount, waiting: appPool.waitingCount, max: env.DATABASE_POOL_SIZE };
}

/** The pool's use as a gauge in this process's metrics registry, which a cluster's primary sums (server.mjs). */
function watchPool(pool: Pool): void {
  appPool = pool;
  const shared = globalThis as unknown as Record<symbol, unknown>;
  const key = Symbol.for('vitality.db-pool-gauge');
  if (shared[key]) return;
  shared[key] = new promClient.Gauge({
    name: 'db_pool_connections',
    help: 'The app’s PostgreSQL pool in this process: connections open, idle, requests waiting for one, and the most it opens.',
    labelNames: ['state'],
    collect() {
      const use = databasePoolUse();
      if (!use) return;
      for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, use[state]);
    },
  });
}

export function createPrismaClient(connectionString: string, { watched = false } = {}): PrismaClient {
  const adapter = new PrismaPg({
    connectionString,
    max: env.DATABASE_POOL_SIZE,
    connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
  if (watched) {
    // Prisma opens the pool on connect (again after a disconnect): keep hold of the current one.
    const connect = adapter.connect.bind(adapter);
    adapter.connect = async () => {
      const connected = await connect();
      watchPool(connected.underlyingDriver());
      return connected;
    };
  }
  // A transaction waits for its connection as long as a lone query does (Prisma's own default is 2 s, which
  // a busy pool passed where the queries beside it still got theirs: a GET that made today's actions failed).
  return new PrismaClient({ adapter, transactionOptions: { maxWait: env.DATABASE_CONNECT_TIMEOUT_MS } });
}

// One client per process; dev reloads reuse it instead of opening a new pool each time.
const globalForDb = globalThis as unknown as { prisma?: PrismaClient };

function client(): PrismaClient {
  if (!globalForDb.prisma) {
    // `npm run dev` and `npm start` set this to the embedded database when none is configured.
    if (!env.DATABASE_URL) throw new Error('DATABASE_URL is not set: start the app with `npm run dev` or `npm start`.');
    globalForDb.prisma = createPrismaClient(env.DATABASE_URL, { watched: true });
  }
  return globalForDb.prisma;
}

/** The app's Prisma client, connected on first use so that builds never need a database. */
export const db = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const instance = client();
    const value: unknown = Reflect.get(instance, property);
    return typeof value === 'function' ? value.bind(instance) : value;
  },
});
