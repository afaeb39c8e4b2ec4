// SPEC §7 "Dashboard data": today's actions, the selection and the manual actions over HTTP, against the
// production build. Each user sees and changes only their own sets.
import { describe, expect, it } from '@jest/globals';
import { daysEnding, nextUtcMidnight, utcDay } from '@/lib/days';
import { db } from '@/lib/db';
import { client, registerUser, serveAppForThisFile } from '../../setup/app-server';
import { addDailyMetrics } from '../../support/members';

const app = serveAppForThisFile();
const origin = () => ({ origin: app.url });
const onboarded = () => registerUser(app, { onboarded: true });

type Action = { id: string; title: string; subtitle: string; reason: string };
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function todays(browser: ReturnType<typeof client>) {
  const res = await browser.get('/api/todays_actions');
  expect(res.status).toBe(200);
  return res.json as { action_1: Action; action_2: Action; action_3: Action; action_4: Action; manual_actions: { id: string; title: string; subtitle: string }[]; cached_daily_actions_id: string; vitality: number; summary: string; last_refresh: string; next_refresh: string };
}

describe('GET /api/todays_actions', () => {
  it('answers four actions, no manual ones yet, the vitality and its summary, not cached, and the same set all day', async () => {
    const { browser, userId } = await onboarded();
    const res = await browser.get('/api/todays_actions');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const body = res.json as Awaited<ReturnType<typeof todays>>;
    expect(Object.keys(body).sort()).toEqual(['action_1', 'action_2', 'action_3', 'action_4', 'cached_daily_actions_id', 'last_refresh', 'manual_actions', 'next_refresh', 'summary', 'vitality']);
    for (const action of [body.action_1, body.action_2, body.action_3, body.action_4]) {
      expect(action).toEqual({ id: expect.any(String), title: expect.any(String), subtitle: expect.any(String), reason: expect.any(String) });
      expect(action.title.length).toBeGreaterThan(0);
    }
    expect(body.manual_actions).toEqual([]);
    // A new user has no wearable data or check-ins yet.
    expect(body.vitality).toBe(-1);
    expect(body.summary).toBe('Not enough data yet: 0 of the 7 days needed. Bring in your wearable’s data on My devices, or check in daily.');
    expect(body.last_refresh).toMatch(ISO);
    expect(body.next_refresh).toBe(nextUtcMidnight(new Date(body.last_refresh)).toISOString());

    expect((await todays(browser)).cached_daily_actions_id).toBe(body.cached_daily_actions_id);
    expect(await db.dailyActionSet.count({ where: { userId } })).toBe(1);
  });

  it('scores a user with two weeks of data', async () => {
    const { browser, userId } = await onboarded();
    await addDailyMetrics(userId, daysEnding(utcDay(new Date()), 14), { sleepDurationMinutes: 450, steps: 8500, restingHeartRateBpm: 56, hrvMs: 60 });
    const body = await todays(browser);
    expect(body.vitality).toBeGreaterThanOrEqual(66);
    expect(body.summary).toMatch(/^Lifted by your /);
  });
});

describe('manual actions and the selection', () => {
  it('adds manual-1 and manual-2 with generated titles, refuses a third, and saves and reads back the ticked ids', async () => {
    const { browser, userId } = await onboarded();
    const set = await todays(browser);
    const setId = set.cached_daily_actions_id;

    const read = await browser.post('/api/get-selected-actions', { cached_daily_actions_id: setId }, origin());
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toContain('no-store');
    expect(read.json).toEqual({ selected_actions: [] });

    const first = await browser.post('/api/generate_manual_action_title', { description: 'I want to walk the dog for 30 minutes after dinner', cached_daily_actions_id: setId }, origin());
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ id: 'manual-1', title: 'Walk the dog for 30 minutes after dinner' });
    const second = await browser.post('/api/generate_manual_action_title', { description: 'Stretch for ten minutes.', cached_daily_actions_id: setId }, origin());
    expect(second.json).toEqual({ id: 'manual-2', title: 'Stretch for ten minutes' });
    const third = await browser.post('/api/generate_manual_action_title', { description: 'Read twenty pages', cached_daily_actions_id: setId }, origin());
    expect(third.status).toBe(409);
    expect(third.json).toEqual({ message: 'You have added both of your own actions for today.', code: 'conflict' });

    const withManual = await todays(browser);
    expect(withManual.cached_daily_actions_id).toBe(setId);
    expect(withManual.manual_actions).toEqual([
      { id: 'manual-1', title: 'Walk the dog for 30 minutes after dinner', subtitle: 'I want to walk the dog for 30 minutes after dinner' },
      { id: 'manual-2', title: 'Stretch for ten minutes', subtitle: 'Stretch for ten minutes.' },
    ]);

    const ticked = await browser.post('/api/update-selected-actions', { selected_actions: ['manual-2', set.action_1.id], cached_daily_actions_id: setId }, origin());
    expect(ticked.status).toBe(200);
    expect(ticked.json).toEqual({ selected_actions: [set.action_1.id, 'manual-2'] });
    expect((await browser.post('/api/get-selected-actions', { cached_daily_actions_id: setId }, origin())).json).toEqual({ selected_actions: [set.action_1.id, 'manual-2'] });
    const rows = await db.dailyAction.findMany({ where: { set: { userId }, selected: true }, select: { key: true }, orderBy: { position: 'asc' } });
    expect(rows.map((r) => r.key)).toEqual([set.action_1.id, 'manual-2']);

    // Unticking sends the full list again.
    expect((await browser.post('/api/update-selected-actions', { selected_actions: ['manual-2'], cached_daily_actions_id: setId }, origin())).json).toEqual({ selected_actions: ['manual-2'] });
    expect((await browser.post('/api/get-selected-actions', { cached_daily_actions_id: setId }, origin())).json).toEqual({ selected_actions: ['manual-2'] });
  });

  it('refuses bad bodies with a 4xx and a message, and changes nothing', async () => {
    const { browser } = await onboarded();
    const setId = (await todays(browser)).cached_daily_actions_id;
    const cases: [string, unknown, number, string?][] = [
      ['/api/generate_manual_action_title', { description: 'x'.repeat(201), cached_daily_actions_id: setId }, 422, 'Describe your action in 200 characters or fewer.'],
      ['/api/generate_manual_action_title', { description: '   ', cached_daily_actions_id: setId }, 422, 'Describe your action first.'],
      ['/api/generate_manual_action_title', { description: 42, cached_daily_actions_id: setId }, 422],
      ['/api/generate_manual_action_title', { description: 'Walk' }, 422],
      ['/api/update-selected-actions', { selected_actions: 'manual-1', cached_daily_actions_id: setId }, 422],
      ['/api/update-selected-actions', { selected_actions: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], cached_daily_actions_id: setId }, 422],
      ['/api/update-selected-actions', { selected_actions: ['x'.repeat(41)], cached_daily_actions_id: setId }, 422],
      ['/api/update-selected-actions', { selected_actions: ['not-an-action'], cached_daily_actions_id: setId }, 422, 'Unknown action.'],
      ['/api/update-selected-actions', { selected_actions: [] }, 422],
      ['/api/get-selected-actions', { cached_daily_actions_id: 'x'.repeat(41) }, 422],
      ['/api/get-selected-actions', {}, 422],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await browser.post(path, body, origin());
      expect([path, res.status]).toEqual([path, status]);
      expect(typeof res.json.message).toBe('string');
      if (message) expect(res.json.message).toBe(message);
    }
    expect((await browser.post('/api/get-selected-actions', '{"cached_daily_actions_id":', { ...origin(), 'content-type': 'application/json' })).status).toBe(400);
    expect((await browser.post('/api/get-selected-actions', JSON.stringify({ cached_daily_actions_id: setId }), { ...origin(), 'content-type': 'text/plain' })).status).toBe(415);
    expect((await browser.post('/api/update-selected-actions', { selected_actions: [], cached_daily_actions_id: setId }, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await browser.get('/api/generate_manual_action_title')).status).toBe(405);
    expect((await browser.post('/api/todays_actions', {}, origin())).status).toBe(405);
    expect(await db.dailyAction.count({ where: { setId, OR: [{ selected: true }, { origin: 'MANUAL' }] } })).toBe(0);
  });
});

describe('ownership and sign-in', () => {
  it('finds nothing of another user’s set (404) and answers 401 when signed out', async () => {
    const owner = await onboarded();
    const other = await onboarded();
    const set = await todays(owner.browser);
    const setId = set.cached_daily_actions_id;

    const calls: [string, Record<string, unknown>][] = [
      ['/api/get-selected-actions', { cached_daily_actions_id: setId }],
      ['/api/update-selected-actions', { selected_actions: [set.action_1.id], cached_daily_actions_id: setId }],
      ['/api/generate_manual_action_title', { description: 'Walk to work', cached_daily_actions_id: setId }],
    ];
    for (const [path, body] of calls) {
      const res = await other.browser.post(path, body, origin());
      expect([path, res.status, res.json]).toEqual([path, 404, { message: 'Actions not found.', code: 'not_found' }]);
    }
    expect(await db.dailyAction.count({ where: { setId, OR: [{ selected: true }, { origin: 'MANUAL' }] } })).toBe(0);
    // The other user's own set is a different one.
    expect((await todays(other.browser)).cached_daily_actions_id).not.toBe(setId);

    const signedOut = client(app.url);
    expect((await signedOut.get('/api/todays_actions')).status).toBe(401);
    for (const [path, body] of calls) expect([path, (await signedOut.post(path, body, origin())).status]).toEqual([path, 401]);
  });
});
