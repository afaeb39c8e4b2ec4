import { describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { MEDICATION_NOT_FOUND } from '@/lib/medications/store';
import { MEDICATION_MESSAGES } from '@/lib/validation/medications';
import { client, registerUser, serveAppForThisFile, type AppServer } from '../../setup/app-server';

// "What I take" against the production build: GET and POST /api/medications, PATCH and DELETE
// /api/medications/{id}. A member's own entries only (another's id is a JSON 404 and changes nothing), bad
// input a JSON 4xx with the field's message, and nothing at all without a session.

const app: AppServer = serveAppForThisFile();
const origin = () => ({ origin: app.url });

const TRT = {
  kind: 'trt',
  name: 'Testosterone cypionate',
  dose: 100,
  dose_unit: 'mg',
  frequency: 'weekly',
  interval_days: 7,
  route: 'intramuscular_injection',
  preparation: 'Testosterone cypionate',
  started_on: '2026-06-01',
};

describe('/api/medications', () => {
  it('adds, lists, changes and removes the member’s own entries', async () => {
    const { browser, userId } = await registerUser(app);
    expect(await browser.get('/api/medications')).toMatchObject({ status: 200, json: { medications: [] } });

    const added = await browser.post('/api/medications', TRT, origin());
    expect(added).toMatchObject({ status: 201, json: { message: 'Added to your list.', medication: { ...TRT, stopped_on: null, note: null } } });
    expect(added.headers.get('cache-control')).toBe('no-store');
    const id = (added.json.medication as { id: string }).id;
    expect(await db.medication.findUniqueOrThrow({ where: { id } })).toMatchObject({ userId, kind: 'TRT', dose: 100 });

    const listed = await browser.get('/api/medications');
    expect(listed.json).toEqual({ medications: [added.json.medication] });

    const changed = await browser.patch(`/api/medications/${id}`, { dose: 120, note: 'Every Monday' }, origin());
    expect(changed).toMatchObject({ status: 200, json: { message: 'Your list is updated.', medication: { id, dose: 120, note: 'Every Monday' } } });

    expect(await browser.del(`/api/medications/${id}`, origin())).toMatchObject({ status: 200, json: { message: 'Removed from your list.' } });
    expect(await browser.del(`/api/medications/${id}`, origin())).toMatchObject({ status: 404, json: { message: MEDICATION_NOT_FOUND, code: 'not_found' } });
    expect(await db.medication.count({ where: { userId } })).toBe(0);
  });

  it('answers bad input with a JSON 4xx naming the field, and stores nothing', async () => {
    const { browser, userId } = await registerUser(app);
    const missingDose = await browser.post('/api/medications', { ...TRT, dose: undefined, dose_unit: undefined }, origin());
    expect(missingDose.status).toBe(422);
    expect(missingDose.json).toMatchObject({ message: MEDICATION_MESSAGES.dose, code: 'unprocessable_entity', errors: [{ path: 'dose', message: MEDICATION_MESSAGES.dose }, { path: 'dose_unit', message: MEDICATION_MESSAGES.doseUnit }] });
    expect((await browser.post('/api/medications', { ...TRT, stopped_on: '2026-05-01' }, origin())).json).toMatchObject({ message: MEDICATION_MESSAGES.stoppedBeforeStart });
    expect((await browser.post('/api/medications', { ...TRT, name: 'Testo\u202eenanthate' }, origin())).status).toBe(422);
    expect((await browser.post('/api/medications', { ...TRT, userId: 'someone' }, origin())).status).toBe(422);
    expect((await browser.post('/api/medications', JSON.stringify(TRT), { ...origin(), 'content-type': 'text/plain' })).status).toBe(415);
    expect((await browser.post('/api/medications', '{"kind": "trt", ', { ...origin(), 'content-type': 'application/json' })).status).toBe(400);
    expect((await browser.post('/api/medications', TRT, { origin: 'https://evil.example' })).status).toBe(403);
    expect(await db.medication.count({ where: { userId } })).toBe(0);

    const { id } = (await browser.post('/api/medications', TRT, origin())).json.medication as { id: string };
    expect(await browser.patch(`/api/medications/${id}`, {}, origin())).toMatchObject({ status: 422, json: { message: MEDICATION_MESSAGES.nothing } });
    expect(await browser.patch(`/api/medications/${id}`, { route: null }, origin())).toMatchObject({ status: 422, json: { message: MEDICATION_MESSAGES.route } });
    expect(await db.medication.findUniqueOrThrow({ where: { id } })).toMatchObject({ route: 'intramuscular_injection' });
  });

  it('answers another member’s entry as an unknown one, and leaves it as it was', async () => {
    const owner = await registerUser(app, { firstName: 'Owner' });
    const intruder = await registerUser(app, { firstName: 'Intruder' });
    const { id } = (await owner.browser.post('/api/medications', TRT, origin())).json.medication as { id: string };

    expect(await intruder.browser.patch(`/api/medications/${id}`, { dose: 500 }, origin())).toMatchObject({ status: 404, json: { message: MEDICATION_NOT_FOUND } });
    expect(await intruder.browser.del(`/api/medications/${id}`, origin())).toMatchObject({ status: 404, json: { message: MEDICATION_NOT_FOUND } });
    expect((await intruder.browser.get('/api/medications')).json).toEqual({ medications: [] });
    expect(await db.medication.findUniqueOrThrow({ where: { id } })).toMatchObject({ userId: owner.userId, dose: 100 });
  });

  it('does nothing without a session', async () => {
    const { browser } = await registerUser(app);
    const { id } = (await browser.post('/api/medications', TRT, origin())).json.medication as { id: string };
    const stranger = client(app.url, '203.0.113.240');
    for (const answer of [
      await stranger.get('/api/medications'),
      await stranger.post('/api/medications', TRT, origin()),
      await stranger.patch(`/api/medications/${id}`, { dose: 1 }, origin()),
      await stranger.del(`/api/medications/${id}`, origin()),
    ]) {
      expect([answer.status, answer.json.message]).toEqual([401, 'Not authenticated']);
    }
    expect(await db.medication.findUniqueOrThrow({ where: { id } })).toMatchObject({ dose: 100 });
  });
});
