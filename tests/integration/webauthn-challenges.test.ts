// WebAuthn challenges: each is checked once, for the purpose and member it was made for, and
// only within its 5 minutes; the browser tests show a replayed sign-in refused, this shows why.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { CHALLENGE_TTL_SECONDS, keepChallenge, takeChallenge } from '@/lib/auth/webauthn';
import { createMember } from '../support/members';

afterAll(() => db.$disconnect());

const fresh = () => randomBytes(32).toString('base64url');

describe('WebAuthn challenges', () => {
  it('are taken once', async () => {
    const challenge = fresh();
    await keepChallenge(challenge, 'sign-in', null);
    const both = await Promise.all([takeChallenge(challenge, 'sign-in', null), takeChallenge(challenge, 'sign-in', null)]);
    expect(both.sort()).toEqual([false, true]);
    expect(await takeChallenge(challenge, 'sign-in', null)).toBe(false);
  });

  it('answer only the purpose and member they were made for, and are spent by neither', async () => {
    const member = await createMember();
    const other = await createMember();
    const challenge = fresh();
    await keepChallenge(challenge, 'register', member.id);
    expect(await takeChallenge(challenge, 'sign-in', null)).toBe(false);
    expect(await takeChallenge(challenge, 'step-up', member.id)).toBe(false);
    expect(await takeChallenge(challenge, 'register', other.id)).toBe(false);
    expect(await takeChallenge(challenge, 'register', member.id)).toBe(true);
  });

  it('expire after 5 minutes, and are cleared by the next one made', async () => {
    const challenge = fresh();
    await keepChallenge(challenge, 'sign-in', null);
    await db.webAuthnChallenge.update({ where: { challenge }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await takeChallenge(challenge, 'sign-in', null)).toBe(false);
    const next = fresh();
    await keepChallenge(next, 'sign-in', null);
    expect(await db.webAuthnChallenge.count({ where: { challenge } })).toBe(0);
    const kept = await db.webAuthnChallenge.findUniqueOrThrow({ where: { challenge: next } });
    expect(Math.round((kept.expiresAt.getTime() - kept.createdAt.getTime()) / 1000)).toBe(CHALLENGE_TTL_SECONDS);
  });
});
