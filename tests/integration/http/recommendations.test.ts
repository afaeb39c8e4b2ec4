// SPEC §7: POST /api/recommendations {lat, lon} answers supplement_data, advice, next_refresh and error;
// the actions screen sends 0,0 for "no position". The ranking rules are covered in ../recommendations.test.ts.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { SUPPLEMENTS } from '@/lib/demo/supplements';
import { client, registerUser, serveAppForThisFile } from '../../setup/app-server';

const app = serveAppForThisFile();
const origin = () => ({ origin: app.url });
/** One signed-in caller for all the bad bodies. */
let badBodyCaller: ReturnType<typeof registerUser> | undefined;

beforeAll(async () => {
  await db.supplement.createMany({ data: SUPPLEMENTS, skipDuplicates: true });
});

describe('POST /api/recommendations', () => {
  it('answers every active supplement with SPEC’s fields, the day’s advice and the next UTC midnight, uncached', async () => {
    const { browser, userId } = await registerUser(app, { onboarded: true });
    const res = await browser.post('/api/recommendations', { lat: 51.5074, lon: -0.1278 }, origin());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    expect(Object.keys(res.json).sort()).toEqual(['advice', 'error', 'next_refresh', 'supplement_data']);
    expect(res.json.error).toBeNull();

    const items = res.json.supplement_data as Record<string, unknown>[];
    expect(items.map((item) => item.id).sort()).toEqual(SUPPLEMENTS.map((s) => s.slug).sort());
    const zinc = SUPPLEMENTS.find((s) => s.slug === 'zinc-picolinate')!;
    expect(items.find((item) => item.id === 'zinc-picolinate')).toEqual({ id: zinc.slug, name: zinc.name, description: zinc.description, photo: zinc.photoUrl, link: zinc.link });

    expect(res.json.advice).toMatch(/of daylight today; sunrise is at \d\d:\d\d/);
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    // Allow for a request that straddles midnight.
    expect([midnight.toISOString(), new Date(midnight.getTime() + 86_400_000).toISOString()]).toContain(res.json.next_refresh);

    // The same day and place read the stored answer back.
    expect((await browser.post('/api/recommendations', { lat: 51.5074, lon: -0.1278 }, origin())).json).toEqual(res.json);
    expect(await db.recommendationSet.findMany({ where: { userId }, select: { place: true } })).toEqual([{ place: '51.5,-0.1' }]);
  });

  it('answers without a position (0, 0) with advice that leaves daylight out', async () => {
    const { browser } = await registerUser(app, { onboarded: true });
    const res = await browser.post('/api/recommendations', { lat: 0, lon: 0 }, origin());
    expect(res.status).toBe(200);
    expect(res.json.error).toBeNull();
    expect(res.json.advice).not.toMatch(/daylight|sunrise/i);
    expect((res.json.supplement_data as unknown[]).length).toBe(SUPPLEMENTS.length);
  });

  it('refuses a signed-out caller with 401', async () => {
    const res = await client(app.url).post('/api/recommendations', { lat: 51.5, lon: -0.1 }, origin());
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Not authenticated', code: 'unauthorized' });
  });

  it.each([
    ['strings', { lat: '51.5', lon: '-0.1' }, 'Send lat and lon as numbers.'],
    ['nulls', { lat: null, lon: null }, 'Send lat and lon as numbers.'],
    ['a missing lon', { lat: 51.5 }, 'Send lat and lon as numbers.'],
    ['an empty object', {}, 'Send lat and lon as numbers.'],
    ['an array', [51.5, -0.1], 'Send lat and lon as numbers.'],
    ['a latitude past the pole', { lat: 90.5, lon: 0 }, 'lat must be between -90 and 90.'],
    ['a longitude past the date line', { lat: 10, lon: -180.01 }, 'lon must be between -180 and 180.'],
    ['an overflowing number', '{"lat": 1e400, "lon": 0}', 'Send lat and lon as numbers.'],
  ])('answers %s with 422 and a message', async (_case, body, message) => {
    const { browser, userId } = await (badBodyCaller ??= registerUser(app));
    const res = await browser.post('/api/recommendations', body, { ...origin(), 'content-type': 'application/json' });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe(message);
    expect(await db.recommendationSet.count({ where: { userId } })).toBe(0);
  });

  it('answers other methods with a JSON 405', async () => {
    const { browser } = await registerUser(app);
    const res = await browser.get('/api/recommendations');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
