import { beforeAll, describe, expect, it } from '@jest/globals';
import { Prisma } from '@/lib/generated/prisma/client';
import type * as AccountsModule from '@/lib/auth/accounts';
import type * as SecurityLogModule from '@/lib/auth/security-log';
import { uniqueEmail } from '../support/members';

// The security log starts with the account itself: "Account created", stored with the user row, however
// the account was made (a password, Google or Apple), and never again for a later sign-in.
const CHROME_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PASSWORD = 'Sturdy-Oak-2026!';

let accounts: typeof AccountsModule;
let securityLog: typeof SecurityLogModule;
let db: typeof import('@/lib/db').db;

beforeAll(async () => {
  accounts = await import('@/lib/auth/accounts');
  securityLog = await import('@/lib/auth/security-log');
  db = (await import('@/lib/db')).db;
});

const signUpRequest = () => new Request('http://localhost/api/register', { method: 'POST', headers: { 'user-agent': CHROME_ON_MAC } });

describe('the account’s creation in its security log', () => {
  it('is the first entry after a sign-up with a password, in plain words, with the browser', async () => {
    const user = await accounts.registerWithPassword({ email: uniqueEmail('created'), password: PASSWORD, firstName: 'Marcus' }, signUpRequest());
    const events = await securityLog.securityEvents(user.id);
    expect(events.map(({ kind, text, detail, browser }) => ({ kind, text, detail, browser }))).toEqual([
      { kind: 'account_created', text: 'Account created', detail: 'with password', browser: 'Chrome on Mac' },
    ]);
  });

  it('is written once when two sign-ups race for one address: one user, one entry, and the other refused', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.allSettled([accounts.registerWithPassword({ email, password: PASSWORD }), accounts.registerWithPassword({ email, password: PASSWORD })]);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(1);
    // The loser's insert hits the unique index (or the check before it): its transaction leaves no row behind.
    const reason = (refused[0] as PromiseRejectedResult).reason as unknown;
    expect(reason instanceof Prisma.PrismaClientKnownRequestError ? reason.code : (reason as Error).message).toMatch(/^(P2002|User already exists)$/);
    const users = await db.user.findMany({ where: { email }, select: { id: true } });
    expect(users).toHaveLength(1);
    expect(await db.securityEvent.findMany({ where: { kind: 'account_created', user: { email } }, select: { userId: true } })).toEqual([{ userId: users[0]!.id }]);
  });

  it('names the provider for an account made by Google, and a later sign-in with it adds only sign-ins', async () => {
    const email = uniqueEmail('google');
    const profile = { provider: 'google', subject: `sub-${email}`, email, emailVerified: true, firstName: 'Sam', lastName: null } as const;
    const user = await accounts.signInWithSocial(profile, signUpRequest());
    expect(await accounts.signInWithSocial(profile)).toEqual(user);
    const events = await securityLog.securityEvents(user.id);
    expect(events.map(({ text, detail }) => ({ text, detail }))).toEqual([{ text: 'Account created', detail: 'with Google' }]);
  });
});
