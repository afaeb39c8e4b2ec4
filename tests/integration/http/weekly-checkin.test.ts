// The scan calls over HTTP against the production build: POST /api/update_shen_ai (onboarding
// step 9), GET /api/weekly_checkin/status and POST /api/weekly_checkin (once per ISO week, Monday 00:00
// UTC; 409 on a second one, also when two race). What the database holds is checked directly.
import { describe, expect, it } from '@jest/globals';
import { ageOn, nextIsoWeekStart, utcDay } from '@/lib/days';
import { db } from '@/lib/db';
import { registerUser, serveAppForThisFile } from '../../setup/app-server';

const app = serveAppForThisFile();
const origin = () => ({ origin: app.url });
// What the built-in engine sends for a confident scan.
const SCAN = { heart_rate_bpm: 63.4, hrv_sdnn_ms: 41.2, hrv_lnrmssd_ms: 3.61, breathing_rate_bpm: 14.2, average_signal_quality: 0.82, engine: 'builtin' };
const PROFILE_AGE = ageOn(new Date('1985-06-15T00:00:00Z'), utcDay(new Date()));

describe('POST /api/update_shen_ai', () => {
  it('stores the onboarding scan with the profile’s age, height, weight and BMI, and the heart rate as a sample', async () => {
    const { browser, userId } = await registerUser(app, { onboarded: true });
    // A client's own profile figures are ignored: the server takes them from the profile.
    const saved = await browser.post('/api/update_shen_ai', { ...SCAN, age_years: 19, weight_kg: 50 }, origin());
    expect(saved.status).toBe(201);
    const row = await db.vitalScan.findFirstOrThrow({ where: { userId } });
    expect(row).toMatchObject({
      source: 'ONBOARDING', heartRateBpm: 63.4, hrvSdnnMs: 41.2, hrvLnrmssdMs: 3.61, breathingRateBpm: 14.2, averageSignalQuality: 0.82,
      ageYears: PROFILE_AGE, heightCm: 180, weightKg: 90, bmiKgPerM2: 27.8,
      systolicBloodPressureMmhg: null, diastolicBloodPressureMmhg: null, cardiacWorkloadMmhgPerSec: null, stressIndex: null, parasympatheticActivity: null,
      engine: 'builtin', isoWeek: null,
    });
    const sample = await db.heartRateSample.findFirstOrThrow({ where: { userId, source: 'SCAN' } });
    expect(sample.bpm).toBe(63);
  });

  it('refuses a result without a heart rate, out-of-range figures, an unconfirmed racing rate and a signed-out caller, and stores nothing of them', async () => {
    const { browser, userId } = await registerUser(app, { onboarded: true });
    const cases: [unknown, number][] = [
      [{ ...SCAN, heart_rate_bpm: null }, 422],
      [{ ...SCAN, heart_rate_bpm: 400 }, 422],
      [{ ...SCAN, heart_rate_bpm: '63' }, 422],
      [{ ...SCAN, average_signal_quality: 3 }, 422],
      [{ ...SCAN, systolic_blood_pressure_mmhg: 120 }, 422],
    ];
    for (const [body, status] of cases) {
      const answer = await browser.post('/api/update_shen_ai', body, origin());
      expect([answer.status, typeof answer.json.message]).toEqual([status, 'string']);
    }
    expect(await db.vitalScan.count({ where: { userId } })).toBe(0);
    // A rate outside a seated man's resting range (38–150 bpm) only once the member confirmed it.
    const racing = await browser.post('/api/update_shen_ai', { ...SCAN, heart_rate_bpm: 188.9 }, origin());
    expect([racing.status, racing.json.message]).toEqual([422, 'A heart rate outside 38–150 bpm is saved only once you confirm it.']);
    expect((await browser.post('/api/update_shen_ai', { ...SCAN, heart_rate_bpm: 36, heart_rate_confirmed: false }, origin())).status).toBe(422);
    expect(await db.vitalScan.count({ where: { userId } })).toBe(0);
    expect((await browser.post('/api/update_shen_ai', { ...SCAN, heart_rate_bpm: 152, heart_rate_confirmed: true }, origin())).status).toBe(201);
    expect((await db.vitalScan.findFirstOrThrow({ where: { userId } })).heartRateBpm).toBe(152);
    const { client } = await import('../../setup/app-server');
    expect((await client(app.url).post('/api/update_shen_ai', SCAN, origin())).status).toBe(401);
  });
});

describe('the weekly check-in', () => {
  it('takes one per ISO week with the scan and the cuff reading, shows it on the vital-signs card, and refuses the second with 409', async () => {
    const { browser, userId } = await registerUser(app, { onboarded: true });
    const next = nextIsoWeekStart(new Date()).toISOString();
    expect((await browser.get('/api/weekly_checkin/status')).json).toEqual({ submitted: false, next_refresh: next });
    expect((await browser.get('/api/vitals')).json).toMatchObject({ bp_next_in_days: 0 });

    const saved = await browser.post('/api/weekly_checkin', { ...SCAN, systolic_blood_pressure_mmhg: 128, diastolic_blood_pressure_mmhg: 83 }, origin());
    expect([saved.status, saved.json]).toEqual([201, { submitted: true, next_refresh: next }]);
    expect((await browser.get('/api/weekly_checkin/status')).json).toEqual({ submitted: true, next_refresh: next });
    const row = await db.vitalScan.findFirstOrThrow({ where: { userId } });
    // The built-in engine cannot measure blood pressure: the pressures are the cuff's.
    expect(row).toMatchObject({ source: 'WEEKLY', heartRateBpm: 63.4, systolicBloodPressureMmhg: 128, diastolicBloodPressureMmhg: 83, bloodPressureSource: 'CUFF' });
    expect(row.isoWeek?.toISOString()).toBe(new Date(Date.parse(next) - 7 * 86_400_000).toISOString());

    // The dashboard's vital-signs card reads the reading, and counts down to next Monday.
    const vitals = (await browser.get('/api/vitals')).json;
    expect(vitals).toMatchObject({ bp_systolic: 128, bp_diastolic: 83, bp_source: 'cuff' });
    expect(vitals.bp_next_in_days).toBe(Math.ceil((Date.parse(next) - Date.now()) / 86_400_000));

    const again = await browser.post('/api/weekly_checkin', SCAN, origin());
    expect([again.status, again.json]).toEqual([409, { message: "You've already completed your weekly check-in.", code: 'conflict' }]);
    expect(await db.vitalScan.count({ where: { userId } })).toBe(1);
  });

  it('stores exactly one of two submissions that arrive at once', async () => {
    const { browser, userId } = await registerUser(app, { onboarded: true });
    const answers = await Promise.all([browser.post('/api/weekly_checkin', SCAN, origin()), browser.post('/api/weekly_checkin', { ...SCAN, heart_rate_bpm: 70 }, origin())]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await db.vitalScan.count({ where: { userId } })).toBe(1);
  });

  it('takes a cuff reading alone, and refuses an empty one, a half reading, swapped or out-of-range pressures', async () => {
    const { browser, userId } = await registerUser(app, { onboarded: true });
    const cases: [unknown, string][] = [
      [{}, 'Nothing was measured yet. Run the camera scan, or enter a cuff reading, then try again.'],
      [{ systolic_blood_pressure_mmhg: 120 }, 'Enter both numbers of the cuff reading, or neither.'],
      [{ systolic_blood_pressure_mmhg: 80, diastolic_blood_pressure_mmhg: 120 }, 'The systolic (upper) number must be higher than the diastolic (lower) number.'],
      [{ systolic_blood_pressure_mmhg: 260, diastolic_blood_pressure_mmhg: 80 }, 'Systolic pressure must be between 70 and 250 mmHg.'],
      [{ systolic_blood_pressure_mmhg: 120, diastolic_blood_pressure_mmhg: 30 }, 'Diastolic pressure must be between 40 and 150 mmHg.'],
      [{ systolic_blood_pressure_mmhg: 120, diastolic_blood_pressure_mmhg: 80, blood_pressure_source: 'guess' }, 'blood_pressure_source must be "cuff" or "camera".'],
    ];
    for (const [body, message] of cases) {
      const answer = await browser.post('/api/weekly_checkin', body, origin());
      expect([answer.status, answer.json.message]).toEqual([422, message]);
    }
    expect(await db.vitalScan.count({ where: { userId } })).toBe(0);
    const cuffOnly = await browser.post('/api/weekly_checkin', { systolic_blood_pressure_mmhg: 118, diastolic_blood_pressure_mmhg: 76 }, origin());
    expect(cuffOnly.status).toBe(201);
    expect(await db.vitalScan.findFirstOrThrow({ where: { userId } })).toMatchObject({ heartRateBpm: null, systolicBloodPressureMmhg: 118, diastolicBloodPressureMmhg: 76, bloodPressureSource: 'CUFF' });
  });

  it('keeps where a vendor engine’s pressures came from, and never lets the built-in engine claim the camera measured them', async () => {
    const stored = async (body: Record<string, unknown>) => {
      const { browser, userId } = await registerUser(app, { onboarded: true });
      expect((await browser.post('/api/weekly_checkin', { ...SCAN, systolic_blood_pressure_mmhg: 124, diastolic_blood_pressure_mmhg: 81, ...body }, origin())).status).toBe(201);
      const { bloodPressureSource } = await db.vitalScan.findFirstOrThrow({ where: { userId } });
      return [bloodPressureSource, (await browser.get('/api/vitals')).json.bp_source];
    };
    expect(await stored({ engine: 'builtin', blood_pressure_source: 'camera' })).toEqual(['CUFF', 'cuff']);
    expect(await stored({ engine: 'vendor', blood_pressure_source: 'camera' })).toEqual(['CAMERA', 'scan']);
    expect(await stored({ engine: 'vendor', blood_pressure_source: 'cuff' })).toEqual(['CUFF', 'cuff']);
    expect(await stored({ engine: 'vendor' })).toEqual([null, 'checkin']);
  });
});
