import 'server-only';
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { billingEnabled, stripe } from '@/lib/billing/stripe';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { SubscriptionStatus, type WearableProvider } from '@/lib/generated/prisma/enums';
import { bossOver, cleanupJobTokenContext, sendAccountCleanup, WEARABLE_SYNC_QUEUE, type AccountCleanupJob } from '@/lib/jobs/queues';
import { readyJobQueue } from '@/lib/jobs/send';
import { removeImportFile } from '@/lib/imports/files';
import { removeUpload } from '@/lib/labs/storage';
import { openToken, sealToken } from '@/lib/security/token-cipher';
import type { WearableKey } from '@/lib/wearables/catalogue';
import { notificationCallback, revokeAtProvider } from '@/lib/wearables/disconnect';
import { PermanentGrantFailure, refreshGrant, wearableConfigured } from '@/lib/wearables/oauth-grant';
import { TokenRejected } from '@/lib/wearables/provider-calls';
import { adapterFor, adapterOfProvider } from '@/lib/wearables/registry';
import { connectionTokenContext, REFRESH_MARGIN_MS, storedAccessToken } from '@/lib/wearables/tokens';
import { memberHash } from '@/lib/observability/runtime';

// Deleting an account (GDPR Art. 17). What lives outside the database goes first, while the rows that
// say what it is still exist: open Stripe subscriptions are cancelled at once and each wearable's access
// is revoked at its provider. None of these may keep a member from leaving, so a call that fails (an
// outage, a timeout) becomes a job on the account-cleanup queue, committed in the same transaction that
// deletes every row the member owns; tokens travel in it sealed, never in plain text. The uploaded lab
// reports are removed once that transaction has committed (a file cannot be taken back if it fails).
//
// Logs name the user id and the kind of failure only: never a token, an e-mail or a provider's answer.

/** The statuses Stripe may still charge, or is still trying to: these are cancelled at once. */
const CHARGEABLE: SubscriptionStatus[] = [SubscriptionStatus.TRIALING, SubscriptionStatus.ACTIVE, SubscriptionStatus.PAST_DUE, SubscriptionStatus.INCOMPLETE, SubscriptionStatus.UNPAID];

/** Stripe's share of the wait; the wearable calls have theirs (8 s a revocation, 10 s a refresh). */
const STRIPE_TIMEOUT_MS = 8_000;

/** A wearable's grant as the connection held it, in plain text: only ever in memory. `externalUserId` is the member's id at the provider (Withings revokes by it). */
type Grant = { wearable: WearableKey; accessToken: string; refreshToken: string | null; expiresAt: Date | null; externalUserId: string | null };

/** One thing to do outside the database. */
type Leftover = { task: 'cancel-subscription'; subscriptionId: string } | { task: 'revoke-wearable'; grant: Grant } | { task: 'remove-upload'; storageKey: string };

/**
 * An account-cleanup job's payload: a Leftover with its user id, whose tokens are sealed with the app's
 * token key (lib/security/token-cipher.ts) under a context naming the job, user, wearable and purpose.
 * A job for a provider that revokes by member (Withings) also names the member's id there
 * (`externalUserId`); Withings jobs queued before it was added have none, and revoke the notifications only.
 */
export type { AccountCleanupJob };

/** A cleanup job that could not be done this time: the queue tries it again later. */
export class CleanupPending extends Error {
  constructor(readonly task: AccountCleanupJob['task']) {
    super(`account cleanup (${task}) could not be done yet`);
    this.name = 'CleanupPending';
  }
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : 'unknown error');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

// ───────────────────────────── the calls outside ─────────────────────────────

/** Cancels at once (no end-of-period grace: the member is leaving). True once Stripe will charge no more. */
async function cancelAtStripe(userId: string, subscriptionId: string): Promise<boolean> {
  try {
    await stripe().subscriptions.cancel(subscriptionId, {}, { timeout: STRIPE_TIMEOUT_MS, maxNetworkRetries: 0 });
    return true;
  } catch (error) {
    // Stripe knows no such subscription (deleted, or never made there): there is nothing left to stop.
    if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return true;
    const kind = error instanceof Stripe.errors.StripeError ? `${error.type} ${error.statusCode ?? ''}`.trim() : errorName(error);
    console.warn(`[account] member ${memberHash(userId)}: cancelling a Stripe subscription failed (${kind})`);
    return false;
  }
}

/**
 * The grant with an access token worth revoking with: one about to expire is refreshed first, as
 * disconnecting does (lib/wearables/tokens.ts accessToken), or the revocation would be refused as
 * expired while the grant lived on. Throws the refresh's TransientGrantFailure.
 */
async function usable(grant: Grant, now: Date): Promise<Grant> {
  const fresh = grant.expiresAt === null || grant.expiresAt.getTime() - REFRESH_MARGIN_MS > now.getTime();
  const adapter = adapterFor(grant.wearable);
  if (fresh || !grant.refreshToken || !wearableConfigured(adapter)) return grant;
  try {
    const tokens = await refreshGrant(adapter, grant.refreshToken, now);
    return { ...grant, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken ?? grant.refreshToken, expiresAt: tokens.expiresAt };
  } catch (error) {
    // The provider no longer honours the refresh token: the access token as it is is all there is to revoke.
    if (error instanceof PermanentGrantFailure) return { ...grant, refreshToken: null };
    throw error;
  }
}

/**
 * Revokes the app's access. Null once done (a token the provider refuses counts: nothing is left to
 * revoke); otherwise the grant still to revoke, a new object when a refresh rotated its tokens.
 */
async function revokeGrant(userId: string, grant: Grant, now = new Date()): Promise<Grant | null> {
  let current = grant;
  try {
    current = await usable(grant, now);
    await revokeAtProvider(current.wearable, current.accessToken, notificationCallback(current.wearable), current.externalUserId);
    return null;
  } catch (error) {
    if (error instanceof TokenRejected) return null;
    console.warn(`[account] member ${memberHash(userId)}: revoking ${grant.wearable} access failed (${errorName(error)})`);
    return current;
  }
}

/** Removes an uploaded report; false when the file system or the bucket refused (worth another try). */
async function removeFile(userId: string, storageKey: string): Promise<boolean> {
  try {
    await removeUpload(storageKey);
    return true;
  } catch (error) {
    // An errno from the disk, or the bucket's StorageError (`service_unavailable`, its detail logged by lib/storage/s3.ts).
    const code = (error as NodeJS.ErrnoException | null)?.code;
    // No code: the key is not one of ours (storage.ts refuses paths), and no retry would change that.
    if (!code) console.error(`[account] member ${memberHash(userId)}: a lab report had a storage key that is not an upload key; no file removed`);
    else console.warn(`[account] member ${memberHash(userId)}: removing an uploaded report failed (${code})`);
    return !code;
  }
}

/** Does one leftover: null when done, else what is still to do (its grant rotated, if a refresh happened). */
async function attempt(userId: string, leftover: Leftover): Promise<Leftover | null> {
  if (leftover.task === 'cancel-subscription') return (await cancelAtStripe(userId, leftover.subscriptionId)) ? null : leftover;
  if (leftover.task === 'remove-upload') return (await removeFile(userId, leftover.storageKey)) ? null : leftover;
  const left = await revokeGrant(userId, leftover.grant);
  if (left === null) return null;
  return left === leftover.grant ? leftover : { task: 'revoke-wearable', grant: left };
}

// ───────────────────────────── jobs ─────────────────────────────

const jobContext = cleanupJobTokenContext;

function toJob(userId: string, leftover: Leftover): AccountCleanupJob {
  if (leftover.task !== 'revoke-wearable') return { ...leftover, userId };
  const { wearable, accessToken, refreshToken, expiresAt, externalUserId } = leftover.grant;
  return {
    task: 'revoke-wearable',
    userId,
    wearable,
    sealedAccessToken: sealToken(accessToken, jobContext(userId, wearable, 'access')),
    sealedRefreshToken: refreshToken === null ? null : sealToken(refreshToken, jobContext(userId, wearable, 'refresh')),
    expiresAt: expiresAt?.toISOString() ?? null,
    ...(adapterFor(wearable).revokesByMember && externalUserId ? { externalUserId } : {}),
  };
}

function fromJob(job: AccountCleanupJob): Leftover {
  if (job.task === 'cancel-subscription') return { task: job.task, subscriptionId: job.subscriptionId };
  if (job.task === 'remove-upload') return { task: job.task, storageKey: job.storageKey };
  const { userId, wearable } = job;
  return {
    task: 'revoke-wearable',
    grant: {
      wearable,
      accessToken: openToken(job.sealedAccessToken, jobContext(userId, wearable, 'access')),
      refreshToken: job.sealedRefreshToken === null ? null : openToken(job.sealedRefreshToken, jobContext(userId, wearable, 'refresh')),
      expiresAt: job.expiresAt === null ? null : new Date(job.expiresAt),
      externalUserId: job.externalUserId ?? null,
    },
  };
}

/**
 * The account-cleanup queue's handler (scripts/job-worker.ts). Throws CleanupPending while the leftover
 * cannot be done, so the queue retries it with backoff. A refresh that rotated a wearable's tokens
 * made the job's own copy useless: the retry then goes out as a new job (`requeue`) carrying the new ones.
 */
export async function runAccountCleanup(job: AccountCleanupJob, requeue: (next: AccountCleanupJob) => Promise<void>): Promise<void> {
  const leftover = fromJob(job);
  const left = await attempt(job.userId, leftover);
  if (left === null) {
    console.log(`[account] member ${memberHash(job.userId)}: a deleted account's ${job.task} is done`);
    return;
  }
  if (left !== leftover) return requeue(toJob(job.userId, left));
  throw new CleanupPending(job.task);
}

/**
 * Makes sure the cleanup queue can take jobs before anything is deleted: a leftover that cannot be
 * recorded would be lost. pg-boss's tables are made here if the job process has never run.
 */
async function cleanupQueueReady(): Promise<void> {
  try {
    await readyJobQueue();
  } catch (error) {
    console.error(`[account] the job queue is not available (${errorName(error)}); nothing was deleted`);
    throw new Error('The account cannot be deleted right now: the job queue is not available.');
  }
}

// ───────────────────────────── the database ─────────────────────────────

/** The grant a connection holds, opened; null (and logged) when its sealed tokens cannot be opened. */
async function grantOf(userId: string, connection: { id: string; provider: WearableProvider; refreshTokenEncrypted: string | null; expiresAt: Date | null; externalUserId: string | null }): Promise<Grant | null> {
  const wearable = adapterOfProvider(connection.provider).key;
  try {
    return {
      wearable,
      accessToken: await storedAccessToken(connection.id),
      refreshToken: connection.refreshTokenEncrypted === null ? null : openToken(connection.refreshTokenEncrypted, connectionTokenContext(userId, connection.provider, 'refresh')),
      expiresAt: connection.expiresAt,
      externalUserId: connection.externalUserId,
    };
  } catch (error) {
    console.error(`[account] member ${memberHash(userId)}: the ${wearable} tokens could not be opened (${errorName(error)}); access is not revoked at the provider`);
    return null;
  }
}

/** What must be done outside the database, read before anything is deleted; null for a user that does not exist. */
async function outsideWork(userId: string): Promise<Leftover[] | null> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      subscriptions: { where: { status: { in: CHARGEABLE } }, select: { stripeSubscriptionId: true, syncedFromStripeAt: true } },
      wearableConnections: { select: { id: true, provider: true, refreshTokenEncrypted: true, expiresAt: true, externalUserId: true } },
    },
  });
  if (!user) return null;
  const grants = (await Promise.all(user.wearableConnections.map((connection) => grantOf(userId, connection)))).filter((grant) => grant !== null);
  // Without a Stripe key nothing can be cancelled (the rows are the seeded demo's, or billing was switched off).
  const billing = billingEnabled();
  if (!billing && user.subscriptions.some((row) => row.syncedFromStripeAt !== null)) console.warn(`[account] member ${memberHash(userId)}: billing is off, so open Stripe subscriptions are not cancelled`);
  return [
    ...(billing ? user.subscriptions.map((row): Leftover => ({ task: 'cancel-subscription', subscriptionId: row.stripeSubscriptionId })) : []),
    ...grants.map((grant): Leftover => ({ task: 'revoke-wearable', grant })),
  ];
}

/**
 * Syncs still waiting on the queue for the user's connections: they would find no connection and end
 * quietly (lib/wearables/sync-job.ts), but they need not wait for that. A running one is left to finish
 * or fail on its own. pg-boss's tables appear with its first start, so there may be none.
 */
async function dropQueuedSyncs(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  const connectionIds = (await tx.wearableConnection.findMany({ where: { userId }, select: { id: true } })).map((row) => row.id);
  if (!connectionIds.length) return;
  const [queue] = await tx.$queryRaw<{ present: boolean }[]>`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`;
  if (!queue?.present) return;
  await tx.$executeRaw`DELETE FROM pgboss.job WHERE name = ${WEARABLE_SYNC_QUEUE} AND state IN ('created', 'retry') AND data->>'connectionId' = ANY(${connectionIds})`;
}

/**
 * One transaction: the leftovers go on the cleanup queue, then every row the user owns goes. The user
 * row's delete cascades to every table with a userId (and daily_actions through their sets); what no
 * foreign key ties to the user is deleted here by hand: next-auth's verification tokens (by e-mail) and
 * the rate-limit counters keyed by the user's id or e-mail (lib/rate-limit.ts hashes them). The
 * data-version triggers on the cascaded tables then update no user row, which is what they should do.
 * Answers the uploads' storage keys, read under the row lock, or null when the user was already gone.
 */
async function deleteRows(userId: string, leftovers: Leftover[]): Promise<{ uploads: string[]; imports: string[] } | null> {
  return db.$transaction(
    async (tx) => {
      // The lock holds off every write that would add a row for the user (its foreign key check waits on it).
      const [user] = await tx.$queryRaw<{ email: string }[]>`SELECT email FROM users WHERE id = ${userId} FOR UPDATE`;
      if (!user) return null;
      const reports = await tx.labReport.findMany({ where: { userId }, select: { storageKey: true } });
      const imports = await tx.historyImport.findMany({ where: { userId, storageKey: { not: null } }, select: { storageKey: true } });
      const boss = bossOver(tx);
      for (const leftover of leftovers) await sendAccountCleanup(boss, toJob(userId, leftover));
      await tx.verificationToken.deleteMany({ where: { identifier: user.email } });
      await tx.$executeRaw`DELETE FROM rate_limits WHERE right(key, 65) IN (${`:${sha256(userId.toLowerCase())}`}, ${`:${sha256(user.email.toLowerCase())}`})`;
      await dropQueuedSyncs(tx, userId);
      await tx.user.delete({ where: { id: userId } });
      return { uploads: reports.map((report) => report.storageKey), imports: imports.flatMap((i) => (i.storageKey ? [i.storageKey] : [])) };
    },
    // A long history (heart-rate samples every few minutes) takes a while to cascade.
    { maxWait: 10_000, timeout: 120_000 },
  );
}

/** Removes the uploaded files once their rows are gone; any the file system refused go on the queue. */
async function removeFiles(userId: string, storageKeys: string[]): Promise<void> {
  const left: Leftover[] = [];
  for (const storageKey of storageKeys) if (!(await removeFile(userId, storageKey))) left.push({ task: 'remove-upload', storageKey });
  if (!left.length) return;
  try {
    await readyJobQueue();
    const boss = bossOver(db);
    for (const leftover of left) await sendAccountCleanup(boss, toJob(userId, leftover));
  } catch (error) {
    console.error(`[account] member ${memberHash(userId)}: ${left.length} uploaded report(s) could not be removed nor queued for another try (${errorName(error)})`);
  }
}

/**
 * Deletes the account and everything it owns (GDPR Art. 17): Stripe subscriptions cancelled, wearable
 * access revoked, every row deleted in one transaction (its sessions with it, so any cookie for it stops
 * working at once), then the uploaded files. A call outside that fails does not stop the deletion: it
 * is queued (account-cleanup) and retried. Throws, having deleted nothing, only when the database or
 * the job queue cannot be used.
 *
 * A user id that does not exist, including one already deleted, is a no-op: deleting is idempotent,
 * so a retried or doubled request is harmless.
 */
export async function deleteAccount(userId: string): Promise<void> {
  const work = await outsideWork(userId);
  if (work === null) return;
  const leftovers = (await Promise.all(work.map((leftover) => attempt(userId, leftover)))).filter((leftover) => leftover !== null);
  if (leftovers.length) await cleanupQueueReady();
  const files = await deleteRows(userId, leftovers);
  if (files === null) return;
  if (leftovers.length) console.warn(`[account] member ${memberHash(userId)}: deleted; ${leftovers.length} call(s) outside queued for another try`);
  await removeFiles(userId, files.uploads);
  // A history file still being imported: removed now (it lives minutes; nothing else names it).
  for (const storageKey of files.imports) await removeImportFile(storageKey).catch((error: unknown) => console.warn(`[account] member ${memberHash(userId)}: removing an import file failed (${errorName(error)})`));
}
