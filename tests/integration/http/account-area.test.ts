import { describe, expect, it } from '@jest/globals';
import { strFromU8, unzipSync } from 'fflate';
import { db } from '@/lib/db';
import { parseCsv } from '@/lib/export/csv';
import { client, registerUser, serveAppForThisFile, type AppServer } from '../../setup/app-server';

// The account area's calls against the production build: units, the mindset form, the data export
// and the deletion, each checking the session itself.

const app: AppServer = serveAppForThisFile();
const origin = () => ({ origin: app.url });

describe('GET/POST /api/get-metric-pref, /api/set-metric-pref', () => {
  it('answers the member’s units and changes them; anything else is a 422 that changes nothing', async () => {
    const { browser, userId } = await registerUser(app);
    expect((await browser.get('/api/get-metric-pref')).json).toEqual({ units_preference: 'cm/kg' });
    const set = await browser.post('/api/set-metric-pref', { units_preference: 'ft/in/lbs' }, origin());
    expect(set).toMatchObject({ status: 200, json: { units_preference: 'ft/in/lbs' } });
    expect((await db.user.findUniqueOrThrow({ where: { id: userId } })).unitsPreference).toBe('IMPERIAL');
    const wrong = await browser.post('/api/set-metric-pref', { units_preference: 'stones' }, origin());
    expect(wrong).toMatchObject({ status: 422, json: { message: "Please choose 'cm/kg' or 'ft/in/lbs'." } });
    expect((await browser.get('/api/get-metric-pref')).json).toEqual({ units_preference: 'ft/in/lbs' });
  });
});

describe('POST /api/set-lab-units', () => {
  it('changes how blood results are shown; anything else, or no session, changes nothing', async () => {
    const { browser, userId } = await registerUser(app);
    const set = await browser.post('/api/set-lab-units', { lab_units: 'conventional' }, origin());
    expect(set).toMatchObject({ status: 200, json: { lab_units: 'conventional' } });
    expect((await db.user.findUniqueOrThrow({ where: { id: userId } })).labUnits).toBe('CONVENTIONAL');
    const wrong = await browser.post('/api/set-lab-units', { lab_units: 'imperial' }, origin());
    expect(wrong).toMatchObject({ status: 422, json: { message: "Please choose 'conventional' or 'si'." } });
    const extra = await browser.post('/api/set-lab-units', { lab_units: 'si', admin: true }, origin());
    expect(extra.status).toBe(422);
    const signedOut = await fetch(new URL('/api/set-lab-units', app.url), { method: 'POST', headers: { 'content-type': 'application/json', ...origin() }, body: JSON.stringify({ lab_units: 'si' }) });
    expect(signedOut.status).toBe(401);
    expect((await db.user.findUniqueOrThrow({ where: { id: userId } })).labUnits).toBe('CONVENTIONAL');
  });
});

describe('/api/mindset', () => {
  it('scores the WHO-5 answers 0–100 and answers the latest; five answers of 0–5 only', async () => {
    const { browser } = await registerUser(app);
    expect((await browser.get('/api/mindset')).json).toEqual({ mindset: null });
    const saved = await browser.post('/api/mindset', { answers: [4, 3, 4, 1, 5] }, origin());
    expect(saved).toMatchObject({ status: 201, json: { score: 68 } });
    expect((await browser.get('/api/mindset')).json).toMatchObject({ mindset: { score: 68 } });
    for (const answers of [[4, 3, 4, 1], [6, 0, 0, 0, 0], [1.5, 0, 0, 0, 0], 'all']) {
      expect(await browser.post('/api/mindset', { answers }, origin())).toMatchObject({ status: 422, json: { message: 'Please answer all five statements.' } });
    }
  });
});

describe('GET /api/export-data', () => {
  it('streams a ZIP of the member’s own data only', async () => {
    const { browser, userId, email } = await registerUser(app, { onboarded: true });
    const other = await registerUser(app, { onboarded: true });
    await db.labResult.create({ data: { userId, marker: 'psa', value: 0.8, unit: 'ng/mL', takenAt: new Date('2026-01-10') } });
    await db.labResult.create({ data: { userId: other.userId, marker: 'psa', value: 3.3, unit: 'ng/mL', takenAt: new Date('2026-01-10') } });

    const cookie = [...browser.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(`${app.url}/api/export-data`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="vitality-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'profile.json', 'lab_results.csv', 'daily_metrics.csv', 'fhir/bundle.json']));
    expect(strFromU8(files['profile.json']!)).toContain(email);
    const labs = parseCsv(strFromU8(files['lab_results.csv']!));
    expect(labs.length).toBe(2);
    expect(labs[1]).toContain('0.8');
    const everything = Object.values(files).map((bytes) => strFromU8(bytes)).join('\n');
    expect(everything).not.toContain(other.email);
    expect(everything).not.toContain(other.userId);

    expect((await client(app.url).get('/api/export-data')).status).toBe(401);
    // The proxy's header does not stand in for a session.
    expect((await client(app.url).get('/api/export-data', { 'x-middleware-subrequest': 'middleware:middleware:middleware' })).status).toBe(401);
  });
});

describe('DELETE /api/delete-account', () => {
  it('deletes the member, ends the session and clears its cookie; the old password no longer signs in', async () => {
    const member = await registerUser(app, { onboarded: true });
    const keeper = await registerUser(app, { onboarded: true });
    const cookie = [...member.browser.jar].map(([k, v]) => `${k}=${v}`).join('; ');

    // Refused without a session, and with only the proxy's header.
    const anonymous = await fetch(`${app.url}/api/delete-account`, { method: 'DELETE', headers: { 'x-middleware-subrequest': 'middleware:middleware:middleware', origin: app.url } });
    expect(anonymous.status).toBe(401);
    // Refused from another site.
    const foreign = await fetch(`${app.url}/api/delete-account`, { method: 'DELETE', headers: { cookie, origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(await db.user.count({ where: { id: member.userId } })).toBe(1);

    const response = await fetch(`${app.url}/api/delete-account`, { method: 'DELETE', headers: { cookie, origin: app.url } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Your account has been deleted successfully.' });
    expect(response.headers.getSetCookie().join('\n')).toMatch(/session-token=;|Max-Age=0/i);

    expect(await db.user.count({ where: { id: member.userId } })).toBe(0);
    expect(await db.session.count({ where: { userId: member.userId } })).toBe(0);
    expect((await member.browser.get('/api/user')).status).toBe(401);
    const login = await client(app.url, '203.0.113.250').post('/api/login', { email: member.email, password: 'Sturdy-Oak-2026!' }, origin());
    expect(login).toMatchObject({ status: 401, json: { message: 'Incorrect e-mail or password.' } });
    // The other member is untouched.
    expect((await keeper.browser.get('/api/user')).status).toBe(200);
  });
});
