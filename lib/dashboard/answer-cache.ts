import 'server-only';
import type { SessionUser } from '@/lib/auth/sessions';
import { utcDay } from '@/lib/days';
import { env } from '@/lib/env';

/**
 * Answers computed from one user's data, kept in this server process and keyed by the user, the UTC
 * day and the user's data version (users."dataVersion"). Database triggers move the version on with
 * every change to the user's row or to the rows the dashboard reads, inside the writing transaction
 * (migration 20261122052511_data_version), and the session query reads it on every request. So an
 * answer is reused only while nothing it was computed from has changed, whichever process or script
 * made the change, and the cache needs no invalidation of its own.
 *
 * The session is still checked against the database on every request: only the answer is reused.
 * Concurrent requests for an answer not yet computed share one computation. A failed computation is
 * forgotten at once. The least recently used entries go first once ANSWER_CACHE_SIZE is reached.
 *
 * Only answers that depend on nothing but the rows a trigger ties to the user, the day and `extra` belong
 * here, and each one names the tables it reads (`cachedAnswer`'s `reads`): tests/integration/answer-reads.test.ts
 * fails when a declared table has no data-version trigger, or when an answer reads a table it does not declare.
 */
const entries = new Map<string, Promise<unknown>>();

/** Whose answer: the session's user, with the data version the session query read. */
export type AnswerOwner = Pick<SessionUser, 'id' | 'dataVersion'>;

export function rememberedAnswer<T>(user: AnswerOwner, call: string, compute: (now: Date) => Promise<T>, extra = '', now = new Date()): Promise<T> {
  const size = env.ANSWER_CACHE_SIZE;
  if (size === 0) return compute(now);
  const key = `${user.id}\u0000${user.dataVersion}\u0000${utcDay(now)}\u0000${call}\u0000${extra}`;
  const kept = entries.get(key) as Promise<T> | undefined;
  if (kept) {
    // Most recently used goes last.
    entries.delete(key);
    entries.set(key, kept);
    return kept;
  }
  const pending = compute(now);
  entries.set(key, pending);
  pending.catch(() => {
    if (entries.get(key) === pending) entries.delete(key);
  });
  for (const oldest of entries.keys()) {
    if (entries.size <= size) break;
    entries.delete(oldest);
  }
  return pending;
}

/** What a cached answer is, beside its computation. */
export type AnswerDeclaration = {
  /** Its name in the cache key: the page and the API call share the entries of one name. */
  call: string;
  /** Every table (as PostgreSQL names it) whose rows the answer is computed from, directly or through what it calls. */
  reads: readonly string[];
};

/** A cached answer for the session's user, with what it declares it reads. */
export type CachedAnswer<Args extends unknown[], T> = ((user: AnswerOwner, ...args: Args) => Promise<T>) & { readonly declaration: AnswerDeclaration };

/** An answer kept by `rememberedAnswer`; `extra` names what besides the user and the day tells its entries apart. */
export function cachedAnswer<T, Args extends unknown[] = []>(
  declaration: AnswerDeclaration,
  compute: (userId: string, now: Date, ...args: Args) => Promise<T>,
  extra?: (...args: Args) => string,
): CachedAnswer<Args, T> {
  const answer = (user: AnswerOwner, ...args: Args) => rememberedAnswer(user, declaration.call, (now) => compute(user.id, now, ...args), extra?.(...args));
  return Object.assign(answer, { declaration });
}
