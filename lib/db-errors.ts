import { Prisma } from '@/lib/generated/prisma/client';

/** A unique index refused the write: another request (or an earlier one) made that row first. */
export const isUniqueViolation = (error: unknown): boolean => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/**
 * The database was too busy to take the request: no pooled connection came within DATABASE_CONNECT_TIMEOUT_MS
 * (pg-pool's own error), no transaction could start in that time (P2028), or PostgreSQL broke a deadlock or
 * a write conflict (P2034). Nothing was written, and the same request a moment later may well succeed.
 */
export const isDatabaseBusy = (error: unknown): boolean =>
  (error instanceof Prisma.PrismaClientKnownRequestError && (error.code === 'P2028' || error.code === 'P2034')) ||
  (error instanceof Error && error.message === 'timeout exceeded when trying to connect');
