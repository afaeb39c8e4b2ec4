// Rotating TOKEN_ENCRYPTION_KEY against this file's own PostgreSQL database: values sealed under an old
// key A still open in an app given TOKEN_ENCRYPTION_KEY=B and TOKEN_ENCRYPTION_KEY_PREVIOUS=A; the real
// `npm run tokens:rotate` then re-seals every one (connection tokens, PKCE verifiers, account-cleanup jobs)
// under B with its context unchanged, a second run writes nothing, a value under an unknown key fails the
// run by row id, and nothing it prints holds a token or a key.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import PgBoss from 'pg-boss';
import { runToEnd, type Finished } from '../setup/run-to-end';
import { connectWearable, createMember } from '../support/members';
import { openUnder, sealUnder } from '../support/sealed-tokens';
import { budget } from '../setup/machine-speed.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const [A, B, C] = [randomBytes(32), randomBytes(32), randomBytes(32)];
// The operator's spelling of each: base64 as `openssl rand -base64 32` gives, and hex.
const KEYS = { TOKEN_ENCRYPTION_KEY: B.toString('base64'), TOKEN_ENCRYPTION_KEY_PREVIOUS: A.toString('hex') };
const KEY_TEXTS = [A, B, C].flatMap((key) => [key.toString('base64'), key.toString('base64url'), key.toString('hex')]);

type Lib = {
  db: typeof import('@/lib/db').db;
  tokens: typeof import('@/lib/wearables/tokens');
  cipher: typeof import('@/lib/security/token-cipher');
  queues: typeof import('@/lib/jobs/queues');
};
let lib: Lib;

beforeAll(async () => {
  // The app reads its environment once, on first import: set it first.
  Object.assign(process.env, KEYS);
  lib = {
    db: (await import('@/lib/db')).db,
    tokens: await import('@/lib/wearables/tokens'),
    cipher: await import('@/lib/security/token-cipher'),
    queues: await import('@/lib/jobs/queues'),
  };
  // pg-boss's tables and the queues, as the job process makes them when it starts.
  const boss = new PgBoss({ connectionString: process.env.DATABASE_URL!, max: 1, schedule: false, supervise: false });
  await boss.start();
  await lib.queues.ensureQueues(boss);
  await boss.stop({ graceful: false, wait: true, close: true });
}, budget(60_000));

afterAll(async () => {
  await lib?.db.$disconnect();
});

const rotate = (): Promise<Finished> => runToEnd('npm', ['run', 'tokens:rotate'], { ...KEYS, DATABASE_URL: process.env.DATABASE_URL! }, ROOT);
const LATER = new Date(Date.now() + 3_600_000);
const plain = (label: string) => `${label}-${randomBytes(12).toString('hex')}`;

/** A connection whose tokens `key` sealed, stored as the connect flow stores them but for the key. */
async function connectionUnder(key: Buffer, provider: 'WHOOP' | 'OURA', withRefresh: boolean) {
  const { id: userId } = await createMember();
  const access = plain(`${provider.toLowerCase()}-access`);
  const refresh = withRefresh ? plain(`${provider.toLowerCase()}-refresh`) : null;
  const row = await lib.db.wearableConnection.create({
    data: {
      userId,
      provider,
      expiresAt: LATER,
      accessTokenEncrypted: sealUnder(key, access, `${userId}:${provider}:access`),
      refreshTokenEncrypted: refresh === null ? null : sealUnder(key, refresh, `${userId}:${provider}:refresh`),
    },
  });
  return { id: row.id, userId, provider, access, refresh };
}

async function connectionColumns(id: string) {
  return lib.db.wearableConnection.findUniqueOrThrow({ where: { id }, select: { accessTokenEncrypted: true, refreshTokenEncrypted: true } });
}

async function jobData(id: string): Promise<Record<string, string | null>> {
  const [row] = await lib.db.$queryRaw<{ data: Record<string, string | null> }[]>`SELECT data FROM pgboss.job WHERE id = ${id}::uuid`;
  return row!.data;
}

describe('rotating TOKEN_ENCRYPTION_KEY', () => {
  let whoop: Awaited<ReturnType<typeof connectionUnder>>;
  let oura: Awaited<ReturnType<typeof connectionUnder>>;
  let current: { id: string; userId: string; access: string; refresh: string };
  let state: { id: string; userId: string; verifier: string };
  let job: { id: string; userId: string; access: string; refresh: string };
  let totp: { userId: string; secret: string };
  let secrets: string[];

  beforeAll(async () => {
    whoop = await connectionUnder(A, 'WHOOP', true);
    oura = await connectionUnder(A, 'OURA', false);
    // One already under B, as the app seals it now.
    const { id: userId } = await createMember();
    const tokens = { access: plain('whoop-access'), refresh: plain('whoop-refresh') };
    const row = await connectWearable(userId, 'WHOOP', { accessToken: tokens.access, refreshToken: tokens.refresh, expiresAt: LATER });
    current = { id: row.id, userId, ...tokens };

    const verifier = plain('pkce-verifier');
    const made = await lib.db.wearableOAuthState.create({
      data: { stateHash: randomBytes(32).toString('hex'), userId: whoop.userId, provider: 'WHOOP', codeVerifierEncrypted: sealUnder(A, verifier, `${whoop.userId}:WHOOP:pkce`), expiresAt: LATER },
    });
    state = { id: made.id, userId: whoop.userId, verifier };

    // An authenticator app's shared secret (the second step's), sealed under A for "<userId>:totp".
    totp = { userId: whoop.userId, secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
    await lib.db.totpFactor.create({ data: { userId: totp.userId, secret: sealUnder(A, totp.secret, `${totp.userId}:totp`), confirmedAt: new Date() } });

    // A deleted member's revocation waiting on the account-cleanup queue, its tokens sealed under A.
    const gone = { userId: 'deleted-member', access: plain('oura-access'), refresh: plain('oura-refresh') };
    await lib.queues.sendAccountCleanup(lib.queues.bossOver(lib.db), {
      task: 'revoke-wearable',
      userId: gone.userId,
      wearable: 'oura',
      sealedAccessToken: sealUnder(A, gone.access, `account-cleanup:${gone.userId}:oura:access`),
      sealedRefreshToken: sealUnder(A, gone.refresh, `account-cleanup:${gone.userId}:oura:refresh`),
      expiresAt: null,
    });
    const [queued] = await lib.db.$queryRaw<{ id: string }[]>`SELECT id::text AS id FROM pgboss.job WHERE name = 'account-cleanup'`;
    job = { id: queued!.id, ...gone };
    secrets = [whoop.access, whoop.refresh!, oura.access, current.access, current.refresh, verifier, gone.access, gone.refresh, totp.secret, ...KEY_TEXTS];
  });

  it('reads what the previous key sealed while the new one is current', async () => {
    expect(await lib.tokens.accessToken(whoop.id)).toBe(whoop.access);
    expect(await lib.tokens.storedAccessToken(oura.id)).toBe(oura.access);
    expect(lib.cipher.openToken((await connectionColumns(whoop.id)).refreshTokenEncrypted!, `${whoop.userId}:WHOOP:refresh`)).toBe(whoop.refresh);
    expect(await lib.tokens.accessToken(current.id)).toBe(current.access);
  });

  it('re-seals every value under the new key alone, contexts unchanged, and prints counts but no token', async () => {
    const run = await rotate();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('wearable_connections: 3 re-sealed, 2 already under the current key, 0 unreadable');
    expect(run.stdout).toContain('wearable_oauth_states: 1 re-sealed, 0 already under the current key, 0 unreadable');
    expect(run.stdout).toContain('totp_factors: 1 re-sealed, 0 already under the current key, 0 unreadable');
    expect(run.stdout).toContain('pgboss.job: 2 re-sealed, 0 already under the current key, 0 unreadable');
    for (const secret of secrets) expect(run.stdout + run.stderr).not.toContain(secret);

    const rows = { whoop: await connectionColumns(whoop.id), oura: await connectionColumns(oura.id), current: await connectionColumns(current.id) };
    expect(openUnder(B, rows.whoop.accessTokenEncrypted, `${whoop.userId}:WHOOP:access`)).toBe(whoop.access);
    expect(openUnder(B, rows.whoop.refreshTokenEncrypted!, `${whoop.userId}:WHOOP:refresh`)).toBe(whoop.refresh);
    expect(openUnder(B, rows.oura.accessTokenEncrypted, `${oura.userId}:OURA:access`)).toBe(oura.access);
    expect(rows.oura.refreshTokenEncrypted).toBeNull();
    expect(openUnder(B, rows.current.accessTokenEncrypted, `${current.userId}:WHOOP:access`)).toBe(current.access);
    expect(() => openUnder(A, rows.whoop.accessTokenEncrypted, `${whoop.userId}:WHOOP:access`)).toThrow();

    const verifier = await lib.db.wearableOAuthState.findUniqueOrThrow({ where: { id: state.id } });
    expect(openUnder(B, verifier.codeVerifierEncrypted!, `${state.userId}:WHOOP:pkce`)).toBe(state.verifier);

    const factor = await lib.db.totpFactor.findUniqueOrThrow({ where: { userId: totp.userId } });
    expect(openUnder(B, factor.secret, `${totp.userId}:totp`)).toBe(totp.secret);

    const data = await jobData(job.id);
    expect(openUnder(B, data.sealedAccessToken!, `account-cleanup:${job.userId}:oura:access`)).toBe(job.access);
    expect(openUnder(B, data.sealedRefreshToken!, `account-cleanup:${job.userId}:oura:refresh`)).toBe(job.refresh);
    expect(data).toMatchObject({ task: 'revoke-wearable', userId: job.userId, wearable: 'oura', expiresAt: null });
  }, budget(120_000));

  it('writes nothing when run again', async () => {
    const before = { whoop: await connectionColumns(whoop.id), job: await jobData(job.id) };
    const run = await rotate();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('wearable_connections: 0 re-sealed, 5 already under the current key, 0 unreadable');
    expect(run.stdout).toContain('wearable_oauth_states: 0 re-sealed, 1 already under the current key, 0 unreadable');
    expect(run.stdout).toContain('totp_factors: 0 re-sealed, 1 already under the current key, 0 unreadable');
    expect(run.stdout).toContain('pgboss.job: 0 re-sealed, 2 already under the current key, 0 unreadable');
    expect(await connectionColumns(whoop.id)).toEqual(before.whoop);
    expect(await jobData(job.id)).toEqual(before.job);
  }, budget(120_000));

  it('reports a value no configured key opens by row id and fails, still re-sealing the rest', async () => {
    const stranger = await connectionUnder(C, 'WHOOP', false);
    const another = await connectionUnder(A, 'OURA', true);
    const run = await rotate();
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('wearable_connections: 2 re-sealed, 5 already under the current key, 1 unreadable');
    expect(run.stdout).toContain(`unreadable under every configured key: ${stranger.id} (accessTokenEncrypted)`);
    expect(run.stderr).toContain('1 sealed value(s) open under no configured key');
    for (const secret of [...secrets, stranger.access, another.access, another.refresh!]) expect(run.stdout + run.stderr).not.toContain(secret);
    // The unreadable row is left as it was; the readable one beside it is under B now.
    expect(openUnder(C, (await connectionColumns(stranger.id)).accessTokenEncrypted, `${stranger.userId}:WHOOP:access`)).toBe(stranger.access);
    expect(openUnder(B, (await connectionColumns(another.id)).refreshTokenEncrypted!, `${another.userId}:OURA:refresh`)).toBe(another.refresh);
  }, budget(120_000));
});
