import 'server-only';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import type { WearableProvider } from '@/lib/generated/prisma/enums';
import { ACCOUNT_CLEANUP_QUEUE, cleanupJobTokenContext, type AccountCleanupJob } from '@/lib/jobs/queues';
import { totpSealContext } from '@/lib/auth/totp';
import { resealToken } from '@/lib/security/token-cipher';
import { connectionTokenContext } from '@/lib/wearables/connection-tokens';
import { verifierContext } from '@/lib/wearables/oauth-flow';

// Rotating TOKEN_ENCRYPTION_KEY (`npm run tokens:rotate`, docs/security.md): every value sealed under a
// previous key is sealed anew under the current one, under the same context. Each row is written with an
// optimistic check (its sealed values as they were read), so a refresh that stored new tokens meanwhile,
// sealed under the current key, is never overwritten: the row is read again instead. A value the current
// key opens is left as it is, so a second run writes nothing. No token is ever returned or logged.

/** Where sealed values live: the connections' tokens, the PKCE verifiers, the authenticator-app secrets, and the account-cleanup jobs still to run. */
export const SEALED_SOURCES = ['wearable_connections', 'wearable_oauth_states', 'totp_factors', 'pgboss.job'] as const;
export type SealedSource = (typeof SEALED_SOURCES)[number];

/** Values counted: re-sealed, already under the current key, and opened by no key (row id and column only). */
export type Tally = { resealed: number; current: number; unreadable: string[] };
export type RotationReport = Record<SealedSource, Tally>;

/** The pg-boss states whose jobs it still runs on its own; completed, failed and cancelled ones it runs no more. */
const RUNNABLE_JOB_STATES = ['created', 'retry', 'active'];
const PAGE = 200;
/** A row someone else changes this many times in a row is reported by id, for another run. */
const ATTEMPTS = 5;

type Sealed = { sealed: string; context: string } | null;
type Outcome<K extends string> = { next: Partial<Record<K, string>>; current: number; unreadable: K[] };

function resealAll<K extends string>(values: Record<K, Sealed>): Outcome<K> {
  const outcome: Outcome<K> = { next: {}, current: 0, unreadable: [] };
  for (const column of Object.keys(values) as K[]) {
    const value = values[column];
    if (!value) continue;
    try {
      const resealed = resealToken(value.sealed, value.context);
      if (resealed === null) outcome.current += 1;
      else outcome.next[column] = resealed;
    } catch {
      outcome.unreadable.push(column);
    }
  }
  return outcome;
}

/** How one source's rows are read and written. */
type Source<R extends { id: string }, K extends string> = {
  /** The rows after `after`, in id order, PAGE at most. */
  page: (after: string) => Promise<R[]>;
  /** The row as it is now; null once it is gone. */
  reread: (id: string) => Promise<R | null>;
  /** Its sealed values, each with its context. */
  values: (row: R) => Record<K, Sealed>;
  /** Stores `next` only if the row still holds what `seen` held, answering whether it did. */
  write: (seen: R, next: Partial<Record<K, string>>) => Promise<boolean>;
};

async function rotateSource<R extends { id: string }, K extends string>(tally: Tally, start: string, source: Source<R, K>): Promise<void> {
  for (let after = start; ; ) {
    const rows = await source.page(after);
    for (const row of rows) await rotateRow(tally, row, source);
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}

async function rotateRow<R extends { id: string }, K extends string>(tally: Tally, first: R, source: Source<R, K>): Promise<void> {
  let seen: R | null = first;
  for (let attempt = 0; seen && attempt < ATTEMPTS; attempt += 1) {
    const outcome = resealAll(source.values(seen));
    const written = Object.keys(outcome.next).length;
    if (written === 0 || (await source.write(seen, outcome.next))) {
      tally.resealed += written;
      tally.current += outcome.current;
      tally.unreadable.push(...outcome.unreadable.map((column) => `${first.id} (${column})`));
      return;
    }
    // Written meanwhile (a refresh, under the current key) or deleted: look again.
    seen = await source.reread(first.id);
  }
  if (seen) tally.unreadable.push(`${first.id} (changed on every try; run the rotation again)`);
}

const CONNECTION = { id: true, userId: true, provider: true, accessTokenEncrypted: true, refreshTokenEncrypted: true } as const;
type ConnectionRow = { id: string; userId: string; provider: WearableProvider; accessTokenEncrypted: string; refreshTokenEncrypted: string | null };

const connections = (client: PrismaClient): Source<ConnectionRow, 'accessTokenEncrypted' | 'refreshTokenEncrypted'> => ({
  page: (after) => client.wearableConnection.findMany({ where: { id: { gt: after } }, orderBy: { id: 'asc' }, take: PAGE, select: CONNECTION }),
  reread: (id) => client.wearableConnection.findUnique({ where: { id }, select: CONNECTION }),
  values: (row) => ({
    accessTokenEncrypted: { sealed: row.accessTokenEncrypted, context: connectionTokenContext(row.userId, row.provider, 'access') },
    refreshTokenEncrypted: row.refreshTokenEncrypted === null ? null : { sealed: row.refreshTokenEncrypted, context: connectionTokenContext(row.userId, row.provider, 'refresh') },
  }),
  write: async (seen, next) => {
    const where = { id: seen.id, accessTokenEncrypted: seen.accessTokenEncrypted, refreshTokenEncrypted: seen.refreshTokenEncrypted };
    return (await client.wearableConnection.updateMany({ where, data: next })).count === 1;
  },
});

const OAUTH_STATE = { id: true, userId: true, provider: true, codeVerifierEncrypted: true } as const;
type OAuthStateRow = { id: string; userId: string; provider: WearableProvider; codeVerifierEncrypted: string | null };

const oauthStates = (client: PrismaClient): Source<OAuthStateRow, 'codeVerifierEncrypted'> => ({
  page: (after) => client.wearableOAuthState.findMany({ where: { id: { gt: after }, codeVerifierEncrypted: { not: null } }, orderBy: { id: 'asc' }, take: PAGE, select: OAUTH_STATE }),
  reread: (id) => client.wearableOAuthState.findUnique({ where: { id }, select: OAUTH_STATE }),
  values: (row) => ({ codeVerifierEncrypted: row.codeVerifierEncrypted === null ? null : { sealed: row.codeVerifierEncrypted, context: verifierContext(row.userId, row.provider) } }),
  write: async (seen, next) => (await client.wearableOAuthState.updateMany({ where: { id: seen.id, codeVerifierEncrypted: seen.codeVerifierEncrypted }, data: next })).count === 1,
});

type TotpRow = { id: string; secret: string };
const asTotpRow = (row: { userId: string; secret: string }): TotpRow => ({ id: row.userId, secret: row.secret });

/** The authenticator apps' shared secrets (the second step's), one row per member, keyed by the member's id. */
const totpFactors = (client: PrismaClient): Source<TotpRow, 'secret'> => ({
  page: async (after) => (await client.totpFactor.findMany({ where: { userId: { gt: after } }, orderBy: { userId: 'asc' }, take: PAGE, select: { userId: true, secret: true } })).map(asTotpRow),
  reread: async (id) => {
    const row = await client.totpFactor.findUnique({ where: { userId: id }, select: { userId: true, secret: true } });
    return row ? asTotpRow(row) : null;
  },
  values: (row) => ({ secret: { sealed: row.secret, context: totpSealContext(row.id) } }),
  write: async (seen, next) => (await client.totpFactor.updateMany({ where: { userId: seen.id, secret: seen.secret }, data: next })).count === 1,
});

type JobRow = { id: string; data: Extract<AccountCleanupJob, { task: 'revoke-wearable' }> };

/**
 * The account-cleanup jobs that may still run carry a deleted member's wearable tokens, sealed (lib/account):
 * one retried after the previous key is dropped could no longer revoke, so they are re-sealed in place.
 */
const cleanupJobs = (client: PrismaClient): Source<JobRow, 'sealedAccessToken' | 'sealedRefreshToken'> => ({
  page: (after) => client.$queryRaw<JobRow[]>`
    SELECT id::text AS id, data FROM pgboss.job
    WHERE name = ${ACCOUNT_CLEANUP_QUEUE} AND state::text = ANY(${RUNNABLE_JOB_STATES}) AND data->>'task' = 'revoke-wearable' AND id > ${after}::uuid
    ORDER BY id LIMIT ${PAGE}`,
  reread: async (id) => (await client.$queryRaw<JobRow[]>`SELECT id::text AS id, data FROM pgboss.job WHERE name = ${ACCOUNT_CLEANUP_QUEUE} AND id = ${id}::uuid`)[0] ?? null,
  values: ({ data }) => ({
    sealedAccessToken: { sealed: data.sealedAccessToken, context: cleanupJobTokenContext(data.userId, data.wearable, 'access') },
    sealedRefreshToken: data.sealedRefreshToken === null ? null : { sealed: data.sealedRefreshToken, context: cleanupJobTokenContext(data.userId, data.wearable, 'refresh') },
  }),
  // The whole payload as it was read is the check: jsonb compares by value, whatever its keys' order.
  write: async (seen, next) =>
    (await client.$executeRaw`UPDATE pgboss.job SET data = ${JSON.stringify({ ...seen.data, ...next })}::jsonb
      WHERE name = ${ACCOUNT_CLEANUP_QUEUE} AND id = ${seen.id}::uuid AND data = ${JSON.stringify(seen.data)}::jsonb`) === 1,
});

/** Re-seals every sealed value under the current key (TOKEN_ENCRYPTION_KEY must be set), source by source. */
export async function rotateTokenKey(client: PrismaClient): Promise<RotationReport> {
  const empty = (): Tally => ({ resealed: 0, current: 0, unreadable: [] });
  const report: RotationReport = { wearable_connections: empty(), wearable_oauth_states: empty(), totp_factors: empty(), 'pgboss.job': empty() };
  await rotateSource(report.wearable_connections, '', connections(client));
  await rotateSource(report.wearable_oauth_states, '', oauthStates(client));
  await rotateSource(report.totp_factors, '', totpFactors(client));
  // pg-boss makes its tables when it first starts: before that there are no jobs.
  const [queue] = await client.$queryRaw<{ present: boolean }[]>`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`;
  if (queue?.present) await rotateSource(report['pgboss.job'], '00000000-0000-0000-0000-000000000000', cleanupJobs(client));
  return report;
}
