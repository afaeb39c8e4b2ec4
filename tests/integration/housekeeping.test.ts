// The daily upkeep job: spent rate-limit counters go, live ones stay; upload files no report names go once
// they are an hour old, while reports' files, young files and files of other names stay.
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createMember } from '../support/members';

const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'vt-housekeeping-'));

type Lib = { db: typeof import('@/lib/db').db; housekeeping: typeof import('@/lib/maintenance/housekeeping'); storage: typeof import('@/lib/labs/storage'); imports: typeof import('@/lib/imports/files') };
let lib: Lib;

beforeAll(async () => {
  // The app reads its environment once, on first import.
  process.env.UPLOADS_DIR = uploadsDir;
  lib = { db: (await import('@/lib/db')).db, housekeeping: await import('@/lib/maintenance/housekeeping'), storage: await import('@/lib/labs/storage'), imports: await import('@/lib/imports/files') };
});

afterAll(async () => {
  await lib?.db.$disconnect();
  rmSync(uploadsDir, { recursive: true, force: true });
});

describe('housekeeping', () => {
  it('deletes the rate-limit counters whose window is over, and only those', async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    await lib.db.rateLimit.createMany({
      data: [
        { key: 'login:email:spent', windowStart: new Date('2026-11-22T10:30:00Z'), count: 9 },
        { key: 'login:email:live', windowStart: new Date('2026-11-22T11:30:00Z'), count: 3 },
      ],
    });
    expect(await lib.housekeeping.pruneRateLimits(now)).toBe(1);
    expect((await lib.db.rateLimit.findMany({ select: { key: true } })).map((r) => r.key)).toEqual(['login:email:live']);
  });

  it('deletes spent sign-in leftovers (challenges, pending second steps, remembered browsers) and security-log entries over a year old', async () => {
    const user = await createMember();
    const now = new Date('2026-11-22T12:00:00Z');
    const past = new Date('2026-11-22T11:59:00Z');
    const future = new Date('2026-11-22T12:04:00Z');
    await lib.db.webAuthnChallenge.createMany({ data: [{ challenge: `spent-${user.id}`, purpose: 'sign-in', expiresAt: past }, { challenge: `live-${user.id}`, purpose: 'sign-in', expiresAt: future }] });
    await lib.db.pendingSignIn.createMany({ data: [{ userId: user.id, tokenHash: `spent-${user.id}`, expiresAt: past }, { userId: user.id, tokenHash: `live-${user.id}`, expiresAt: future }] });
    await lib.db.rememberedBrowser.createMany({ data: [{ userId: user.id, tokenHash: `spent-${user.id}`, expiresAt: past }, { userId: user.id, tokenHash: `live-${user.id}`, expiresAt: future }] });
    await lib.db.securityEvent.createMany({
      data: [
        { userId: user.id, kind: 'sign_in', createdAt: new Date('2025-11-21T12:00:00Z') },
        { userId: user.id, kind: 'sign_in', createdAt: new Date('2025-11-23T12:00:00Z') },
      ],
    });
    expect(await lib.housekeeping.pruneSignInLeftovers(now)).toBeGreaterThanOrEqual(4);
    expect((await lib.db.webAuthnChallenge.findMany({ where: { challenge: { endsWith: user.id } } })).map((c) => c.challenge)).toEqual([`live-${user.id}`]);
    expect((await lib.db.pendingSignIn.findMany({ where: { userId: user.id } })).map((p) => p.tokenHash)).toEqual([`live-${user.id}`]);
    expect((await lib.db.rememberedBrowser.findMany({ where: { userId: user.id } })).map((r) => r.tokenHash)).toEqual([`live-${user.id}`]);
    expect((await lib.db.securityEvent.findMany({ where: { userId: user.id } })).map((e) => e.createdAt.toISOString())).toEqual(['2025-11-23T12:00:00.000Z']);
  });

  it('deletes share links that ended over a year ago, with their openings, and keeps the rest', async () => {
    const user = await createMember();
    const now = new Date('2026-11-22T12:00:00Z');
    const make = (label: string, expiresAt: string, revokedAt: string | null = null) =>
      lib.db.doctorShare.create({ data: { userId: user.id, label, tokenHash: `${label}-${user.id}`, expiresAt: new Date(expiresAt), revokedAt: revokedAt ? new Date(revokedAt) : null, views: { create: { browser: 'Safari on Mac' } } } });
    await make('expired long ago', '2025-11-01T00:00:00Z');
    await make('withdrawn long ago', '2026-12-01T00:00:00Z', '2025-11-02T00:00:00Z');
    await make('expired this year', '2026-01-10T00:00:00Z');
    await make('live', '2026-11-25T00:00:00Z');
    expect(await lib.housekeeping.pruneEndedShares(now)).toBe(2);
    const left = await lib.db.doctorShare.findMany({ where: { userId: user.id }, orderBy: { label: 'asc' }, include: { views: true } });
    expect(left.map((s) => [s.label, s.views.length])).toEqual([['expired this year', 1], ['live', 1]]);
  });

  it('deletes reminder logs older than a year, keeping the rest', async () => {
    const user = await createMember();
    await lib.db.reminderLog.createMany({
      data: [
        { userId: user.id, kind: 'DAILY_CHECKIN', period: '2025-11-01', sentAt: new Date('2025-11-01T19:00:00Z') },
        { userId: user.id, kind: 'DAILY_CHECKIN', period: '2026-11-21', sentAt: new Date('2026-11-21T19:00:00Z') },
      ],
    });
    expect(await lib.housekeeping.pruneReminderLogs(new Date('2026-11-22T04:41:00Z'))).toBe(1);
    expect((await lib.db.reminderLog.findMany({ where: { userId: user.id }, select: { period: true } })).map((r) => r.period)).toEqual(['2026-11-21']);
  });

  it('removes orphaned upload files an hour old, keeping reports’ files, young files and foreign names', async () => {
    const user = await createMember();
    const kept = await lib.storage.storeUpload(new Uint8Array([0x25, 0x50, 0x44, 0x46]), 'pdf');
    await lib.db.labReport.create({ data: { userId: user.id, fileName: 'r.pdf', mimeType: 'application/pdf', sizeBytes: 4, storageKey: kept } });
    const orphan = await lib.storage.storeUpload(new Uint8Array([1]), 'png');
    const young = await lib.storage.storeUpload(new Uint8Array([2]), 'jpg');
    writeFileSync(path.join(uploadsDir, 'notes.txt'), 'not ours');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of [kept, orphan, 'notes.txt']) utimesSync(path.join(uploadsDir, name), twoHoursAgo, twoHoursAgo);

    expect(await lib.housekeeping.sweepOrphanUploads()).toBe(1);
    expect(readdirSync(uploadsDir).sort()).toEqual([kept, young, 'notes.txt'].sort());
  });

  it('removes history files no import still needs once an hour old, keeping those of imports under way and young ones', async () => {
    const user = await createMember();
    const write = async (text: string) => (await lib.imports.writeImportFile(new Blob([text]).stream(), 1024, 'too large')).storageKey;
    const [reading, previewed, done, unnamed, young] = await Promise.all(['a', 'b', 'c', 'd', 'e'].map(write));
    const row = (storageKey: string, status: string) => ({ userId: user.id, kind: 'apple_health', fileName: 'export.zip', sha256: storageKey, status, storageKey });
    await lib.db.historyImport.createMany({ data: [row(reading!, 'reading'), row(previewed!, 'previewed'), row(done!, 'done')] });
    const importsDir = path.join(uploadsDir, 'imports');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const name of [reading, previewed, done, unnamed]) utimesSync(path.join(importsDir, name!), twoHoursAgo, twoHoursAgo);

    expect(await lib.housekeeping.sweepOrphanImportFiles()).toBe(2);
    expect(readdirSync(importsDir).sort()).toEqual([reading, previewed, young].sort());
    // The uploads' sweep leaves the imports' folder alone, and this one the uploads.
    expect(readdirSync(uploadsDir)).toContain('imports');
  });
});
