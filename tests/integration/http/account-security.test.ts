// What an attacker with a stolen cookie, a hostile page, a forged
// X-Forwarded-For or a password list could do, and what a sloppy client gets back.
import { FILE_NAME_MESSAGE } from '@/lib/http/body';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { client, serveAppForThisFile, STARTS_A_SERVER_MS, startAppServer, type AppServer } from '../../setup/app-server';
import { sendRaw } from '../../setup/raw-http';

const app = serveAppForThisFile();
const PASSWORD = 'Sturdy-Oak-2026!';
let n = 0;
const uniqueEmail = () => `sec${++n}-${Date.now()}@example.test`;

async function registered(ip: string, extra: Record<string, string> = {}) {
  const email = uniqueEmail();
  const browser = client(app.url, ip);
  expect((await browser.post('/api/register', { email, password: PASSWORD, ...extra })).status).toBe(201);
  return { email, browser };
}

describe('1. changing the e-mail or password with a stolen cookie', () => {
  it('needs the current password (403 without it or with a wrong one) and changes nothing', async () => {
    const { email, browser } = await registered('198.51.100.101');
    const before = await db.user.findUniqueOrThrow({ where: { email } });
    for (const body of [{ email: uniqueEmail() }, { password: 'brand-New-Walrus-91' }, { email: uniqueEmail(), current_password: 'not-it-at-all-55' }]) {
      const res = await browser.post('/api/set-user-info', body);
      expect(res.status).toBe(403);
      expect(res.json.message).toMatch(/current password/);
    }
    expect(await db.user.findUniqueOrThrow({ where: { email } })).toEqual(before);
    // Other fields, and the same e-mail again, need no password.
    expect((await browser.post('/api/set-user-info', { name: 'Renamed', email })).status).toBe(200);
  });

  it('with the current password, a new password ends every other session and keeps this one', async () => {
    const { email, browser } = await registered('198.51.100.102');
    const other = client(app.url, '198.51.100.103');
    expect((await other.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
    const res = await browser.post('/api/set-user-info', { password: 'brand-New-Walrus-91', current_password: PASSWORD });
    expect(res.status).toBe(200);
    expect((await browser.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it("refuses an address in use with register's answer, and a new e-mail otherwise", async () => {
    const { email: taken } = await registered('198.51.100.104');
    const { email, browser } = await registered('198.51.100.105');
    const clash = await browser.post('/api/set-user-info', { email: taken, current_password: PASSWORD });
    expect(clash).toMatchObject({ status: 409, json: { message: 'User already exists' } });
    const fresh = uniqueEmail();
    expect((await browser.post('/api/set-user-info', { email: fresh, current_password: PASSWORD })).status).toBe(200);
    expect(await db.user.count({ where: { email } })).toBe(0);
    expect(await db.user.count({ where: { email: fresh } })).toBe(1);
  });
});

describe('2. cross-site requests', () => {
  it.each([
    ['a text/plain body', { 'content-type': 'text/plain' }, 415],
    ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, 415],
    ['a foreign Origin', { 'content-type': 'application/json', origin: 'https://evil.example' }, 403],
    ['a cross-site fetch without Origin', { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, 403],
  ])('refuse a login with %s, and sign no one in', async (_case, headers, status) => {
    const email = uniqueEmail();
    await client(app.url, '198.51.100.110').post('/api/register', { email, password: PASSWORD });
    const browser = client(app.url, '198.51.100.111');
    const res = await browser.post('/api/login', JSON.stringify({ email, password: PASSWORD }), headers);
    expect(res.status).toBe(status);
    expect(typeof res.json.message).toBe('string');
    expect(browser.jar.size).toBe(0);
  });

  it('accept the same request from the app itself', async () => {
    const email = uniqueEmail();
    await client(app.url, '198.51.100.112').post('/api/register', { email, password: PASSWORD });
    const res = await client(app.url, '198.51.100.113').post('/api/login', { email, password: PASSWORD }, { origin: app.url, 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(200);
  });
});

describe('3. rate-limit keys come from the socket, not from X-Forwarded-For', () => {
  let direct: AppServer;
  beforeAll(async () => {
    direct = await startAppServer({ TRUSTED_PROXY_COUNT: '0' });
  }, STARTS_A_SERVER_MS);
  afterAll(() => direct.stop());

  it('counts 40 wrong logins with a random X-Forwarded-For each as one client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const forged = `${10 + (i % 200)}.${i}.${(i * 7) % 250}.${(i * 13) % 250}`;
      statuses.push((await client(direct.url, forged).post('/api/login', { email: `nobody${i}-${Date.now()}@example.test`, password: PASSWORD })).status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});

describe('4. locking the owner out', () => {
  it("lets a browser that signed in before through the account's limit, but not a stranger or a forged cookie", async () => {
    const { email, browser: owner } = await registered('198.51.100.120');
    for (let i = 0; i < 10; i += 1) {
      expect((await client(app.url, `198.51.100.${130 + i}`).post('/api/login', { email, password: 'Wrong-password-1' })).status).toBe(401);
    }
    expect((await client(app.url, '198.51.100.150').post('/api/login', { email, password: PASSWORD })).status).toBe(429);
    const device = owner.jar.get('vt-device');
    expect(device).toMatch(/^[^.]+\.[^.]+\.[^.]+$/);
    const forged = client(app.url, '198.51.100.151');
    forged.jar.set('vt-device', `${device!.split('.').slice(0, 2).join('.')}.AAAA`);
    expect((await forged.post('/api/login', { email, password: PASSWORD })).status).toBe(429);
    expect((await owner.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
  });
});

describe('5. weak passwords', () => {
  it.each([['aaaaaaaa'], ['00000000'], ['abcdefgh'], ['        '], ['Vitality2026'], ['own e-mail']])('refuses %j at register', async (password) => {
    const email = uniqueEmail();
    const res = await client(app.url, '198.51.100.160').post('/api/register', { email, password: password === 'own e-mail' ? email : password });
    expect(res.status).toBe(422);
    expect(res.json.message).toMatch(/\.$/);
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  it('refuses the user\'s own names as a new password at the profile, and keeps the old one', async () => {
    const { email, browser } = await registered('198.51.100.161', { firstName: 'Barnaby', lastName: 'Quillfeather' });
    const before = (await db.user.findUniqueOrThrow({ where: { email } })).passwordHash;
    const profile = await browser.post('/api/set-user-info', { password: 'BarnabyQuillfeather', current_password: PASSWORD });
    expect(profile.status).toBe(422);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).passwordHash).toBe(before);
  });
});

describe('8. NUL bytes', () => {
  it.each([
    ['/api/register', { email: uniqueEmail(), password: PASSWORD, firstName: 'Nul\u0000l' }],
    ['/api/update_health_goals', { health_goals: 'Sleep\u0000better' }],
    ['/api/update_location', { country: 'gb', city: 'Lon\u0000don', allow_location_access: true }],
  ])('are refused with a 422 at %s', async (path, body) => {
    const { browser } = await registered('198.51.100.170');
    const res = await browser.post(path, body);
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('Text fields cannot contain control characters such as NUL.');
  });
});

// Characters that change what a name shows are refused where every string is checked.
describe('8b. control characters and direction overrides', () => {
  const REFUSED = 'Text fields cannot contain control characters such as NUL.';

  it.each([
    ['/api/set-user-info', { name: 'Ali\u0007ce' }],
    ['/api/set-user-info', { surname: 'Smith\u007f' }],
    ['/api/update_health_goals', { health_goals: 'Sleep \u202ebetter' }],
    ['/api/update_health_goals', { health_goals: 'Lift\u001b[31m' }],
    ['/api/device-tokens', { name: 'iPhone \u2066evil\u2069' }],
    ['/api/device-tokens', { name: 'iPhone\u202a' }],
  ])('are refused with a 422 at %s, and nothing is stored', async (path, body) => {
    const { email, browser } = await registered('198.51.100.171');
    const before = await db.user.findUniqueOrThrow({ where: { email } });
    const res = await browser.post(path, body);
    expect([res.status, res.json.message]).toEqual([422, REFUSED]);
    expect({ ...(await db.user.findUniqueOrThrow({ where: { email } })), dataVersion: before.dataVersion }).toEqual(before);
    expect(await db.deviceToken.count({ where: { userId: before.id } })).toBe(0);
  });

  it('keeps tabs and new lines in free text', async () => {
    const { email, browser } = await registered('198.51.100.172');
    const goals = 'Sleep better\n\tand lift twice a week';
    expect((await browser.post('/api/update_health_goals', { health_goals: goals })).status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).healthGoals).toBe(goals);
  });

  it('refuses an uploaded file whose name carries a direction override, and keeps no row or file', async () => {
    const { email, browser } = await registered('198.51.100.173');
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'blöod \u202etxt.exe.pdf');
    const cookie = [...browser.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${app.url}/api/upload-lab-report`, { method: 'POST', body: form, headers: { cookie, origin: app.url, 'x-forwarded-for': '198.51.100.173' } });
    expect([res.status, ((await res.json()) as { message?: string }).message]).toEqual([422, FILE_NAME_MESSAGE]);
    expect(await db.labReport.count({ where: { user: { email } } })).toBe(0);
  });

  // One line of ordinary text in a single-line field (lib/validation/stored-text.ts): no line break of any
  // kind, no tab, no invisible space.
  it.each([
    ['/api/update_location', { country: 'gb', city: 'Lon\r\ndon', allow_location_access: true }, 'Please choose a valid city.'],
    ['/api/update_location', { country: 'gb', city: 'Lon\u2028don', allow_location_access: true }, 'Please choose a valid city.'],
    ['/api/update_location', { country: 'gb', city: 'Lon\u200bdon', allow_location_access: true }, 'Please choose a valid city.'],
    ['/api/set-user-info', { city: 'Leeds\nSheffield' }, 'Please keep this to one line of ordinary text.'],
    ['/api/set-user-info', { name: 'Ali\u200bce' }, 'Please keep this to one line of ordinary text.'],
    ['/api/set-user-info', { surname: 'Smith\u2029Jones' }, 'Please keep this to one line of ordinary text.'],
  ])('refuses a line break or an invisible character in a single-line field at %s, and stores nothing', async (path, body, message) => {
    const { email, browser } = await registered('198.51.100.174');
    const before = await db.user.findUniqueOrThrow({ where: { email } });
    const res = await browser.post(path, body);
    expect(res.status).toBe(422);
    expect(JSON.stringify(res.json)).toContain(message);
    expect({ ...(await db.user.findUniqueOrThrow({ where: { email } })), dataVersion: before.dataVersion }).toEqual(before);
  });

  it('keeps a name with the joiners Persian and Indic names need, and accents', async () => {
    const { email, browser } = await registered('198.51.100.175');
    expect((await browser.post('/api/update_location', { country: 'ir', city: 'می\u200cشود', allow_location_access: true })).status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).city).toBe('می\u200cشود');
  });
});

describe('9. a chunked upload is cut off at the limit', () => {
  it('answers 413 long before 100 MB have been sent', async () => {
    const answer = await sendRaw(`${app.url}/api/register`, 'POST', { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.180' }, undefined, 100 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ message: 'Request body is too large.', code: 'payload_too_large' });
    expect(answer.sent).toBeLessThan(10 * 1024 * 1024);
  });
});

describe('10. errors are JSON', () => {
  it.each([
    ['a wrong method', 'GET', '/api/login', 405],
    ['an unknown API path', 'POST', '/api/no-such-thing', 404],
    ['HEAD on an auth path', 'HEAD', '/api/auth/session', 405],
    ['a malformed escape', 'POST', '/api/reset-password/%ff', 400],
  ])('%s', async (_case, method, path, status) => {
    const answer = await sendRaw(app.url + path, method, { 'content-type': 'application/json' }, method === 'GET' || method === 'HEAD' ? undefined : '{}');
    expect(answer.status).toBe(status);
    expect(answer.type).toMatch(/^application\/json/);
    if (method !== 'HEAD') expect(typeof JSON.parse(answer.text).message).toBe('string');
  });
});
