// "Prepare for your doctor", the share link (lib/reports/doctor-share.ts): a link opens the member's summary
// for 7 days unless revoked, logs each opening, keeps only its token's hash, and is the member's alone.
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { createDoctorShare, listDoctorShares, logShareView, MAX_ACTIVE_SHARES, revokeDoctorShare, SHARE_LIMIT_MESSAGE, SHARE_NOT_FOUND, sharedMember } from '@/lib/reports/doctor-share';
import { doctorSummaryPdf } from '@/lib/reports/doctor-summary';
import { browserName } from '@/lib/http/browser-name';
import { createMember } from '../support/members';

afterAll(() => db.$disconnect());

const DAY_MS = 86_400_000;
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What opening the link does (app/api/shared/doctor-summary/[token]): the member's PDF, then the view logged. */
async function open(token: string, now: Date, userAgent: string | null = FIREFOX) {
  const { shareId, userId } = await sharedMember(token, now);
  const pdf = await doctorSummaryPdf(userId, now);
  await logShareView(shareId, userAgent, now);
  return { userId, pdf };
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return { status: (error as ApiError).status, message: (error as ApiError).message };
}

describe('doctor summary share links', () => {
  it('opens the member’s summary with a 43-character base64url token, logs the view, and stores only the hash', async () => {
    const member = await createMember({ firstName: 'Owen', lastName: 'Share' });
    const made = new Date('2026-11-20T09:00:00Z');
    const { share, token, path } = await createDoctorShare(member.id, 'Dr Patel', made);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(path).toBe(`/api/shared/doctor-summary/${token}`);
    expect(share).toMatchObject({ label: 'Dr Patel', status: 'active', created_at: made.toISOString(), expires_at: '2026-11-27T09:00:00.000Z', views: [] });

    const row = await db.doctorShare.findUniqueOrThrow({ where: { id: share.id } });
    expect(row.tokenHash).toBe(sha256(token));
    // The token is nowhere in the table, in any column.
    const [holding] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM doctor_shares t WHERE strpos(t::text, ${token}) > 0`;
    expect(holding!.n).toBe(0);
    // Nor does the hash work as a link.
    expect(await refusal(sharedMember(row.tokenHash.slice(0, 43), made))).toEqual({ status: 404, message: SHARE_NOT_FOUND });

    const viewed = new Date('2026-11-21T14:30:00Z');
    const { userId, pdf } = await open(token, viewed);
    expect(userId).toBe(member.id);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const [listed] = await listDoctorShares(member.id, viewed);
    expect(listed).toMatchObject({ id: share.id, status: 'active', views: [{ viewed_at: viewed.toISOString(), browser: 'Firefox on Windows' }] });
    // Only when and the browser family: no address, no user agent.
    const views = await db.doctorShareView.findMany({ where: { shareId: share.id } });
    expect(views.map(({ viewedAt, browser }) => ({ viewedAt, browser }))).toEqual([{ viewedAt: viewed, browser: 'Firefox on Windows' }]);
    expect(JSON.stringify(views)).not.toContain('Gecko');
  });

  it('refuses an expired link from the 7th day on, and a revoked one at once, logging nothing', async () => {
    const member = await createMember();
    const made = new Date('2026-11-01T12:00:00Z');
    const { share, token } = await createDoctorShare(member.id, undefined, made);
    // One millisecond before its 7 days are up it still works; at the mark it does not.
    await open(token, new Date(made.getTime() + 7 * DAY_MS - 1));
    expect(await refusal(sharedMember(token, new Date(made.getTime() + 7 * DAY_MS)))).toEqual({ status: 404, message: SHARE_NOT_FOUND });
    expect((await listDoctorShares(member.id, new Date(made.getTime() + 8 * DAY_MS)))[0]).toMatchObject({ status: 'expired', views: [expect.anything()] });

    const second = await createDoctorShare(member.id, undefined, made);
    const revokedAt = new Date(made.getTime() + DAY_MS);
    await revokeDoctorShare(member.id, second.share.id, revokedAt);
    expect(await refusal(sharedMember(second.token, new Date(made.getTime() + DAY_MS + 1)))).toEqual({ status: 404, message: SHARE_NOT_FOUND });
    expect(await db.doctorShareView.count({ where: { shareId: second.share.id } })).toBe(0);
    expect(await db.doctorShareView.count({ where: { shareId: share.id } })).toBe(1);
    const listed = await listDoctorShares(member.id, revokedAt);
    expect(listed.find((s) => s.id === second.share.id)).toMatchObject({ status: 'revoked', revoked_at: revokedAt.toISOString(), views: [] });
    // Unknown and malformed tokens alike.
    for (const guess of ['A'.repeat(43), 'short', `${second.token}x`, '']) expect(await refusal(sharedMember(guess, made))).toEqual({ status: 404, message: SHARE_NOT_FOUND });
  });

  it('keeps each member’s links to themselves: another member can neither list nor revoke them', async () => {
    const owner = await createMember();
    const other = await createMember();
    const now = new Date();
    const { share, token } = await createDoctorShare(owner.id, 'GP', now);
    expect(await listDoctorShares(other.id, now)).toEqual([]);
    expect(await refusal(revokeDoctorShare(other.id, share.id, now))).toEqual({ status: 404, message: 'That link was not found.' });
    expect((await db.doctorShare.findUniqueOrThrow({ where: { id: share.id } })).revokedAt).toBeNull();
    expect((await sharedMember(token, now)).userId).toBe(owner.id);
    // The owner's revoke works, and a second one changes nothing.
    await revokeDoctorShare(owner.id, share.id, now);
    await revokeDoctorShare(owner.id, share.id, new Date(now.getTime() + 1000));
    expect((await db.doctorShare.findUniqueOrThrow({ where: { id: share.id } })).revokedAt).toEqual(now);
  });

  it('allows 5 working links at a time, even asked for in parallel; a revoked or expired one frees a place', async () => {
    const member = await createMember();
    const now = new Date('2026-11-10T08:00:00Z');
    const attempts = await Promise.allSettled(Array.from({ length: MAX_ACTIVE_SHARES + 2 }, () => createDoctorShare(member.id, undefined, now)));
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(MAX_ACTIVE_SHARES);
    const refused = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected').map((a) => a.reason as ApiError);
    expect(refused.map((e) => [e.status, e.message])).toEqual([
      [409, SHARE_LIMIT_MESSAGE],
      [409, SHARE_LIMIT_MESSAGE],
    ]);
    expect(await db.doctorShare.count({ where: { userId: member.id } })).toBe(MAX_ACTIVE_SHARES);

    const [first] = await listDoctorShares(member.id, now);
    await revokeDoctorShare(member.id, first!.id, now);
    await createDoctorShare(member.id, undefined, now);
    expect(await refusal(createDoctorShare(member.id, undefined, now))).toEqual({ status: 409, message: SHARE_LIMIT_MESSAGE });
    // A week on, all have expired: there is room again.
    await createDoctorShare(member.id, undefined, new Date(now.getTime() + 7 * DAY_MS));
  });

  it('is deleted with the member, views and all', async () => {
    const member = await createMember();
    const { share, token } = await createDoctorShare(member.id, undefined);
    await open(token, new Date());
    await db.user.delete({ where: { id: member.id } });
    expect(await db.doctorShare.count({ where: { id: share.id } })).toBe(0);
    expect(await db.doctorShareView.count({ where: { shareId: share.id } })).toBe(0);
  });
});

describe('browserName', () => {
  it('names the browser and system families only', () => {
    expect(browserName(FIREFOX)).toBe('Firefox on Windows');
    expect(browserName('Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1')).toBe('Safari on iPhone');
    expect(browserName('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe('Chrome on Mac');
    expect(browserName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe('Edge on Windows');
    expect(browserName('curl/8.5.0')).toBe('An unrecognised browser');
    expect(browserName(null)).toBe('An unrecognised browser');
  });
});
