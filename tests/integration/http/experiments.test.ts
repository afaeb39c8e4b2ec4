import { describe, expect, it } from '@jest/globals';
import { addDays, dayInZone } from '@/lib/days';
import { db } from '@/lib/db';
import { EXPERIMENT_NOT_FOUND, EXPERIMENT_REFUSALS, EXPERIMENT_RUNNING } from '@/lib/experiments/store';
import { EXPERIMENT_MESSAGES } from '@/lib/validation/experiments';
import { client, registerUser, serveAppForThisFile, type AppServer } from '../../setup/app-server';

// Experiments against the production build: GET and POST /api/experiments, GET, PATCH {"action": "stop"} and
// DELETE /api/experiments/{id}, PUT /api/experiments/{id}/days/{day}. A member's own experiments only
// (another's id is a JSON 404 and changes nothing), one running at a time (409), bad input a JSON 4xx with the
// field's message, and nothing at all without a session.

const app: AppServer = serveAppForThisFile();
const origin = () => ({ origin: app.url });

// A member registered by the API has the browser's zone or UTC: his today is UTC's.
const today = () => dayInZone(new Date(), 'UTC');
const plan = () => ({
  change: 'Magnesium at night',
  catalogueKey: 'magnesium-night',
  outcome: 'hrvMs',
  exploratory: ['sleepDurationMinutes'],
  direction: 'higher',
  design: 'AB',
  changeFrom: addDays(today(), -3),
  baselineDays: 14,
  changeDays: 28,
  returnDays: null,
});

describe('/api/experiments', () => {
  it('starts, lists, reads, marks, stops and deletes the member’s own experiment', async () => {
    const { browser, userId } = await registerUser(app);
    expect(await browser.get('/api/experiments')).toMatchObject({ status: 200, json: { experiments: [] } });

    const started = await browser.post('/api/experiments', plan(), origin());
    expect(started).toMatchObject({ status: 201, json: { message: 'Your experiment has started.', experiment: { change: 'Magnesium at night', phase: 'change', day: 4, of: 28 } } });
    expect(started.headers.get('cache-control')).toBe('no-store');
    const id = (started.json.experiment as { id: string }).id;
    expect(await db.experiment.findUniqueOrThrow({ where: { id } })).toMatchObject({ userId, outcome: 'hrvMs', stoppedAt: null });
    expect((await browser.get('/api/experiments')).json).toEqual({ experiments: [started.json.experiment] });
    expect(await browser.get(`/api/experiments/${id}`)).toMatchObject({ status: 200, json: { experiment: { id, primary: { final: false }, exploratoryAnswers: [{ outcome: 'sleepDurationMinutes', exploratory: true }] } } });

    const day = addDays(today(), -1);
    expect(await browser.put(`/api/experiments/${id}/days/${day}`, { didIt: true, ill: true }, origin())).toMatchObject({ status: 200, json: { day, didIt: true, flags: ['ill'] } });
    expect(await browser.post('/api/experiments', plan(), origin())).toMatchObject({ status: 409, json: { message: EXPERIMENT_RUNNING, code: 'conflict' } });

    expect(await browser.patch(`/api/experiments/${id}`, { action: 'stop' }, origin())).toMatchObject({ status: 200, json: { experiment: { id, phase: 'stopped' } } });
    expect(await browser.patch(`/api/experiments/${id}`, { action: 'stop' }, origin())).toMatchObject({ status: 409, json: { message: EXPERIMENT_REFUSALS.alreadyStopped } });
    expect(await browser.del(`/api/experiments/${id}`, origin())).toMatchObject({ status: 200, json: { message: 'The experiment is deleted.' } });
    expect(await browser.del(`/api/experiments/${id}`, origin())).toMatchObject({ status: 404, json: { message: EXPERIMENT_NOT_FOUND, code: 'not_found' } });
    expect(await db.experiment.count({ where: { userId } })).toBe(0);
  });

  it('answers bad input with a JSON 4xx naming the field, and stores nothing', async () => {
    const { browser, userId } = await registerUser(app);
    const refused = await browser.post('/api/experiments', { ...plan(), exploratory: ['hrvMs'] }, origin());
    expect(refused).toMatchObject({ status: 422, json: { message: EXPERIMENT_MESSAGES.exploratoryPrimary, errors: [{ path: 'exploratory', message: EXPERIMENT_MESSAGES.exploratoryPrimary }] } });
    expect(await browser.post('/api/experiments', { ...plan(), changeFrom: addDays(today(), 29), baselineDays: 56 }, origin())).toMatchObject({ status: 422, json: { message: EXPERIMENT_MESSAGES.changeFromTooLate } });
    expect((await browser.post('/api/experiments', { ...plan(), userId: 'someone' }, origin())).status).toBe(422);
    expect((await browser.post('/api/experiments', JSON.stringify(plan()), { ...origin(), 'content-type': 'text/plain' })).status).toBe(415);
    expect((await browser.post('/api/experiments', plan(), { origin: 'https://evil.example' })).status).toBe(403);
    expect(await db.experiment.count({ where: { userId } })).toBe(0);

    const id = ((await browser.post('/api/experiments', plan(), origin())).json.experiment as { id: string }).id;
    const baselineDay = addDays(today(), -10);
    expect(await browser.put(`/api/experiments/${id}/days/${baselineDay}`, { didIt: true }, origin())).toMatchObject({ status: 422, json: { message: EXPERIMENT_REFUSALS.didItOutsideChange } });
    expect(await browser.put(`/api/experiments/${id}/days/not-a-day`, { ill: true }, origin())).toMatchObject({ status: 422, json: { message: EXPERIMENT_REFUSALS.badDay } });
    expect(await db.experimentDay.count({ where: { experimentId: id } })).toBe(0);
  });

  it('answers another member’s experiment as an unknown one, and leaves it as it was', async () => {
    const owner = await registerUser(app, { firstName: 'Owner' });
    const intruder = await registerUser(app, { firstName: 'Intruder' });
    const id = ((await owner.browser.post('/api/experiments', plan(), origin())).json.experiment as { id: string }).id;
    const notFound = { status: 404, json: { message: EXPERIMENT_NOT_FOUND } };
    expect(await intruder.browser.get(`/api/experiments/${id}`)).toMatchObject(notFound);
    expect(await intruder.browser.put(`/api/experiments/${id}/days/${today()}`, { didIt: true }, origin())).toMatchObject(notFound);
    expect(await intruder.browser.patch(`/api/experiments/${id}`, { action: 'stop' }, origin())).toMatchObject(notFound);
    expect(await intruder.browser.del(`/api/experiments/${id}`, origin())).toMatchObject(notFound);
    expect((await intruder.browser.get('/api/experiments')).json).toEqual({ experiments: [] });
    expect(await db.experiment.findUniqueOrThrow({ where: { id } })).toMatchObject({ userId: owner.userId, stoppedAt: null });
  });

  it('does nothing without a session', async () => {
    const { browser } = await registerUser(app);
    const id = ((await browser.post('/api/experiments', plan(), origin())).json.experiment as { id: string }).id;
    const stranger = client(app.url, '203.0.113.241');
    for (const answer of [
      await stranger.get('/api/experiments'),
      await stranger.post('/api/experiments', plan(), origin()),
      await stranger.get(`/api/experiments/${id}`),
      await stranger.patch(`/api/experiments/${id}`, { action: 'stop' }, origin()),
      await stranger.put(`/api/experiments/${id}/days/${today()}`, { didIt: true }, origin()),
      await stranger.del(`/api/experiments/${id}`, origin()),
    ]) {
      expect([answer.status, answer.json.message]).toEqual([401, 'Not authenticated']);
    }
    expect(await db.experiment.findUniqueOrThrow({ where: { id } })).toMatchObject({ stoppedAt: null });
  });
});
