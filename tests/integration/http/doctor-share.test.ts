import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { client, registerUser, serveAppForThisFile, type AppServer } from '../../setup/app-server';

// The doctor's summary share links against the production build: the public link's headers and its
// JSON 404, and the member's calls refusing anyone without a session, whatever header they bring.

const app: AppServer = serveAppForThisFile();
const origin = () => ({ origin: app.url });
const PROXY_HEADER = { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' };
const NOT_FOUND = 'This link has expired or was revoked. Ask the person who sent it for a new one.';
/** What Chrome, Firefox and Safari send when a link is followed. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

describe('/api/doctor-summary/shares and /api/shared/doctor-summary/{token}', () => {
  it('serves the PDF inline, uncached and unindexed, to a browser without a session, and logs the view', async () => {
    const { browser, userId } = await registerUser(app, { onboarded: true });
    const made = await browser.post('/api/doctor-summary/shares', { label: 'Dr Patel' }, origin());
    expect(made).toMatchObject({ status: 201, json: { share: { label: 'Dr Patel', status: 'active', views: [] } } });
    expect(made.headers.get('cache-control')).toBe('no-store');
    const path = made.json.path as string;
    expect(path).toMatch(/^\/api\/shared\/doctor-summary\/[A-Za-z0-9_-]{43}$/);

    const response = await fetch(app.url + path, { headers: { 'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    // The handler's own, not the site-wide strict-origin-when-cross-origin (next.config.mjs's once won over it).
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="vitality-summary-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const listed = await browser.get('/api/doctor-summary/shares');
    expect(listed.json).toMatchObject({ shares: [{ label: 'Dr Patel', views: [{ browser: 'Safari on Mac' }] }] });
    expect(listed.text).not.toContain(path.split('/').pop()!);
    expect(await db.doctorShareView.count({ where: { share: { userId } } })).toBe(1);

    // Revoked: the same JSON 404 as an unknown token, still unindexed, and no view logged.
    const shareId = (made.json.share as { id: string }).id;
    expect(await browser.post(`/api/doctor-summary/shares/${shareId}/revoke`, undefined, origin())).toMatchObject({ status: 200, json: { message: 'The link is revoked. It no longer opens your summary.' } });
    for (const gone of [path, `/api/shared/doctor-summary/${'A'.repeat(43)}`, '/api/shared/doctor-summary/not-a-token']) {
      const refused = await fetch(app.url + gone);
      expect(refused.status).toBe(404);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
      expect(refused.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(refused.headers.get('cache-control')).toBe('no-store');
      expect(refused.headers.get('referrer-policy')).toBe('no-referrer');
      expect(await refused.json()).toEqual({ message: NOT_FOUND, code: 'not_found' });
    }
    expect(await db.doctorShareView.count({ where: { share: { userId } } })).toBe(1);
  });

  it('shows a browser a dead link (expired, withdrawn or unknown) as a short page, and an API client the JSON', async () => {
    const { browser } = await registerUser(app, { onboarded: true });
    const pathOf = async () => (await browser.post('/api/doctor-summary/shares', {}, origin())).json as { path: string; share: { id: string } };
    const expired = await pathOf();
    await db.doctorShare.update({ where: { id: expired.share.id }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    const withdrawn = await pathOf();
    expect((await browser.post(`/api/doctor-summary/shares/${withdrawn.share.id}/revoke`, undefined, origin())).status).toBe(200);
    // Its own address, so the other tests' openings do not count toward this one's rate limit.
    const from = { 'x-forwarded-for': '198.51.100.58' };

    for (const gone of [expired.path, withdrawn.path, `/api/shared/doctor-summary/${'C'.repeat(43)}`]) {
      const page = await fetch(app.url + gone, { headers: { ...from, accept: BROWSER_ACCEPT } });
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('vary')).toMatch(/accept/i);
      const html = await page.text();
      expect(html).toMatch(/^<!doctype html><html lang="en-GB">/);
      expect(html).toContain('<title>Link no longer works · Vitality</title>');
      expect(html).toContain('<h1>This link no longer works</h1>');
      expect(html).toContain('This link has expired or was withdrawn. Ask your patient for a new one.');
      expect(html).not.toContain('<script');
      // The page's one style is the one the policy allows, so the browser applies it.
      const style = /<style>([^<]*)<\/style>/.exec(html)![1]!;
      const policy = page.headers.get('content-security-policy')!;
      expect(policy).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
      expect(policy).toMatch(/default-src 'none'/);
      expect(policy).toMatch(/frame-ancestors 'none'/);

      for (const accept of ['application/json', '*/*', 'application/json, text/html;q=0.9', undefined]) {
        const answer = await fetch(app.url + gone, { headers: accept === undefined ? from : { ...from, accept } });
        expect(answer.status).toBe(404);
        expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await answer.json()).toEqual({ message: NOT_FOUND, code: 'not_found' });
      }
    }
  });

  it('sends no referrer with the share link’s 429 either', async () => {
    const guess = { 'x-forwarded-for': '198.51.100.77' };
    let answer: Response | undefined;
    // 60 openings an hour from one address; the 61st is refused.
    for (let i = 0; i <= 60; i += 1) answer = await fetch(`${app.url}/api/shared/doctor-summary/${'B'.repeat(43)}`, { headers: guess });
    expect(answer!.status).toBe(429);
    expect(answer!.headers.get('referrer-policy')).toBe('no-referrer');
    expect(answer!.headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  it('refuses the member’s calls without a session (the proxy’s header is no session), another member’s revoke, and bad input', async () => {
    const owner = await registerUser(app, { onboarded: true });
    const other = await registerUser(app, { onboarded: true });
    const made = await owner.browser.post('/api/doctor-summary/shares', {}, origin());
    expect(made.status).toBe(201);
    const shareId = (made.json.share as { id: string }).id;
    const anonymous = client(app.url);
    for (const headers of [{}, PROXY_HEADER]) {
      expect(await anonymous.get('/api/doctor-summary/shares', headers)).toMatchObject({ status: 401, json: { message: 'Not authenticated' } });
      expect(await anonymous.post('/api/doctor-summary/shares', {}, { ...origin(), ...headers })).toMatchObject({ status: 401, json: { message: 'Not authenticated' } });
      expect(await anonymous.post(`/api/doctor-summary/shares/${shareId}/revoke`, undefined, { ...origin(), ...headers })).toMatchObject({ status: 401, json: { message: 'Not authenticated' } });
    }
    expect(await other.browser.post(`/api/doctor-summary/shares/${shareId}/revoke`, undefined, origin())).toMatchObject({ status: 404, json: { message: 'That link was not found.' } });
    expect((await other.browser.get('/api/doctor-summary/shares')).json).toEqual({ shares: [] });
    expect(await owner.browser.post('/api/doctor-summary/shares', {}, { origin: 'https://evil.example' })).toMatchObject({ status: 403 });
    for (const body of [{ label: 'x'.repeat(61) }, { label: 'two\nlines' }, { label: 7 }, { token: 'mine' }]) {
      expect(await owner.browser.post('/api/doctor-summary/shares', body, origin())).toMatchObject({ status: 422, json: { message: expect.any(String) } });
    }
    expect(await db.doctorShare.count({ where: { userId: owner.userId, revokedAt: null } })).toBe(1);
    // Four more fill the five places; the sixth is refused with the reason.
    for (let i = 0; i < 4; i += 1) expect((await owner.browser.post('/api/doctor-summary/shares', {}, origin())).status).toBe(201);
    expect(await owner.browser.post('/api/doctor-summary/shares', {}, origin())).toMatchObject({
      status: 409,
      json: { message: 'You already have 5 links that work. Revoke one you no longer need, or wait for one to expire, before you make another.' },
    });
  });
});
