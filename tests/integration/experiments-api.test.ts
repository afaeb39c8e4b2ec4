// The experiments' route handlers (app/api/experiments/**) called in this process, with a real session on this
// file's own database: what each answers (status and JSON), a member's own experiments only (another's id is a
// 404 and changes nothing), one running at a time (409), bad input a 4xx with the field's message, and nothing
// without a session. The same calls against the production build: tests/integration/http/experiments.test.ts.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { GET as readOne, PATCH as changeOne, DELETE as deleteOne, POST as postOne } from '@/app/api/experiments/[id]/route';
import { PUT as markDay, GET as readDay } from '@/app/api/experiments/[id]/days/[day]/route';
import { GET as list, POST as start, PUT as putList } from '@/app/api/experiments/route';
import { sessionKey } from '@/lib/auth/sessions';
import { addDays, dayInZone } from '@/lib/days';
import { db } from '@/lib/db';
import type { ExperimentInput } from '@/lib/experiments/contract';
import { EXPERIMENT_NOT_FOUND, EXPERIMENT_REFUSALS, EXPERIMENT_RUNNING } from '@/lib/experiments/store';
import { EXPERIMENT_MESSAGES } from '@/lib/validation/experiments';
import { createMember } from '../support/members';

afterAll(() => db.$disconnect());

type Handler = (request: Request, segment?: { params?: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** A member signed in: his cookie, as a browser would send it. */
async function signedIn(timeZone = 'Europe/London') {
  const user = await createMember({ timeZone });
  const token = randomBytes(32).toString('hex');
  await db.session.create({ data: { tokenHash: sessionKey(token), userId: user.id, expires: new Date(Date.now() + 3_600_000) } });
  return { userId: user.id, cookie: `next-auth.session-token=${token}` };
}

/** Calls `handler` as Next would, with the path's params; answers the status and the JSON body. */
async function call(handler: Handler, method: string, path: string, { cookie, body, params = {}, headers = {} }: { cookie?: string; body?: unknown; params?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const request = new Request(`http://localhost${path}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const response = await handler(request, { params: Promise.resolve(params) });
  return { status: response.status, json: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

const today = () => dayInZone(new Date(), 'Europe/London');

const PLAN = (): ExperimentInput => ({
  change: 'No caffeine after noon',
  catalogueKey: 'no-caffeine-after-noon',
  outcome: 'sleepDurationMinutes',
  exploratory: ['mood'],
  direction: 'higher',
  design: 'AB',
  changeFrom: addDays(today(), -3),
  baselineDays: 14,
  changeDays: 28,
  returnDays: null,
});

describe('/api/experiments', () => {
  it('starts, lists, reads, marks, stops and deletes his own experiment', async () => {
    const { userId, cookie } = await signedIn();
    expect(await call(list, 'GET', '/api/experiments', { cookie })).toMatchObject({ status: 200, json: { experiments: [] } });

    const started = await call(start, 'POST', '/api/experiments', { cookie, body: PLAN() });
    expect(started).toMatchObject({ status: 201, json: { message: 'Your experiment has started.', experiment: { change: 'No caffeine after noon', outcome: 'sleepDurationMinutes', outcomeLabel: 'Sleep', phase: 'change', day: 4, of: 28 } } });
    expect(started.headers.get('cache-control')).toBe('no-store');
    const { id } = started.json.experiment as { id: string };
    expect(await db.experiment.findUniqueOrThrow({ where: { id } })).toMatchObject({ userId, exploratory: ['mood'], stoppedAt: null });
    expect((await call(list, 'GET', '/api/experiments', { cookie })).json).toEqual({ experiments: [started.json.experiment] });

    const read = await call(readOne, 'GET', `/api/experiments/${id}`, { cookie, params: { id } });
    expect(read).toMatchObject({ status: 200, json: { experiment: { id, primary: { outcome: 'sleepDurationMinutes', final: false, sentence: expect.stringMatching(/^Running: the answer comes after /) }, exploratoryAnswers: [{ outcome: 'mood', exploratory: true }], marks: [] } } });

    const day = addDays(today(), -1);
    expect(await call(markDay, 'PUT', `/api/experiments/${id}/days/${day}`, { cookie, params: { id, day }, body: { didIt: true } })).toMatchObject({ status: 200, json: { day, didIt: true, flags: [] } });
    expect(await call(markDay, 'PUT', `/api/experiments/${id}/days/${day}`, { cookie, params: { id, day }, body: { drinking: true } })).toMatchObject({ status: 200, json: { day, didIt: true, flags: ['drinking'] } });
    expect(await db.experimentDay.findFirstOrThrow({ where: { experimentId: id } })).toMatchObject({ didIt: true, drinking: true, ill: false });

    const stopped = await call(changeOne, 'PATCH', `/api/experiments/${id}`, { cookie, params: { id }, body: { action: 'stop' } });
    expect(stopped).toMatchObject({ status: 200, json: { message: 'Your experiment has ended early.', experiment: { id, phase: 'stopped' } } });
    expect(await call(changeOne, 'PATCH', `/api/experiments/${id}`, { cookie, params: { id }, body: { action: 'stop' } })).toMatchObject({ status: 409, json: { message: EXPERIMENT_REFUSALS.alreadyStopped, code: 'conflict' } });
    expect((await db.experiment.findUniqueOrThrow({ where: { id } })).stoppedAt).toBeInstanceOf(Date);

    expect(await call(deleteOne, 'DELETE', `/api/experiments/${id}`, { cookie, params: { id } })).toMatchObject({ status: 200, json: { message: 'The experiment is deleted.' } });
    expect(await call(deleteOne, 'DELETE', `/api/experiments/${id}`, { cookie, params: { id } })).toMatchObject({ status: 404, json: { message: EXPERIMENT_NOT_FOUND, code: 'not_found' } });
    expect(await db.experiment.count({ where: { userId } })).toBe(0);
    expect(await db.experimentDay.count({ where: { experimentId: id } })).toBe(0);
  });

  it('refuses a second while one runs with a 409 that says so', async () => {
    const { userId, cookie } = await signedIn();
    expect((await call(start, 'POST', '/api/experiments', { cookie, body: PLAN() })).status).toBe(201);
    expect(await call(start, 'POST', '/api/experiments', { cookie, body: { ...PLAN(), change: 'In bed before 11 pm', catalogueKey: 'bed-before-eleven' } })).toEqual({
      status: 409,
      json: { message: 'You already have an experiment running. End it before you start another.', code: 'conflict' },
      headers: expect.anything(),
    });
    expect(EXPERIMENT_RUNNING).toBe('You already have an experiment running. End it before you start another.');
    expect(await db.experiment.count({ where: { userId } })).toBe(1);
  });

  it('answers bad input with a 4xx naming the field, and stores nothing', async () => {
    const { userId, cookie } = await signedIn();
    const refused = await call(start, 'POST', '/api/experiments', { cookie, body: { ...PLAN(), exploratory: ['sleepDurationMinutes'], returnDays: 14 } });
    expect(refused).toMatchObject({
      status: 422,
      json: {
        message: EXPERIMENT_MESSAGES.exploratoryPrimary,
        code: 'unprocessable_entity',
        errors: [
          { path: 'exploratory', message: EXPERIMENT_MESSAGES.exploratoryPrimary },
          { path: 'returnDays', message: EXPERIMENT_MESSAGES.returnDaysWithoutReturn },
        ],
      },
    });
    expect(await call(start, 'POST', '/api/experiments', { cookie, body: { ...PLAN(), change: 'Magnesium\nat night' } })).toMatchObject({ status: 422, json: { errors: [{ path: 'change', message: 'Please keep this to one line of ordinary text.' }] } });
    expect(await call(start, 'POST', '/api/experiments', { cookie, body: { ...PLAN(), changeFrom: addDays(today(), -91) } })).toMatchObject({ status: 422, json: { message: EXPERIMENT_MESSAGES.changeFromTooEarly } });
    expect(await call(start, 'POST', '/api/experiments', { cookie, body: { ...PLAN(), design: 'ABA', returnDays: null } })).toMatchObject({ status: 422, json: { errors: [{ path: 'returnDays', message: EXPERIMENT_MESSAGES.returnDays }] } });
    expect((await call(start, 'POST', '/api/experiments', { cookie, body: { ...PLAN(), userId: 'someone-else' } })).status).toBe(422);
    expect((await call(start, 'POST', '/api/experiments', { cookie, body: JSON.stringify(PLAN()), headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await call(start, 'POST', '/api/experiments', { cookie, body: '{"change": ' })).status).toBe(400);
    expect(await db.experiment.count({ where: { userId } })).toBe(0);

    const { id } = (await call(start, 'POST', '/api/experiments', { cookie, body: PLAN() })).json.experiment as { id: string };
    const baselineDay = addDays(today(), -10);
    expect(await call(markDay, 'PUT', '/api/experiments/x/days/y', { cookie, params: { id, day: baselineDay }, body: { didIt: true } })).toMatchObject({ status: 422, json: { message: EXPERIMENT_REFUSALS.didItOutsideChange } });
    expect(await call(markDay, 'PUT', '/api/experiments/x/days/y', { cookie, params: { id, day: 'yesterday' }, body: { ill: true } })).toMatchObject({ status: 422, json: { message: EXPERIMENT_REFUSALS.badDay } });
    expect(await call(markDay, 'PUT', '/api/experiments/x/days/y', { cookie, params: { id, day: addDays(today(), 1) }, body: { ill: true } })).toMatchObject({ status: 422, json: { message: EXPERIMENT_REFUSALS.dayAhead } });
    expect(await call(markDay, 'PUT', '/api/experiments/x/days/y', { cookie, params: { id, day: baselineDay }, body: {} })).toMatchObject({ status: 422, json: { message: EXPERIMENT_MESSAGES.dayNothing } });
    expect(await call(markDay, 'PUT', '/api/experiments/x/days/y', { cookie, params: { id, day: baselineDay }, body: { ill: 'yes' } })).toMatchObject({ status: 422, json: { message: EXPERIMENT_MESSAGES.flag } });
    expect((await call(changeOne, 'PATCH', `/api/experiments/${id}`, { cookie, params: { id }, body: { action: 'pause' } })).status).toBe(422);
    expect(await db.experimentDay.count({ where: { experimentId: id } })).toBe(0);
    expect((await db.experiment.findUniqueOrThrow({ where: { id } })).stoppedAt).toBeNull();

    // A method the path does not take: a JSON 405 naming the ones it does.
    const wrong = await call(putList, 'PUT', '/api/experiments', { cookie, body: PLAN() });
    expect([wrong.status, wrong.headers.get('allow')]).toEqual([405, 'GET, POST']);
    expect((await call(postOne, 'POST', `/api/experiments/${id}`, { cookie, params: { id } })).status).toBe(405);
    expect((await call(readDay, 'GET', `/api/experiments/${id}/days/${baselineDay}`, { cookie, params: { id, day: baselineDay } })).status).toBe(405);
  });

  it('answers another member’s experiment as an unknown one, and leaves it as it was', async () => {
    const owner = await signedIn();
    const intruder = await signedIn();
    const { id } = (await call(start, 'POST', '/api/experiments', { cookie: owner.cookie, body: PLAN() })).json.experiment as { id: string };
    const day = today();
    const notFound = { status: 404, json: { message: EXPERIMENT_NOT_FOUND, code: 'not_found' } };
    expect(await call(readOne, 'GET', `/api/experiments/${id}`, { cookie: intruder.cookie, params: { id } })).toMatchObject(notFound);
    expect(await call(markDay, 'PUT', `/api/experiments/${id}/days/${day}`, { cookie: intruder.cookie, params: { id, day }, body: { didIt: true } })).toMatchObject(notFound);
    expect(await call(changeOne, 'PATCH', `/api/experiments/${id}`, { cookie: intruder.cookie, params: { id }, body: { action: 'stop' } })).toMatchObject(notFound);
    expect(await call(deleteOne, 'DELETE', `/api/experiments/${id}`, { cookie: intruder.cookie, params: { id } })).toMatchObject(notFound);
    expect((await call(list, 'GET', '/api/experiments', { cookie: intruder.cookie })).json).toEqual({ experiments: [] });
    expect(await db.experiment.findUniqueOrThrow({ where: { id } })).toMatchObject({ userId: owner.userId, stoppedAt: null });
    expect(await db.experimentDay.count({ where: { experimentId: id } })).toBe(0);
  });

  it('does nothing without a session', async () => {
    const owner = await signedIn();
    const { id } = (await call(start, 'POST', '/api/experiments', { cookie: owner.cookie, body: PLAN() })).json.experiment as { id: string };
    const day = today();
    for (const answer of [
      await call(list, 'GET', '/api/experiments'),
      await call(start, 'POST', '/api/experiments', { body: PLAN() }),
      await call(readOne, 'GET', `/api/experiments/${id}`, { params: { id } }),
      await call(changeOne, 'PATCH', `/api/experiments/${id}`, { params: { id }, body: { action: 'stop' } }),
      await call(deleteOne, 'DELETE', `/api/experiments/${id}`, { params: { id } }),
      await call(markDay, 'PUT', `/api/experiments/${id}/days/${day}`, { params: { id, day }, body: { didIt: true } }),
    ]) {
      expect([answer.status, answer.json.message]).toEqual([401, 'Not authenticated']);
    }
    expect(await db.experiment.findUniqueOrThrow({ where: { id } })).toMatchObject({ stoppedAt: null });
    expect(await db.experiment.count({ where: { userId: owner.userId } })).toBe(1);
  });
});
