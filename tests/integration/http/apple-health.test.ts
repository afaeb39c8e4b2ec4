// Apple Health ingestion over HTTP against the production build: device tokens made and
// revoked by the signed-in user, POST /api/ingest/apple-health with them, and what the database holds.
import { describe, expect, it } from '@jest/globals';
import { addDays, utcDay } from '@/lib/days';
import { db } from '@/lib/db';
import { client, registerUser, serveAppForThisFile } from '../../setup/app-server';

const app = serveAppForThisFile();
const origin = () => ({ origin: app.url });

type Browser = Awaited<ReturnType<typeof registerUser>>['browser'];
async function tokenFor(browser: Browser, name = 'iPhone'): Promise<{ id: string; token: string }> {
  const made = await browser.post('/api/device-tokens', { name }, origin());
  expect(made.status).toBe(201);
  return { id: String(made.json.id), token: String(made.json.token) };
}

/** The iOS app's call: no cookie, no Origin, the device token only. */
const ingest = (token: string | null, body: unknown) =>
  fetch(`${app.url}/api/ingest/apple-health`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, json: (await r.json().catch(() => ({}))) as Record<string, unknown> }));

const yesterday = addDays(utcDay(new Date()), -1);
const BATCH = {
  samples: [
    { uuid: 'A1B2C3D4-0001', type: 'HKQuantityTypeIdentifierStepCount', value: 5200, unit: 'count', start: `${yesterday}T09:00:00Z`, end: `${yesterday}T10:00:00Z` },
    { uuid: 'A1B2C3D4-0002', type: 'HKQuantityTypeIdentifierStepCount', value: 3100, unit: 'count', start: `${yesterday}T17:00:00Z`, end: `${yesterday}T18:00:00Z` },
    { uuid: 'A1B2C3D4-0003', type: 'HKQuantityTypeIdentifierBodyMass', value: 88.4, unit: 'kg', start: `${yesterday}T07:00:00Z`, end: `${yesterday}T07:00:00Z` },
    { uuid: 'A1B2C3D4-0004', type: 'HKQuantityTypeIdentifierHeartRate', value: 64, unit: 'count/min', start: `${yesterday}T12:00:00Z`, end: `${yesterday}T12:00:00Z` },
  ],
};

describe('Apple Health ingestion', () => {
  it('stores a batch once by sample UUID, recomputes the day, and the dashboard shows it', async () => {
    const { browser, userId } = await registerUser(app, { onboarded: true });
    const { token } = await tokenFor(browser);
    expect(token).toMatch(/^vtd_/);
    // The list never shows a token's value.
    const listed = await browser.get('/api/device-tokens');
    expect(JSON.stringify(listed.json)).not.toContain(token);
    expect(listed.json.tokens).toEqual([expect.objectContaining({ name: 'iPhone', last_used_at: null })]);

    const first = await ingest(token, BATCH);
    expect([first.status, first.json]).toEqual([200, { received: 4, stored: 4, days: [yesterday] }]);
    const again = await ingest(token, BATCH);
    expect([again.status, again.json]).toEqual([200, { received: 4, stored: 0, days: [yesterday] }]);

    const rows = await db.dailyMetric.findMany({ where: { userId, source: 'APPLE_HEALTH' } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ steps: 8300, weightKg: 88.4 });
    expect(await db.heartRateSample.count({ where: { userId, source: 'APPLE_HEALTH' } })).toBe(1);
    expect(await db.healthSample.count({ where: { userId } })).toBe(4);

    // The activity card reads it (Apple Health leads for steps).
    const activity = await browser.get('/api/activity');
    expect((activity.json.steps_history as { day: string; steps: number | null }[]).find((d) => d.day === yesterday)?.steps).toBe(8300);
    expect((await browser.get('/api/device-tokens')).json.tokens).toEqual([expect.objectContaining({ last_used_at: expect.any(String) })]);
  });

  it('files each sample on the local day it was sent with, and a night sent in two batches on the day it ends', async () => {
    const { browser, userId } = await registerUser(app, { onboarded: true });
    const { token } = await tokenFor(browser);
    const day = addDays(utcDay(new Date()), -3);
    const next = addDays(day, 1);
    const sleep = (uuid: string, value: number, start: string, end: string) => ({ uuid, type: 'HKCategoryTypeIdentifierSleepAnalysis', value, unit: 'category', start, end });
    // An evening walk in New York (01:30 UTC the next day), and the first hour of a night in London.
    const evening = await ingest(token, {
      samples: [
        { uuid: 'LOCAL-0001', type: 'HKQuantityTypeIdentifierStepCount', value: 2400, unit: 'count', start: `${day}T21:30:00-04:00`, end: `${day}T22:00:00-04:00` },
        sleep('LOCAL-0002', 3, `${day}T23:00:00+01:00`, `${day}T23:59:00+01:00`),
      ],
    });
    expect([evening.status, evening.json.days]).toEqual([200, [day]]);
    const byDay = async () => Object.fromEntries((await db.dailyMetric.findMany({ where: { userId, source: 'APPLE_HEALTH' }, orderBy: { day: 'asc' } })).map((r) => [r.day.toISOString().slice(0, 10), [r.steps, r.sleepDurationMinutes, r.sleepDeepMinutes]]));
    expect(await byDay()).toEqual({ [day]: [2400, 59, 0] });
    // The rest of the night arrives: one night of 59 + 360 minutes, on the morning it ends.
    const morning = await ingest(token, { samples: [sleep('LOCAL-0003', 4, `${next}T00:00:00+01:00`, `${next}T06:00:00+01:00`)] });
    expect([morning.status, morning.json.days]).toEqual([200, [next]]);
    expect(await byDay()).toEqual({ [day]: [2400, null, null], [next]: [null, 419, 360] });
  });

  it('refuses a missing, wrong or revoked token with 401, and another account’s with 403, storing nothing', async () => {
    const owner = await registerUser(app, { onboarded: true });
    const other = await registerUser(app, { onboarded: true });
    const { id, token } = await tokenFor(owner.browser);

    for (const bad of [null, 'vtd_not-a-real-token', `${token}x`]) {
      const answer = await ingest(bad, BATCH);
      expect([answer.status, typeof answer.json.message, answer.json.code]).toEqual([401, 'string', 'invalid_token']);
    }
    const crossed = await ingest(token, { ...BATCH, user_id: other.userId });
    expect([crossed.status, crossed.json.message]).toEqual([403, 'This device token belongs to another account.']);

    // Another account cannot revoke this token; its owner can, and then it stops at once.
    expect((await other.browser.post(`/api/device-tokens/${id}/revoke`, {}, origin())).status).toBe(404);
    expect((await owner.browser.post(`/api/device-tokens/${id}/revoke`, {}, origin())).status).toBe(200);
    const revoked = await ingest(token, BATCH);
    expect([revoked.status, revoked.json.message, revoked.json.code]).toEqual([401, 'This device token was revoked. Make a new one on My devices.', 'invalid_token']);

    expect(await db.healthSample.count({ where: { userId: { in: [owner.userId, other.userId] } } })).toBe(0);
    // (Their onboarding weights are their own entries, not Apple Health's.)
    expect(await db.dailyMetric.count({ where: { userId: { in: [owner.userId, other.userId] }, source: 'APPLE_HEALTH' } })).toBe(0);
  });

  it('answers bad batches with 4xx { message } and stores nothing', async () => {
    const { browser, userId } = await registerUser(app, { onboarded: true });
    const { token } = await tokenFor(browser);
    const one = BATCH.samples[0]!;
    const cases: unknown[] = [
      '{"samples": [',
      { samples: [] },
      { samples: 'steps' },
      { samples: [{ ...one, value: 'many' }] },
      { samples: [{ ...one, start: 'yesterday' }] },
      { samples: [{ ...one, end: `${yesterday}T08:00:00Z` }] }, // ends before it starts
      { samples: Array.from({ length: 1001 }, (_, i) => ({ ...one, uuid: `U-${i}` })) },
      // Strings PostgreSQL cannot store (a NUL byte would fail the insert), and values no device measures.
      { samples: [{ ...one, uuid: 'A\u0000B' }] },
      { samples: [{ ...one, type: 'HKQuantityTypeIdentifierStepCount\u0000' }] },
      { samples: [{ ...one, unit: 'co\u0000unt' }] },
      { samples: [{ ...one, unit: 'count\u202e' }] },
      { samples: [{ ...one, value: 1e300 }] },
      { samples: [{ ...one, value: -5 }] },
      { samples: [{ ...BATCH.samples[3]!, value: 4000 }] }, // a heart rate of 4,000 bpm
      { samples: [{ ...BATCH.samples[2]!, value: 9000, unit: 'lb' }] },
      { samples: [{ ...one, type: 'HKQuantityTypeIdentifierSomethingNew', value: 1e300 }] },
    ];
    for (const body of cases) {
      const answer = await ingest(token, body);
      expect([JSON.stringify(body).slice(0, 120), answer.status >= 400 && answer.status < 500, typeof answer.json.message]).toEqual([JSON.stringify(body).slice(0, 120), true, 'string']);
    }
    expect(await db.healthSample.count({ where: { userId } })).toBe(0);
    expect((await client(app.url).post('/api/device-tokens', { name: 'x' }, origin())).status).toBe(401);
  });
});
