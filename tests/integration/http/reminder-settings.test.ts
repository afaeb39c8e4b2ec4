// The reminder settings over HTTP: the time zone kept at sign-up, GET /api/get-notifications and
// POST /api/set-notifications, and POST /api/unsubscribe (the mail's link), against the production build.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { client, registerUser, serveAppForThisFile } from '../../setup/app-server';

const app = serveAppForThisFile();
const origin = () => ({ origin: app.url });
// The test server's secret (tests/setup/app-server.ts); the token is made here independently of the app.
const SECRET = 'integration-secret-integration-secret';
const tokenFor = (logId: string) => `${logId}.${createHmac('sha256', SECRET).update(`unsubscribe:${logId}`).digest('base64url')}`;

describe('the reminders’ time zone and preferences', () => {
  it('keep the browser’s zone from sign-up, and refuse one that does not exist', async () => {
    const visitor = client(app.url);
    const email = `zone-${Date.now()}@example.test`;
    const bad = await visitor.post('/api/register', { email, password: 'Sturdy-Oak-2026!', timeZone: 'Mars/Olympus_Mons' }, origin());
    expect([bad.status, bad.json.message]).toEqual([422, 'Unknown time zone.']);
    expect(await db.user.count({ where: { email } })).toBe(0);

    const good = await visitor.post('/api/register', { email, password: 'Sturdy-Oak-2026!', timeZone: 'America/Toronto' }, origin());
    expect(good.status).toBe(201);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).timeZone).toBe('America/Toronto');
    expect((await visitor.get('/api/get-notifications')).json).toEqual({ notifications_enabled: true, time_zone: 'America/Toronto' });
  });

  it('change through POST /api/set-notifications, with 4xx { message } for bad input and no change', async () => {
    const { browser, userId } = await registerUser(app, { onboarded: true });
    expect((await browser.get('/api/get-notifications')).json).toEqual({ notifications_enabled: true, time_zone: 'UTC' });
    const saved = await browser.post('/api/set-notifications', { notifications_enabled: false, time_zone: 'Europe/Berlin' }, origin());
    expect([saved.status, saved.json]).toEqual([200, { notifications_enabled: false, time_zone: 'Europe/Berlin' }]);

    for (const body of [{ notifications_enabled: 'yes' }, { notifications_enabled: true, time_zone: 'Nowhere/Land' }, { time_zone: 'Europe/Paris' }, { notifications_enabled: true, time_zone: 'x'.repeat(10_000) }]) {
      const answer = await browser.post('/api/set-notifications', body, origin());
      expect([answer.status >= 400 && answer.status < 500, typeof answer.json.message]).toEqual([true, 'string']);
    }
    expect(await db.user.findUniqueOrThrow({ where: { id: userId }, select: { notificationsEnabled: true, timeZone: true } })).toEqual({ notificationsEnabled: false, timeZone: 'Europe/Berlin' });
    expect((await client(app.url).get('/api/get-notifications')).status).toBe(401);
  });
});

describe('POST /api/unsubscribe', () => {
  it('turns the reminders off without a session, once, from the page’s button or a mail client’s one-click POST', async () => {
    const { userId } = await registerUser(app, { onboarded: true });
    const first = await db.reminderLog.create({ data: { userId, kind: 'DAILY_CHECKIN', period: '2026-11-23' } });
    const second = await db.reminderLog.create({ data: { userId, kind: 'WEEKLY_SCAN', period: '2026-11-23' } });
    const stranger = client(app.url);

    for (const token of [`${first.id}.AAAA`, `${second.id}.${tokenFor(first.id).split('.')[1]}`, 'not-a-token', '']) {
      const answer = await stranger.post(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
      expect([answer.status, answer.json.message]).toEqual([400, 'This unsubscribe link is not valid.']);
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: userId } })).notificationsEnabled).toBe(true);

    // RFC 8058: a mail client posts a form, from no page of ours.
    const oneClick = await stranger.post(`/api/unsubscribe?token=${encodeURIComponent(tokenFor(first.id))}`, 'List-Unsubscribe=One-Click', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(oneClick.status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: userId } })).notificationsEnabled).toBe(false);
    const again = await stranger.post(`/api/unsubscribe?token=${encodeURIComponent(tokenFor(first.id))}`);
    expect([again.status, typeof again.json.message]).toEqual([410, 'string']);

    // Another mail's link still works (after the user turned reminders back on).
    await db.user.update({ where: { id: userId }, data: { notificationsEnabled: true } });
    expect((await stranger.post(`/api/unsubscribe?token=${encodeURIComponent(tokenFor(second.id))}`)).status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: userId } })).notificationsEnabled).toBe(false);
  });
});
