// SPEC §7: the dashboard's alert banner. Notifications are written by the billing webhooks (and, with the
// dashboard, by the alert generator); each user reads and dismisses only their own.
import { describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { client, registerUser, serveAppForThisFile } from '../../setup/app-server';

const app = serveAppForThisFile();
const signedIn = () => registerUser(app);

describe('GET /api/notification/next and POST /api/notifications/{id}/dismiss', () => {
  it('answers 204 with none, the newest undismissed one with SPEC’s fields, and moves on when it is dismissed', async () => {
    const { browser, userId } = await signedIn();
    expect((await browser.get('/api/notification/next')).status).toBe(204);

    const older = await db.notification.create({ data: { userId, title: 'Your free trial ends soon', subtitle: 'On 22 December 2026.', createdAt: new Date(Date.now() - 60_000) } });
    const newer = await db.notification.create({ data: { userId, title: 'Your payment failed', subtitle: 'Update your card.', backgroundColor: '#FEF3C7', border: '#F59E0B' } });

    const first = await browser.get('/api/notification/next');
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ id: newer.id, title: 'Your payment failed', subtitle: 'Update your card.', icon_base64: null, background_color: '#FEF3C7', border: '#F59E0B' });

    expect((await browser.post(`/api/notifications/${newer.id}/dismiss`, undefined, { origin: app.url })).status).toBe(200);
    expect((await browser.get('/api/notification/next')).json).toMatchObject({ id: older.id });
    // Dismissing twice is harmless.
    expect((await browser.post(`/api/notifications/${newer.id}/dismiss`, undefined, { origin: app.url })).status).toBe(200);
    expect((await browser.post(`/api/notifications/${older.id}/dismiss`, undefined, { origin: app.url })).status).toBe(200);
    expect((await browser.get('/api/notification/next')).status).toBe(204);
  });

  it('shows and dismisses nothing of another user’s', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const mine = await db.notification.create({ data: { userId: owner.userId, title: 'Your payment failed' } });

    expect((await other.browser.get('/api/notification/next')).status).toBe(204);
    const refused = await other.browser.post(`/api/notifications/${mine.id}/dismiss`, undefined, { origin: app.url });
    expect(refused.status).toBe(404);
    expect(refused.json.message).toBe('Notification not found.');
    expect((await db.notification.findUniqueOrThrow({ where: { id: mine.id } })).dismissedAt).toBeNull();

    expect((await client(app.url).get('/api/notification/next')).status).toBe(401);
    expect((await client(app.url).post(`/api/notifications/${mine.id}/dismiss`, undefined, { origin: app.url })).status).toBe(401);
  });
});

describe('/dashboard', () => {
  it('sends the older screens on to /main_dashboard, or, in one hop, to where onboarding resumes', async () => {
    const { browser } = await registerUser(app, { onboarded: true });
    const res = await browser.get('/dashboard');
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(400);
    expect(res.headers.get('location')).toMatch(/\/main_dashboard$/);

    const { browser: newcomer } = await signedIn();
    expect((await newcomer.get('/dashboard')).headers.get('location')).toMatch(/\/onboarding_4$/);
  });
});
