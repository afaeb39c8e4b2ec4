// Deleting an account (GDPR Art. 17, lib/account/delete-account.ts) against this file's own PostgreSQL
// database, local fakes of Whoop, Oura, Withings and Stripe, and an uploads folder of its own: every row that
// names the member gone from every table, a bystander's rows untouched, the Stripe subscription
// cancelled, wearable access revoked, the uploaded report removed, the session dead; with a provider
// down, the deletion still happens and the leftover waits on the account-cleanup queue, tokens sealed.
import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Stripe from 'stripe';
import { startFakeStripe, type FakeStripe } from '../fakes/stripe-peer';
import { startFakeOAuthProvider, type FakeOAuthProvider } from '../fakes/wearable-oauth-peer';
import { makeJobQueues } from '../support/job-queues';
import { connectWearable, createMember, uniqueEmail } from '../support/members';
import { waitFor } from '../support/wait-for';
import { budget } from '../setup/machine-speed.js';

const WHOOP = { clientId: 'whoop-delete-client', clientSecret: 'whoop-delete-secret' };
const OURA = { clientId: 'oura-delete-client', clientSecret: 'oura-delete-secret' };
const WITHINGS = { clientId: 'withings-delete-client', clientSecret: 'withings-delete-secret' };
const STRIPE_KEY = 'sk_test_vitality_delete_account_51Hx';
let whoop: FakeOAuthProvider;
let oura: FakeOAuthProvider;
let withings: FakeOAuthProvider;
let fakeStripe: FakeStripe;
let sdk: Stripe;
let uploadsDir: string;

type Lib = {
  db: typeof import('@/lib/db').db;
  account: typeof import('@/lib/account/delete-account');
  jobs: typeof import('@/lib/jobs/queues') & typeof import('@/scripts/job-worker');
  storage: typeof import('@/lib/labs/storage');
  sessions: typeof import('@/lib/auth/sessions');
  rateLimit: typeof import('@/lib/rate-limit');
};
let lib: Lib;

beforeAll(async () => {
  [whoop, oura, withings] = await Promise.all([startFakeOAuthProvider('whoop', WHOOP), startFakeOAuthProvider('oura', OURA), startFakeOAuthProvider('withings', WITHINGS)]);
  fakeStripe = await startFakeStripe({ secretKey: STRIPE_KEY, webhookSecret: 'whsec_delete_account_test' });
  sdk = new Stripe(STRIPE_KEY, { ...fakeStripe.apiOptions, telemetry: false, maxNetworkRetries: 0 });
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), 'vt-delete-account-'));
  // The app reads its environment once, on first import: set it first.
  Object.assign(process.env, {
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
    WHOOP_CLIENT_ID: WHOOP.clientId, WHOOP_CLIENT_SECRET: WHOOP.clientSecret, WHOOP_BASE_URL: whoop.baseUrl,
    OURA_CLIENT_ID: OURA.clientId, OURA_CLIENT_SECRET: OURA.clientSecret, OURA_API_BASE_URL: oura.baseUrl, OURA_AUTH_BASE_URL: oura.baseUrl,
    WITHINGS_CLIENT_ID: WITHINGS.clientId, WITHINGS_CLIENT_SECRET: WITHINGS.clientSecret, WITHINGS_API_BASE_URL: withings.baseUrl, WITHINGS_AUTH_BASE_URL: withings.baseUrl,
    STRIPE_SECRET_KEY: STRIPE_KEY, STRIPE_API_URL: fakeStripe.baseUrl,
    UPLOADS_DIR: uploadsDir,
  });
  lib = {
    db: (await import('@/lib/db')).db,
    account: await import('@/lib/account/delete-account'),
    jobs: { ...(await import('@/lib/jobs/queues')), ...(await import('@/scripts/job-worker')) },
    storage: await import('@/lib/labs/storage'),
    sessions: await import('@/lib/auth/sessions'),
    rateLimit: await import('@/lib/rate-limit'),
  };
  // pg-boss's tables and the queues, as the job process makes them when it starts (no workers yet).
  await makeJobQueues();
}, budget(60_000));

afterAll(async () => {
  // The deletion readies the queue through the web process's sender (lib/jobs/send.ts).
  await (await import('@/lib/jobs/send')).stopSender();
  await lib?.db.$disconnect();
  await Promise.all([whoop?.stop(), oura?.stop(), withings?.stop(), fakeStripe?.stop()]);
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const DAY = new Date('2026-11-20T00:00:00Z');
const LATER = new Date(Date.now() + 86_400_000);

/** An active subscription made the way a member makes one: a customer, a checkout, Pay. */
async function stripeSubscription(email: string): Promise<{ customerId: string; subscriptionId: string }> {
  const customer = await sdk.customers.create({ email });
  const session = await sdk.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: 'price_vitality_monthly', quantity: 1 }],
    success_url: 'http://localhost:3000/main_dashboard?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/main_dashboard',
  });
  await fakeStripe.pay(session.id);
  const subscriptionId = String(fakeStripe.checkoutSessions().find((made) => made.id === session.id)!.subscription);
  return { customerId: customer.id, subscriptionId };
}

/** A sealed Whoop, Oura or Withings connection whose access token expires `expiresInMs` from now. */
async function connect(userId: string, provider: 'WHOOP' | 'OURA' | 'WITHINGS', expiresInMs = 3_600_000) {
  const issued = { WHOOP: whoop, OURA: oura, WITHINGS: withings }[provider].issue();
  const row = await connectWearable(userId, provider, { accessToken: issued.accessToken, refreshToken: issued.refreshToken, expiresAt: new Date(Date.now() + expiresInMs), externalUserId: issued.member });
  return { ...issued, connectionId: row.id };
}

let made = 0;
/** A member with a row in every table a member owns, an uploaded report on disk, a session and a queued sync. */
async function member(label: string) {
  made += 1;
  const email = `delete-${label}-${made}-${randomBytes(3).toString('hex')}@example.test`;
  const { id: userId } = await createMember({ email, firstName: 'Del', lastName: label });
  const { customerId, subscriptionId } = await stripeSubscription(email);
  await lib.db.user.update({ where: { id: userId }, data: { stripeCustomerId: customerId } });
  await lib.db.subscription.create({ data: { userId, stripeCustomerId: customerId, stripeSubscriptionId: subscriptionId, status: 'ACTIVE', syncedFromStripeAt: new Date() } });
  const whoopGrant = await connect(userId, 'WHOOP');
  const ouraGrant = await connect(userId, 'OURA');
  const withingsGrant = await connect(userId, 'WITHINGS');

  const storageKey = await lib.storage.storeUpload(new TextEncoder().encode(`%PDF-1.4 ${label}`), 'pdf');
  const report = await lib.db.labReport.create({ data: { userId, fileName: 'bloods.pdf', mimeType: 'application/pdf', sizeBytes: 12, storageKey } });
  const unique = randomBytes(8).toString('hex');
  await lib.db.account.create({ data: { userId, type: 'oauth', provider: 'google', providerAccountId: `google-${unique}` } });
  const session = await lib.sessions.createSession(userId);
  await lib.db.passwordResetToken.create({ data: { userId, tokenHash: sha256(`reset-${unique}`), expiresAt: LATER } });
  await lib.db.verificationToken.create({ data: { identifier: email, token: `verify-${unique}`, expires: LATER } });
  await lib.db.wearableOAuthState.create({ data: { userId, stateHash: sha256(`state-${unique}`), provider: 'WITHINGS', expiresAt: LATER } });
  await lib.db.deviceToken.create({ data: { userId, name: 'iPhone', tokenHash: sha256(`device-${unique}`) } });
  // The sign-in security rows: a passkey, a challenge, the authenticator app, a recovery code, a remembered browser, a pending second step, a log entry.
  await lib.db.passkey.create({ data: { userId, credentialId: `cred-${unique}`, publicKey: Buffer.from('key'), deviceType: 'singleDevice', name: 'Laptop' } });
  await lib.db.webAuthnChallenge.create({ data: { userId, challenge: `challenge-${unique}`, purpose: 'step-up', expiresAt: LATER } });
  await lib.db.totpFactor.create({ data: { userId, secret: 'v1.sealed', confirmedAt: new Date() } });
  await lib.db.recoveryCode.create({ data: { userId, codeHash: '$argon2id$hash' } });
  await lib.db.rememberedBrowser.create({ data: { userId, tokenHash: sha256(`remember-${unique}`), expiresAt: LATER } });
  await lib.db.pendingSignIn.create({ data: { userId, tokenHash: sha256(`pending-${unique}`), expiresAt: LATER } });
  await lib.db.securityEvent.create({ data: { userId, kind: 'sign_in', detail: 'with password', browser: 'Chrome on Mac' } });
  await lib.db.doctorShare.create({ data: { userId, tokenHash: sha256(`share-${unique}`), expiresAt: LATER, views: { create: { browser: 'Firefox on Windows' } } } });
  await lib.db.healthSample.create({ data: { userId, uuid: `uuid-${unique}`, type: 'HKQuantityTypeIdentifierStepCount', value: 1200, unit: 'count', startAt: DAY, endAt: DAY } });
  await lib.db.dailyMetric.create({ data: { userId, day: DAY, source: 'WHOOP', steps: 8000 } });
  await lib.db.heartRateSample.create({ data: { userId, recordedAt: DAY, bpm: 61, source: 'WHOOP' } });
  await lib.db.vitalScan.create({ data: { userId, source: 'ONBOARDING', heartRateBpm: 64 } });
  await lib.db.dailyCheckin.create({ data: { userId, day: DAY, mood: 'HAPPY', energy: 'PEAK', symptoms: ['none'] } });
  await lib.db.reflectionChat.create({ data: { userId, day: DAY, turns: [{ role: 'user', content: 'fine' }] } });
  await lib.db.patternSet.create({ data: { userId, day: DAY, insights: ['Sleep more'], nextRefreshAt: LATER } });
  await lib.db.reminderLog.create({ data: { userId, kind: 'DAILY_CHECKIN', period: '2026-11-20' } });
  await lib.db.dailyActionSet.create({ data: { userId, day: DAY, vitality: 70, summary: 'Good', nextRefreshAt: LATER, actions: { create: [{ position: 1, key: 'walk', title: 'Walk' }] } } });
  await lib.db.recommendationSet.create({ data: { userId, day: DAY, place: 'none', supplementSlugs: ['vitamin-d'], advice: 'Take it', nextRefreshAt: LATER } });
  await lib.db.notification.create({ data: { userId, title: 'Hello' } });
  await lib.db.labResult.create({ data: { userId, reportId: report.id, marker: 'total_testosterone', value: 600, unit: 'ng/dL', valueNgDl: 600, takenAt: DAY } });
  await lib.db.mindsetAssessment.create({ data: { userId, answers: [3, 3, 3, 3, 3], score: 60 } });
  await lib.db.kitOrder.create({ data: { userId, fullName: 'Max Mustermann', line1: '1 High Street', city: 'London', postalCode: 'SW1A 1AA', country: 'gb' } });
  await lib.db.medication.create({ data: { userId, kind: 'TRT', name: 'Testosterone enanthate', dose: 125, doseUnit: 'mg', frequency: 'weekly', intervalDays: 7, route: 'intramuscular_injection', preparation: 'Testosterone enanthate', startedOn: DAY } });
  // An experiment with a day's answers: experiment_days belong to the member through their experiment.
  const experiment = await lib.db.experiment.create({
    data: { userId, change: 'Magnesium at night', outcome: 'hrvMs', exploratory: [], direction: 'higher', design: 'AB', baselineFrom: DAY, changeFrom: new Date(DAY.getTime() + 14 * 86_400_000), baselineDays: 14, changeDays: 28, days: { create: [{ day: DAY, ill: true }] } },
  });
  await lib.db.uploadLease.create({ data: { userId, slot: 1, expiresAt: new Date(Date.now() + 60_000) } });
  const imported = await lib.db.historyImport.create({ data: { userId, kind: 'apple_health', fileName: 'export.zip', sha256: `sha-${userId}`, status: 'done', daysStored: 1 } });
  await lib.db.dailyMetric.create({ data: { userId, day: new Date('2026-01-02T00:00:00Z'), source: 'APPLE_HEALTH_EXPORT', steps: 8100, importId: imported.id } });
  // Counters keyed by the member's id and e-mail (hashed by lib/rate-limit.ts).
  await lib.rateLimit.enforceLimits([{ name: 'billing:user', identifier: userId, max: 100, windowSeconds: 3600 }, { name: 'login:email', identifier: email, max: 100, windowSeconds: 3600 }], 'test');
  // A sync waiting on the queue for one of the connections.
  await lib.jobs.sendWearableSync(lib.jobs.bossOver(lib.db), { connectionId: whoopGrant.connectionId, reason: 'poll' });
  return { userId, email, subscriptionId, storageKey, session, whoopGrant, ouraGrant, withingsGrant, experimentId: experiment.id };
}
type Member = Awaited<ReturnType<typeof member>>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every table of the app's schema, from the catalogue (so a table added later is checked too). */
async function tables(): Promise<string[]> {
  const rows = await lib.db.$queryRaw<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY 1`;
  return rows.map((row) => row.name);
}

/** Per table, the rows in which any column (text, arrays, JSON alike: the whole row as text) holds one of `needles`. */
async function rowsHolding(needles: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tables()) {
    const [row] = await lib.db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${quoted(table)} t WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) needle WHERE strpos(t::text, needle) > 0)`, needles);
    counts[table] = row!.n;
  }
  return counts;
}

/** What identifies a member anywhere: the id, the e-mail, and both as lib/rate-limit.ts hashes them. */
const needlesOf = (someone: Pick<Member, 'userId' | 'email'>) => [someone.userId, someone.email, sha256(someone.userId), sha256(someone.email)];

/** The tables with a userId column: the ones a member owns directly. */
async function ownedTables(): Promise<string[]> {
  const rows = await lib.db.$queryRaw<{ name: string }[]>`SELECT table_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'userId' ORDER BY 1`;
  return rows.map((row) => row.name);
}

async function rowsOwnedBy(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await ownedTables()) {
    const [row] = await lib.db.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${quoted(table)} WHERE "userId" = $1`, userId);
    counts[table] = row!.n;
  }
  return counts;
}

const exists = (file: string) => access(file).then(() => true, () => false);

async function queuedSyncs(connectionId: string): Promise<number> {
  const [row] = await lib.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'wearable-sync' AND data->>'connectionId' = ${connectionId}`;
  return row!.n;
}

/** The job worker's sessions on this file's database (startJobs names them vitality-jobs). */
async function jobWorkerSessions(): Promise<number> {
  const [row] = await lib.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'vitality-jobs'`;
  return row!.n;
}

type CleanupRow = { id: string; state: string; data: import('@/lib/account/delete-account').AccountCleanupJob };
const cleanupJobs = (userId: string) => lib.db.$queryRaw<CleanupRow[]>`SELECT id::text AS id, state::text AS state, data FROM pgboss.job WHERE name = 'account-cleanup' AND data->>'userId' = ${userId} ORDER BY created_on`;

/** Everything of `gone` is gone from every table and the disk; asserts the sessions refuse it. */
async function expectErased(gone: Member): Promise<void> {
  const left = Object.entries(await rowsHolding(needlesOf(gone))).filter(([, n]) => n > 0);
  expect(left).toEqual([]);
  expect(await exists(lib.storage.uploadPath(gone.storageKey))).toBe(false);
  expect(await lib.sessions.readSession(gone.session.token)).toBeNull();
  const request = new Request('http://localhost:3000/api/me', { headers: { cookie: `next-auth.session-token=${gone.session.token}` } });
  expect(await lib.sessions.sessionUserFromRequest(request)).toBeNull();
}

describe('deleteAccount', () => {
  let gone: Member;
  let kept: Member;
  let keptBefore: Record<string, number>;

  beforeAll(async () => {
    gone = await member('gone');
    kept = await member('kept');
    keptBefore = await rowsHolding(needlesOf(kept));
  }, budget(60_000));

  it('starts from a member with a row in every table a member owns (a table added later must be added here)', async () => {
    const owned = await rowsOwnedBy(gone.userId);
    expect(Object.keys(owned).length).toBeGreaterThanOrEqual(20);
    expect(Object.entries(owned).filter(([, n]) => n === 0)).toEqual([]);
    const anywhere = await rowsHolding(needlesOf(gone));
    // The rows no foreign key ties to the member: the verification token (by e-mail) and the hashed counters.
    expect(anywhere.verification_tokens).toBe(1);
    expect(anywhere.rate_limits).toBe(2);
    expect(await lib.db.dailyAction.count({ where: { set: { userId: gone.userId } } })).toBe(1);
    expect(await lib.db.experimentDay.count({ where: { experimentId: gone.experimentId } })).toBe(1);
  });

  it('deletes every row that names the member, in every table, cancels the subscription, revokes the wearables and removes the file', async () => {
    const stripeCalls = fakeStripe.requests.length;
    await lib.account.deleteAccount(gone.userId);

    await expectErased(gone);
    expect(await lib.db.user.findUnique({ where: { id: gone.userId } })).toBeNull();
    expect(await lib.db.experimentDay.count({ where: { experimentId: gone.experimentId } })).toBe(0);
    expect(await queuedSyncs(gone.whoopGrant.connectionId)).toBe(0);
    expect(await cleanupJobs(gone.userId)).toEqual([]);

    // Stripe: cancelled at once, with one call for the one open subscription.
    expect(fakeStripe.requests.slice(stripeCalls)).toEqual([{ method: 'DELETE', path: `/v1/subscriptions/${gone.subscriptionId}`, stripeVersion: Stripe.API_VERSION }]);
    expect(fakeStripe.subscriptions().find((s) => s.id === gone.subscriptionId)?.status).toBe('canceled');
    // The wearables: access revoked for the member at each provider.
    expect(whoop.revocations).toContain(gone.whoopGrant.member);
    expect(oura.revocations).toContain(gone.ouraGrant.member);
    expect(withings.revocations).toContain(gone.withingsGrant.member);
    expect(whoop.honours(gone.whoopGrant.accessToken)).toBe(false);
    expect(oura.honours(gone.ouraGrant.accessToken)).toBe(false);
    expect(withings.honours(gone.withingsGrant.accessToken)).toBe(false);
  });

  it('leaves the other member exactly as they were', async () => {
    expect(await rowsHolding(needlesOf(kept))).toEqual(keptBefore);
    expect(Object.entries(await rowsOwnedBy(kept.userId)).filter(([, n]) => n === 0)).toEqual([]);
    expect(await lib.db.experimentDay.count({ where: { experimentId: kept.experimentId } })).toBe(1);
    expect(await exists(lib.storage.uploadPath(kept.storageKey))).toBe(true);
    expect((await lib.sessions.readSession(kept.session.token))?.user.id).toBe(kept.userId);
    expect(await queuedSyncs(kept.whoopGrant.connectionId)).toBe(1);
    expect(fakeStripe.subscriptions().find((s) => s.id === kept.subscriptionId)?.status).toBe('active');
    expect(whoop.revocations).not.toContain(kept.whoopGrant.member);
    expect(oura.revocations).not.toContain(kept.ouraGrant.member);
    expect(withings.revocations).not.toContain(kept.withingsGrant.member);
    expect(whoop.honours(kept.whoopGrant.accessToken)).toBe(true);
    expect(withings.honours(kept.withingsGrant.accessToken)).toBe(true);
  });

  it('is a no-op for a user already deleted, or one that never was: nothing is called, nothing changes', async () => {
    const stripeCalls = fakeStripe.requests.length;
    const whoopCalls = whoop.requests.length;
    await expect(lib.account.deleteAccount(gone.userId)).resolves.toBeUndefined();
    await expect(lib.account.deleteAccount('no-such-user')).resolves.toBeUndefined();
    expect(fakeStripe.requests.length).toBe(stripeCalls);
    expect(whoop.requests.length).toBe(whoopCalls);
    expect(await rowsHolding(needlesOf(kept))).toEqual(keptBefore);
  });

  it('refreshes an access token about to expire before revoking with it', async () => {
    const user = await createMember({ email: uniqueEmail('delete-expired') });
    const grant = await connect(user.id, 'OURA', -60_000);
    const refreshes = oura.refreshCalls;
    await lib.account.deleteAccount(user.id);
    expect(oura.refreshCalls).toBe(refreshes + 1);
    expect(oura.revocations).toContain(grant.member);
    expect(await lib.db.user.findUnique({ where: { id: user.id } })).toBeNull();
    expect(await cleanupJobs(user.id)).toEqual([]);
  });
});

describe('deleteAccount while a provider is down', () => {
  it('still deletes everything, queues what failed with its tokens sealed, and the job finishes it once the provider is back', async () => {
    const outage = await member('outage');
    // The file cannot be removed: a directory stands where it was (a stand-in for a file system refusing).
    const file = lib.storage.uploadPath(outage.storageKey);
    await rm(file);
    await mkdir(path.join(file, 'busy'), { recursive: true });
    whoop.failWith('server-error');
    fakeStripe.failNext('DELETE', '/v1/subscriptions/', 500, 1);
    try {
      await lib.account.deleteAccount(outage.userId);
    } finally {
      whoop.failWith(null);
    }

    // Deleted all the same, everywhere (the stuck file apart, which the queue will see to).
    const left = Object.entries(await rowsHolding(needlesOf(outage))).filter(([, n]) => n > 0);
    expect(left).toEqual([]);
    expect(await lib.sessions.readSession(outage.session.token)).toBeNull();
    expect(oura.revocations).toContain(outage.ouraGrant.member);
    expect(whoop.honours(outage.whoopGrant.accessToken)).toBe(true);

    const jobs = await cleanupJobs(outage.userId);
    expect(jobs.map((job) => job.data.task).sort()).toEqual(['cancel-subscription', 'remove-upload', 'revoke-wearable']);
    expect(jobs.find((job) => job.data.task === 'cancel-subscription')?.data).toEqual({ task: 'cancel-subscription', userId: outage.userId, subscriptionId: outage.subscriptionId });
    expect(jobs.find((job) => job.data.task === 'remove-upload')?.data).toEqual({ task: 'remove-upload', userId: outage.userId, storageKey: outage.storageKey });
    const revoke = jobs.find((job) => job.data.task === 'revoke-wearable')!.data;
    expect(revoke).toMatchObject({ task: 'revoke-wearable', userId: outage.userId, wearable: 'whoop', sealedAccessToken: expect.stringMatching(/^v1\./), sealedRefreshToken: expect.stringMatching(/^v1\./) });
    // No token in plain text anywhere in the job table (nor under the queue's archive).
    for (const token of [outage.whoopGrant.accessToken, outage.whoopGrant.refreshToken]) {
      const [row] = await lib.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pgboss.job WHERE strpos(data::text, ${token}) > 0 OR strpos(coalesce(output::text, ''), ${token}) > 0`;
      expect(row!.n).toBe(0);
    }
    const queue = await lib.db.$queryRaw<{ retry_limit: number; retry_backoff: boolean }[]>`SELECT retry_limit, retry_backoff FROM pgboss.queue WHERE name = 'account-cleanup'`;
    expect(queue).toEqual([{ retry_limit: 10, retry_backoff: true }]);

    // The providers are back: the worker runs the jobs and each leftover is done.
    await rm(file, { recursive: true });
    // Only the cleanup jobs: the bystander's waiting sync is not this test's business.
    await lib.db.$executeRaw`DELETE FROM pgboss.job WHERE name = 'wearable-sync'`;
    const running = await lib.jobs.startJobs(process.env.DATABASE_URL!, { schedule: false, pollingIntervalSeconds: 0.5 });
    try {
      await waitFor(async () => (await cleanupJobs(outage.userId)).every((job) => job.state === 'completed'), 'the cleanup jobs to complete', { timeoutMs: 15_000 });
    } finally {
      await running.stop();
      // The worker's sessions outlive stop() for a moment: they must be gone while this file's database is still up.
      await waitFor(async () => (await jobWorkerSessions()) === 0, 'the job worker to close its database sessions');
    }
    expect((await cleanupJobs(outage.userId)).map((job) => job.state)).toEqual(['completed', 'completed', 'completed']);
    expect(whoop.revocations).toContain(outage.whoopGrant.member);
    expect(whoop.honours(outage.whoopGrant.accessToken)).toBe(false);
    expect(fakeStripe.subscriptions().find((s) => s.id === outage.subscriptionId)?.status).toBe('canceled');
    expect(await exists(file)).toBe(false);
  }, budget(60_000));

  it('a job whose provider is still down throws so the queue retries it; a refused token counts as done', async () => {
    const userId = `retry-${randomBytes(4).toString('hex')}`;
    const grant = whoop.issue();
    // The job a deletion would have queued, sealed as deleteAccount seals it.
    const job: import('@/lib/account/delete-account').AccountCleanupJob = await (async () => {
      await createMember({ id: userId, email: `${userId}@example.test` });
      await connectWearable(userId, 'WHOOP', { accessToken: grant.accessToken, refreshToken: grant.refreshToken, expiresAt: new Date(Date.now() + 3_600_000) });
      whoop.failWith('server-error');
      try {
        await lib.account.deleteAccount(userId);
      } finally {
        whoop.failWith(null);
      }
      const [queued] = await cleanupJobs(userId);
      return queued!.data;
    })();
    const requeued: unknown[] = [];
    const requeue = async (next: unknown) => void requeued.push(next);

    whoop.failWith('server-error');
    try {
      await expect(lib.account.runAccountCleanup(job, requeue)).rejects.toBeInstanceOf(lib.account.CleanupPending);
    } finally {
      whoop.failWith(null);
    }
    await expect(lib.account.runAccountCleanup(job, requeue)).resolves.toBeUndefined();
    expect(whoop.honours(grant.accessToken)).toBe(false);
    // Run again (the queue may deliver twice): the provider now refuses the token, which is done too.
    await expect(lib.account.runAccountCleanup(job, requeue)).resolves.toBeUndefined();
    expect(requeued).toEqual([]);
  });

  it('a job that had to refresh the grant and still could not revoke goes back on the queue with the new tokens, sealed', async () => {
    const userId = `rotate-${randomBytes(4).toString('hex')}`;
    await createMember({ id: userId, email: `${userId}@example.test` });
    const grant = whoop.issue();
    await connectWearable(userId, 'WHOOP', { accessToken: grant.accessToken, refreshToken: grant.refreshToken, expiresAt: new Date(Date.now() - 60_000) });
    // Only the revocation fails: the refresh goes through and rotates the tokens.
    whoop.failWith('server-error', '/developer/v2/user/access');
    try {
      const refreshes = whoop.refreshCalls;
      await lib.account.deleteAccount(userId);
      // The deletion's own refresh rotated the tokens (the stored refresh token is dead now): the job carries the new ones.
      expect(whoop.refreshCalls).toBe(refreshes + 1);
      const [queued] = await cleanupJobs(userId);
      const rotated = queued!.data;

      const requeued: import('@/lib/account/delete-account').AccountCleanupJob[] = [];
      // Its access token made to look stale, so that the job refreshes (and rotates) once more.
      const stale = { ...rotated, expiresAt: new Date(Date.now() - 60_000).toISOString() };
      await expect(lib.account.runAccountCleanup(stale, async (next) => void requeued.push(next))).resolves.toBeUndefined();
      expect(requeued).toHaveLength(1);
      expect(requeued[0]).toMatchObject({ task: 'revoke-wearable', userId, wearable: 'whoop', sealedAccessToken: expect.stringMatching(/^v1\./) });
      expect(requeued[0]).not.toEqual(stale);
      expect(whoop.refreshCalls).toBe(refreshes + 2);
      whoop.failWith(null);
      await lib.account.runAccountCleanup(requeued[0]!, async () => undefined);
    } finally {
      whoop.failWith(null);
    }
    expect(whoop.revocations).toContain(grant.member);
  });

  /** A member with a Withings connection, deleted while Withings answers 500. */
  async function deletedWhileWithingsDown(prefix: string) {
    const userId = `${prefix}-${randomBytes(4).toString('hex')}`;
    await createMember({ id: userId, email: `${userId}@example.test` });
    const grant = await connect(userId, 'WITHINGS');
    withings.failWith('server-error');
    try {
      await lib.account.deleteAccount(userId);
    } finally {
      withings.failWith(null);
    }
    return { userId, grant };
  }

  it('with Withings down, the Withings grant waits on the queue with the member’s Withings userid, and the job revokes it once Withings is back', async () => {
    const { userId, grant } = await deletedWhileWithingsDown('withings');
    expect(await lib.db.user.findUnique({ where: { id: userId } })).toBeNull();
    expect(await lib.db.wearableConnection.count({ where: { id: grant.connectionId } })).toBe(0);
    expect(withings.honours(grant.accessToken)).toBe(true);
    const [queued, ...more] = await cleanupJobs(userId);
    expect(more).toEqual([]);
    const job = queued!.data;
    expect(job).toMatchObject({ task: 'revoke-wearable', userId, wearable: 'withings', externalUserId: grant.member, sealedAccessToken: expect.stringMatching(/^v1\./) });
    expect(JSON.stringify(job)).not.toContain(grant.accessToken);

    // Still down at the revocation itself (the nonce is had): the queue must try again.
    withings.failWith('server-error', '/v2/oauth2');
    try {
      await expect(lib.account.runAccountCleanup(job, async () => undefined)).rejects.toBeInstanceOf(lib.account.CleanupPending);
    } finally {
      withings.failWith(null);
    }
    expect(withings.revocations).not.toContain(grant.member);

    const requeued: unknown[] = [];
    await expect(lib.account.runAccountCleanup(job, async (next) => void requeued.push(next))).resolves.toBeUndefined();
    expect(withings.revocations).toContain(grant.member);
    expect(withings.honours(grant.accessToken)).toBe(false);
    // Delivered again: Withings knows no grant for the member any more (a non-zero status), which is done too.
    await expect(lib.account.runAccountCleanup(job, async (next) => void requeued.push(next))).resolves.toBeUndefined();
    expect(requeued).toEqual([]);
  });

  it('a Withings job queued before it carried the userid still runs: the notifications are revoked, the grant cannot be named', async () => {
    const { userId, grant } = await deletedWhileWithingsDown('withings-old');
    const [queued] = await cleanupJobs(userId);
    const { externalUserId, ...old } = queued!.data as Extract<import('@/lib/account/delete-account').AccountCleanupJob, { task: 'revoke-wearable' }>;
    expect(externalUserId).toBe(grant.member);
    const before = withings.requests.length;
    await expect(lib.account.runAccountCleanup(old, async () => undefined)).resolves.toBeUndefined();
    expect(withings.requests.slice(before)).toEqual(Array(4).fill('POST /notify'));
    expect(withings.revocations).not.toContain(grant.member);
  });
});
