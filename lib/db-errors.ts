import { Prisma } from '@/lib/generated/prisma/client';

/** A unique index refused the write: another request (or an earlier one) made that row first. */
export const isUniqueViolation = (error: unknown): boolean => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
