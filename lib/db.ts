import 'server-only';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { env } from '@/lib/env';

export function createPrismaClient(connectionString: string): PrismaClient {
  const adapter = new PrismaPg({
    connectionString,
    max: env.DATABASE_POOL_SIZE,
    connectionTimeoutMillis: env.DATABASE_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
  });
  return new PrismaClient({ adapter });
}

// One client per process; dev reloads reuse it instead of opening a new pool each time.
const globalForDb = globalThis as unknown as { prisma?: PrismaClient };

function client(): PrismaClient {
  if (!globalForDb.prisma) {
    // `npm run dev` and `npm start` set this to the embedded database when none is configured.
    if (!env.DATABASE_URL) throw new Error('DATABASE_URL is not set: start the app with `npm run dev` or `npm start`.');
    globalForDb.prisma = createPrismaClient(env.DATABASE_URL);
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
