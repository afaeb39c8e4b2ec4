import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { db } from '@/lib/db';
import { client, STARTS_A_SERVER_MS, startAppServer, type AppServer } from '../../setup/app-server';

let app: AppServer;
let browser: ReturnType<typeof client>;
let userId = '';
const PASSWORD = 'Sturdy-Oak-2026!';
const HEIGHT = 'Invalid height value. Please enter a value between 30 cm (1 ft) and 250 cm (8 ft 2 in).';

beforeAll(async () => {
  app = await startAppServer();
  browser = client(app.url);
  const res = await browser.post('/api/register', { firstName: 'Olly', lastName: 'Stone', email: `onb-${Date.now()}@example.test`, password: PASSWORD });
  userId = (res.json.user as { id: string }).id;
}, STARTS_A_SERVER_MS);
afterAll(async () => {
  await app.stop();
  await db.$disconnect();
});

const row = () => db.user.findUniqueOrThrow({ where: { id: userId } });

describe('the onboarding calls', () => {
  it.each([
    ['/api/update_dob', { date_of_birth: '1990-01-01' }],
    ['/api/update_height', { height: 180 }],
    ['/api/assign-terms', { accepted: true }],
    ['/api/shenai-tutorial-watched', undefined],
  ])('%s refuses a request without a session, whatever headers it carries', async (path, body) => {
    const res = await client(app.url).post(path, body, { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Not authenticated', code: 'unauthorized' });
  });

  it('save each answer, and GET /api/user reports them in SPEC field names', async () => {
    const saves: [string, unknown][] = [
      ['/api/update_dob', { date_of_birth: '1988-02-29' }],
      ['/api/update_location', { country: 'GB', city: 'Leeds', allow_location_access: true }],
      ['/api/update_height', { height: 183 }],
      ['/api/update_weight', { current_weight: 92.44, desired_weight: 85 }],
      ['/api/shenai-tutorial-watched', undefined],
      ['/api/update_biohacking_experience', { biohacking_experience: 'Advanced' }],
      ['/api/update_health_goals', { health_goals: '  Sleep deeper and lift heavier.  ' }],
      ['/api/update_devices_integrated', { devices_integrated: true }],
      ['/api/set-track', { track: 'two' }],
    ];
    for (const [path, body] of saves) expect([path, (await browser.post(path, body)).status]).toEqual([path, 200]);
    const record = (await browser.get('/api/user')).json;
    expect(record).toMatchObject({
      first_name: 'Olly',
      terms_accepted: false,
      date_of_birth: '1988-02-29',
      country: 'gb',
      city: 'Leeds',
      allow_location_access: true,
      height: 183,
      current_weight: 92.4,
      desired_weight: 85,
      shenai_tutorial_watched: true,
      biohacking_experience: 'Taking action',
      health_goals: 'Sleep deeper and lift heavier.',
      devices_integrated: true,
      track: 'two',
    });
  });

  it('stores the current weight as the desired one when no desired weight is sent', async () => {
    expect((await browser.post('/api/update_weight', { current_weight: 90 })).status).toBe(200);
    expect(await row()).toMatchObject({ currentWeightKg: 90, desiredWeightKg: 90 });
  });

  it.each<[string, string, unknown, number, string]>([
    ['height 29', '/api/update_height', { height: 29 }, 422, HEIGHT],
    ['height 251', '/api/update_height', { height: 251 }, 422, HEIGHT],
    ['a fractional height', '/api/update_height', { height: 180.5 }, 422, HEIGHT],
    ['a height as text', '/api/update_height', { height: '180' }, 422, HEIGHT],
    ['weight 200.1', '/api/update_weight', { current_weight: 200.1 }, 422, 'Current weight must be between 30 and 200 kg.'],
    ['a desired weight of 29.9', '/api/update_weight', { current_weight: 95, desired_weight: 29.9 }, 422, 'Goal weight must be between 30 and 200 kg.'],
    ['a date of birth in the future', '/api/update_dob', { date_of_birth: '2999-01-01' }, 422, 'Date of birth must be in the past.'],
    ['a baby born on 28 February 2025', '/api/update_dob', { date_of_birth: '2025-02-28' }, 422, 'You must be at least 18 to use Vitality.'],
    ['a profile date of birth under 18', '/api/set-user-info', { date_of_birth: '2025-02-28' }, 422, 'You must be at least 18 to use Vitality.'],
    ['29 February in a common year', '/api/update_dob', { date_of_birth: '2023-02-29' }, 422, 'Please enter a valid date of birth.'],
    ['a 1 MB goals text', '/api/update_health_goals', { health_goals: 'x'.repeat(1024 * 1024) }, 413, 'Request body is too large.'],
    ['whitespace-only goals', '/api/update_health_goals', { health_goals: ' \n\t ' }, 422, 'Please enter your health goals before proceeding.'],
    ['goals over 2,000 characters', '/api/update_health_goals', { health_goals: 'y'.repeat(2001) }, 422, 'Please keep your health goals under 2,000 characters.'],
    ['location access off', '/api/update_location', { country: 'gb', city: 'York', allow_location_access: false }, 422, 'Please enable location access to continue.'],
    ['an unknown biohacking label', '/api/update_biohacking_experience', { biohacking_experience: 'Expert' }, 422, 'Please choose your biohacking experience.'],
    ['track three', '/api/set-track', { track: 'three' }, 422, 'There was a problem setting your track. Please try again.'],
    ['unticked terms', '/api/assign-terms', { accepted: false }, 422, 'You must accept the Terms and Conditions to proceed.'],
  ])('refuses %s with a clear message and changes nothing', async (_case, path, body, status, message) => {
    const before = await row();
    const res = await browser.post(path, body);
    expect(res.status).toBe(status);
    expect(res.json.message).toBe(message);
    expect(await row()).toEqual(before);
  });

  it('starts the 30-day trial when the terms are accepted, once', async () => {
    expect((await browser.post('/api/assign-terms', { accepted: true })).status).toBe(200);
    const first = await row();
    const days = (first.trialEndsAt!.getTime() - first.termsAcceptedAt!.getTime()) / 86_400_000;
    expect(days).toBe(30);
    await browser.post('/api/assign-terms', { accepted: true });
    expect((await row()).trialEndsAt).toEqual(first.trialEndsAt);
    expect((await browser.get('/api/user')).json.terms_accepted).toBe(true);
  });
});

describe('get-user-info and set-user-info', () => {
  it('saves the older profile form, blank optional fields included', async () => {
    const res = await browser.post('/api/set-user-info', {
      date_of_birth: '1985-06-01', gender: 'Male', height: '181', weight: '93.5', goal_weight: '', health_goals: 'Energy',
      activity_level: 'Very Active', diet_pattern: 'Mediterranean', biohacking_experience: 'Beginner', current_biohacks: 'Cold showers',
      plan_preference: 'Flexible', daily_health_time: '1.5', health_conditions: '', additional_focus_areas: 'Mobility',
    });
    expect(res.status).toBe(200);
    const info = (await browser.get('/api/get-user-info')).json;
    expect(info).toMatchObject({ gender: 'Male', height: 181, weight: 93.5, goal_weight: '', activity_level: 'Very Active', diet_pattern: 'Mediterranean', biohacking_experience: 'Just getting started', plan_preference: 'Flexible', daily_health_time: 1.5 });
  });

  it("saves the profile page's fields; a new password ends the other sessions but not this one", async () => {
    const other = client(app.url);
    const email = (await browser.get('/api/user')).json.email as string;
    await other.post('/api/login', { email, password: PASSWORD });
    const res = await browser.post('/api/set-user-info', { name: 'Oliver', surname: 'Stone', country: 'fr', city: 'Lyon', email: `new-${email}`, password: 'Fresh-Cedar-2027', current_password: PASSWORD });
    expect(res.status).toBe(200);
    expect((await browser.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await client(app.url).post('/api/login', { email: `new-${email}`, password: 'Fresh-Cedar-2027' })).status).toBe(200);
  });

  it.each<[string, unknown, number, string]>([
    // The password the test above set: an e-mail change needs it.
    ['a taken e-mail', { email: 'DEMO-TAKEN@example.test', current_password: 'Fresh-Cedar-2027' }, 409, 'User already exists'],
    ['an unknown field', { is_admin: true }, 422, 'Unrecognized key: "is_admin"'],
    ['a height of 251', { height: 251 }, 422, 'Height must be between 30 and 250 cm.'],
    ['a goal weight of 201', { goal_weight: 201 }, 422, 'Goal weight must be between 30 and 200 kg.'],
    ['nothing', {}, 422, 'Nothing to update.'],
  ])('refuses %s', async (_case, body, status, message) => {
    await db.user.upsert({ where: { email: 'demo-taken@example.test' }, create: { email: 'demo-taken@example.test' }, update: {} });
    const before = await row();
    const res = await browser.post('/api/set-user-info', body);
    expect(res.status).toBe(status);
    expect(res.json.message).toBe(message);
    expect(await row()).toEqual(before);
  });
});
