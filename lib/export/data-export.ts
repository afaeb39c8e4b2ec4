import 'server-only';
import type { Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { ACTIVITY_LEVEL, BIOHACKING_EXPERIENCE, DIET_PATTERN, GENDER, ISO_DAY, PLAN_PREFERENCE, TRACK, UNITS_PREFERENCE } from '@/lib/codecs';
import { db } from '@/lib/db';
import type { Prisma } from '@/lib/generated/prisma/client';
import { readUpload } from '@/lib/labs/storage';
import { csvLines } from './csv';
import { afterCursor, type Cursor, dailyMetricPages, fhirBundleChunks, heartRateSamplePages, keysetPages, labResultPages, vitalScanPages } from './fhir';

// "Download my data" (GDPR Art. 20): everything the app keeps about a member as one ZIP, streamed. A
// member with years of 5-minute heart rates has hundreds of thousands of rows, so nothing is gathered
// first: the ZIP is written while it is sent, each table read a page at a time (keyset pagination), and
// only when the reader asks for more (the ReadableStream's pull). Memory stays at about a page of rows
// plus the compressor's window, however long the history.
//
// The archive: profile.json, one CSV per table, fhir/bundle.json (lib/export/fhir.ts), the uploaded
// lab reports under uploads/, and README.txt, written last because it lists the row counts and any
// upload that could not be read. Never in it: the password hash, sessions, sign-in and wearable tokens,
// the device tokens' hashes, Stripe's ids.

// ───────────────────────────── the CSV tables ─────────────────────────────

/** A CSV file: how a page of rows is read, and each column (snake_case, as in the database) with its value. */
type Table<Row> = {
  file: string;
  /** For README.txt, in plain words. */
  about: string;
  pages: (userId: string) => AsyncIterable<Row[]>;
  columns: Record<string, (row: Row) => unknown>;
};

/** A table with its row type forgotten, so that tables of different rows share one list. */
type CsvFile = { file: string; about: string; header: string[]; pages: (userId: string) => AsyncIterable<unknown[][]> };

function table<Row>(spec: Table<Row>): CsvFile {
  const cells = Object.values(spec.columns);
  return {
    file: spec.file,
    about: spec.about,
    header: Object.keys(spec.columns),
    async *pages(userId) {
      for await (const page of spec.pages(userId)) yield page.map((row) => cells.map((cell) => cell(row)));
    },
  };
}

/** A `date` column (no time of day) as YYYY-MM-DD. */
const day = (value: Date | null) => ISO_DAY.fromNullable(value);
/** An enum as the database stores it ("apple_health"), not Prisma's name for it ("APPLE_HEALTH"). */
const stored = (value: string | null) => value?.toLowerCase() ?? null;

/** Keyset pages of a table ordered by a date column then id, the member's rows only. */
const byDate = <Row extends { id: Id }, Id>(read: (after: Cursor<Id> | undefined, take: number) => Promise<Row[]>, dateOf: (row: Row) => Date) =>
  keysetPages(read, (row: Row) => ({ at: dateOf(row), id: row.id }));

async function* mapPages<From, To>(pages: AsyncIterable<From[]>, map: (page: From[]) => To[]): AsyncGenerator<To[]> {
  for await (const page of pages) yield map(page);
}

/**
 * Health samples type by type, each in time order: the (userId, type, startAt) index serves exactly
 * that order, where one time order across all types would sort the member's whole table on every page.
 */
async function* healthSamplePages(userId: string) {
  const types = await db.healthSample.groupBy({ by: ['type'], where: { userId }, orderBy: { type: 'asc' } });
  for (const { type } of types) {
    yield* byDate(
      (after: Cursor<bigint> | undefined, take) =>
        db.healthSample.findMany({ where: { userId, type, ...afterCursor('startAt', after) }, orderBy: [{ startAt: 'asc' }, { id: 'asc' }], take }),
      (row) => row.startAt,
    );
  }
}

/** The day's action sets with their actions (at most six a day), so actions come out by day and position. */
const actionSetPages = (userId: string) =>
  byDate(
    (after: Cursor<string> | undefined, take) =>
      db.dailyActionSet.findMany({
        where: { userId, ...afterCursor('day', after) },
        orderBy: [{ day: 'asc' }, { id: 'asc' }],
        include: { actions: { orderBy: { position: 'asc' } } },
        take,
      }),
    (row) => row.day,
  );

/** Where an uploaded report is in the archive: its id keeps names unique; the name is made safe for any file system. */
export function uploadEntryName(reportId: string, fileName: string): string {
  return `uploads/${reportId}-${safeFileName(fileName)}`;
}

/**
 * A member's file name made safe for any file system and for the archive's paths: letters, digits and
 * . _ - ( ) and space kept, anything else (slashes and colons included) an underscore, no leading dots.
 */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._ ()-]+/gu, '_')
    .replace(/^[._\s]+/, '')
    .trim();
  if (cleaned.length <= 100) return cleaned || 'file';
  const extension = /\.[\p{L}\p{N}]{1,10}$/u.exec(cleaned)?.[0] ?? '';
  return cleaned.slice(0, 100 - extension.length) + extension;
}

const labReportPages = (userId: string) =>
  byDate(
    (after: Cursor<string> | undefined, take) =>
      db.labReport.findMany({ where: { userId, ...afterCursor('uploadedAt', after) }, orderBy: [{ uploadedAt: 'asc' }, { id: 'asc' }], take }),
    (row) => row.uploadedAt,
  );

const CSV_FILES: CsvFile[] = [
  table({
    file: 'daily_metrics.csv',
    about: 'Your daily figures, one row per day and source (a wearable, Apple Health, a camera scan, or typed in by you).',
    pages: dailyMetricPages,
    columns: {
      id: (r) => r.id,
      day: (r) => day(r.day),
      source: (r) => stored(r.source),
      sleep_score: (r) => r.sleepScore,
      sleep_duration_minutes: (r) => r.sleepDurationMinutes,
      steps: (r) => r.steps,
      active_calories_kcal: (r) => r.activeCaloriesKcal,
      total_calories_kcal: (r) => r.totalCaloriesKcal,
      calories_intake_kcal: (r) => r.caloriesIntakeKcal,
      resting_heart_rate_bpm: (r) => r.restingHeartRateBpm,
      hrv_ms: (r) => r.hrvMs,
      stress_score: (r) => r.stressScore,
      recovery_score: (r) => r.recoveryScore,
      respiratory_rate_bpm: (r) => r.respiratoryRateBpm,
      vo2_max: (r) => r.vo2Max,
      weight_kg: (r) => r.weightKg,
      body_fat_percent: (r) => r.bodyFatPercent,
      systolic_bp_mmhg: (r) => r.systolicBpMmhg,
      diastolic_bp_mmhg: (r) => r.diastolicBpMmhg,
      created_at: (r) => r.createdAt,
      updated_at: (r) => r.updatedAt,
    },
  }),
  table({
    file: 'heart_rate_samples.csv',
    about: 'Your heart rate through the day (beats per minute), as your wearable or a camera scan measured it.',
    pages: heartRateSamplePages,
    columns: { id: (r) => r.id, recorded_at: (r) => r.recordedAt, bpm: (r) => r.bpm, source: (r) => stored(r.source) },
  }),
  table({
    file: 'health_samples.csv',
    about: 'The Apple Health samples the iOS app sent, type by type (HealthKit type names), each in time order.',
    pages: healthSamplePages,
    columns: {
      id: (r) => r.id,
      uuid: (r) => r.uuid,
      type: (r) => r.type,
      value: (r) => r.value,
      unit: (r) => r.unit,
      start_at: (r) => r.startAt,
      end_at: (r) => r.endAt,
      created_at: (r) => r.createdAt,
    },
  }),
  table({
    file: 'vital_scans.csv',
    about: 'Your camera vital-signs scans (at onboarding and the weekly check-ins). Age, height, weight and BMI were copied from your profile at the time.',
    pages: vitalScanPages,
    columns: {
      id: (r) => r.id,
      source: (r) => stored(r.source),
      measured_at: (r) => r.measuredAt,
      iso_week: (r) => day(r.isoWeek),
      engine: (r) => r.engine,
      heart_rate_bpm: (r) => r.heartRateBpm,
      hrv_sdnn_ms: (r) => r.hrvSdnnMs,
      hrv_lnrmssd_ms: (r) => r.hrvLnrmssdMs,
      breathing_rate_bpm: (r) => r.breathingRateBpm,
      systolic_blood_pressure_mmhg: (r) => r.systolicBloodPressureMmhg,
      diastolic_blood_pressure_mmhg: (r) => r.diastolicBloodPressureMmhg,
      cardiac_workload_mmhg_per_sec: (r) => r.cardiacWorkloadMmhgPerSec,
      stress_index: (r) => r.stressIndex,
      parasympathetic_activity: (r) => r.parasympatheticActivity,
      average_signal_quality: (r) => r.averageSignalQuality,
      age_years: (r) => r.ageYears,
      height_cm: (r) => r.heightCm,
      weight_kg: (r) => r.weightKg,
      bmi_kg_per_m2: (r) => r.bmiKgPerM2,
    },
  }),
  table({
    file: 'daily_checkins.csv',
    about: 'Your daily check-ins: mood, energy, symptoms (a JSON list) and the reflection chat (JSON: who said what).',
    pages: (userId: string) =>
      byDate(
        (after: Cursor<string> | undefined, take) => db.dailyCheckin.findMany({ where: { userId, ...afterCursor('day', after) }, orderBy: [{ day: 'asc' }, { id: 'asc' }], take }),
        (row) => row.day,
      ),
    columns: {
      id: (r) => r.id,
      day: (r) => day(r.day),
      mood: (r) => stored(r.mood),
      energy: (r) => stored(r.energy),
      symptoms: (r) => r.symptoms,
      reflection: (r) => r.reflection,
      submitted_at: (r) => r.submittedAt,
    },
  }),
  table({
    file: 'reflection_chats.csv',
    about: 'The day’s reflection chat as the server kept it (turns and what it was opened with, as JSON).',
    pages: (userId: string) =>
      byDate(
        (after: Cursor<string> | undefined, take) => db.reflectionChat.findMany({ where: { userId, ...afterCursor('day', after) }, orderBy: [{ day: 'asc' }, { id: 'asc' }], take }),
        (row) => row.day,
      ),
    columns: { id: (r) => r.id, day: (r) => day(r.day), turns: (r) => r.turns, context: (r) => r.context, done: (r) => r.done, created_at: (r) => r.createdAt, updated_at: (r) => r.updatedAt },
  }),
  table({
    file: 'daily_action_sets.csv',
    about: 'Each day’s vitality value and summary that came with your actions.',
    pages: actionSetPages,
    columns: {
      id: (r) => r.id,
      day: (r) => day(r.day),
      vitality: (r) => r.vitality,
      summary: (r) => r.summary,
      last_refresh_at: (r) => r.lastRefreshAt,
      next_refresh_at: (r) => r.nextRefreshAt,
      created_at: (r) => r.createdAt,
    },
  }),
  table({
    file: 'daily_actions.csv',
    about: 'Each day’s suggested and own actions, whether you chose them, and why they were suggested. set_id is the row in daily_action_sets.csv.',
    pages: (userId: string) => mapPages(actionSetPages(userId), (sets) => sets.flatMap((set) => set.actions.map((action) => ({ ...action, day: set.day })))),
    columns: {
      id: (r) => r.id,
      set_id: (r) => r.setId,
      day: (r) => day(r.day),
      position: (r) => r.position,
      origin: (r) => stored(r.origin),
      key: (r) => r.key,
      title: (r) => r.title,
      description: (r) => r.description,
      reason: (r) => r.reason,
      selected: (r) => r.selected,
      confirmed_at: (r) => r.confirmedAt,
      created_at: (r) => r.createdAt,
    },
  }),
  table({
    file: 'recommendation_sets.csv',
    about: 'The supplement suggestions and advice you were shown each day; place is your position rounded to 0.1° when you allowed location access.',
    pages: (userId: string) =>
      byDate(
        (after: Cursor<string> | undefined, take) =>
          db.recommendationSet.findMany({ where: { userId, ...afterCursor('day', after) }, orderBy: [{ day: 'asc' }, { id: 'asc' }], take }),
        (row) => row.day,
      ),
    columns: {
      id: (r) => r.id,
      day: (r) => day(r.day),
      place: (r) => r.place,
      supplement_slugs: (r) => r.supplementSlugs,
      advice: (r) => r.advice,
      next_refresh_at: (r) => r.nextRefreshAt,
      created_at: (r) => r.createdAt,
    },
  }),
  table({
    file: 'pattern_sets.csv',
    about: 'Your daily “longevity trends” insights (a JSON list).',
    pages: (userId: string) =>
      byDate(
        (after: Cursor<string> | undefined, take) => db.patternSet.findMany({ where: { userId, ...afterCursor('day', after) }, orderBy: [{ day: 'asc' }, { id: 'asc' }], take }),
        (row) => row.day,
      ),
    columns: { id: (r) => r.id, day: (r) => day(r.day), insights: (r) => r.insights, next_refresh_at: (r) => r.nextRefreshAt, created_at: (r) => r.createdAt },
  }),
  table({
    file: 'mindset_assessments.csv',
    about: 'Your Mindset questionnaires (WHO-5 Well-Being Index): the five answers, 0 to 5 each, as a JSON list, and the score out of 100.',
    pages: (userId: string) =>
      byDate(
        (after: Cursor<string> | undefined, take) =>
          db.mindsetAssessment.findMany({ where: { userId, ...afterCursor('createdAt', after) }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take }),
        (row) => row.createdAt,
      ),
    columns: { id: (r) => r.id, answers: (r) => r.answers, score: (r) => r.score, created_at: (r) => r.createdAt },
  }),
  table({
    file: 'lab_reports.csv',
    about: 'The blood-test reports you uploaded; export_file is where the file itself is in this archive.',
    pages: labReportPages,
    columns: {
      id: (r) => r.id,
      file_name: (r) => r.fileName,
      mime_type: (r) => r.mimeType,
      size_bytes: (r) => r.sizeBytes,
      uploaded_at: (r) => r.uploadedAt,
      export_file: (r) => uploadEntryName(r.id, r.fileName),
    },
  }),
  table({
    file: 'lab_results.csv',
    about: 'Your blood-test results as the report (or you) gave them, with the lab’s reference range in the same unit; report_id is the row in lab_reports.csv.',
    pages: labResultPages,
    columns: {
      id: (r) => r.id,
      report_id: (r) => r.reportId,
      marker: (r) => r.marker,
      value: (r) => r.value,
      unit: (r) => r.unit,
      value_ng_dl: (r) => r.valueNgDl,
      reference_low: (r) => r.referenceLow,
      reference_high: (r) => r.referenceHigh,
      taken_at: (r) => r.takenAt,
      created_at: (r) => r.createdAt,
    },
  }),
  table({
    file: 'wearable_connections.csv',
    about: 'The wearables you connected and when they last synced (their access tokens are never exported).',
    pages: (userId: string) =>
      byDate(
        (after: Cursor<string> | undefined, take) =>
          db.wearableConnection.findMany({
            where: { userId, ...afterCursor('createdAt', after) },
            orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
            // Named columns only: the token columns are never read.
            select: { id: true, provider: true, status: true, createdAt: true, lastSyncAt: true },
            take,
          }),
        (row) => row.createdAt,
      ),
    columns: { provider: (r) => stored(r.provider), status: (r) => stored(r.status), connected_at: (r) => r.createdAt, last_sync_at: (r) => r.lastSyncAt },
  }),
  table({
    file: 'device_tokens.csv',
    about: 'The iOS app devices you linked for Apple Health (the tokens themselves are never kept or exported).',
    pages: (userId: string) =>
      byDate(
        (after: Cursor<string> | undefined, take) =>
          db.deviceToken.findMany({
            where: { userId, ...afterCursor('createdAt', after) },
            orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
            select: { id: true, name: true, createdAt: true, lastUsedAt: true, revokedAt: true },
            take,
          }),
        (row) => row.createdAt,
      ),
    columns: { name: (r) => r.name, created_at: (r) => r.createdAt, last_used_at: (r) => r.lastUsedAt, revoked_at: (r) => r.revokedAt },
  }),
  table({
    file: 'subscriptions.csv',
    about: 'Your subscriptions (payment details are held by Stripe, not by us).',
    pages: (userId: string) =>
      byDate(
        (after: Cursor<string> | undefined, take) =>
          db.subscription.findMany({
            where: { userId, ...afterCursor('createdAt', after) },
            orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
            select: { id: true, status: true, priceId: true, trialEnd: true, currentPeriodEnd: true, cancelAtPeriodEnd: true, cancelAt: true, createdAt: true, updatedAt: true },
            take,
          }),
        (row) => row.createdAt,
      ),
    columns: {
      status: (r) => stored(r.status),
      price_id: (r) => r.priceId,
      trial_end: (r) => r.trialEnd,
      current_period_end: (r) => r.currentPeriodEnd,
      cancel_at_period_end: (r) => r.cancelAtPeriodEnd,
      cancel_at: (r) => r.cancelAt,
      created_at: (r) => r.createdAt,
      updated_at: (r) => r.updatedAt,
    },
  }),
  table({
    file: 'notifications.csv',
    about: 'The notifications the app showed you and when you dismissed them.',
    pages: (userId: string) =>
      byDate(
        (after: Cursor<string> | undefined, take) =>
          db.notification.findMany({
            where: { userId, ...afterCursor('createdAt', after) },
            orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
            // Not the icon and colours: how it looked, not data about you.
            select: { id: true, title: true, subtitle: true, alertDay: true, createdAt: true, dismissedAt: true },
            take,
          }),
        (row) => row.createdAt,
      ),
    columns: { id: (r) => r.id, title: (r) => r.title, subtitle: (r) => r.subtitle, alert_day: (r) => day(r.alertDay), created_at: (r) => r.createdAt, dismissed_at: (r) => r.dismissedAt },
  }),
  table({
    file: 'reminder_logs.csv',
    about: 'The reminder e-mails we sent you (period is your local day, or the Monday of the week) and any unsubscribe.',
    pages: (userId: string) =>
      byDate(
        (after: Cursor<string> | undefined, take) => db.reminderLog.findMany({ where: { userId, ...afterCursor('sentAt', after) }, orderBy: [{ sentAt: 'asc' }, { id: 'asc' }], take }),
        (row) => row.sentAt,
      ),
    columns: { kind: (r) => stored(r.kind), period: (r) => r.period, sent_at: (r) => r.sentAt, unsubscribed_at: (r) => r.unsubscribedAt },
  }),
];

// ───────────────────────────── profile.json ─────────────────────────────

// Named fields only, so that a column added later (a secret, say) is not exported until someone decides it should be.
const PROFILE_FIELDS = {
  id: true,
  email: true,
  emailVerified: true,
  name: true,
  image: true,
  firstName: true,
  lastName: true,
  dateOfBirth: true,
  gender: true,
  country: true,
  city: true,
  allowLocationAccess: true,
  heightCm: true,
  currentWeightKg: true,
  desiredWeightKg: true,
  shenaiTutorialWatched: true,
  biohackingExperience: true,
  healthGoals: true,
  devicesIntegrated: true,
  track: true,
  instructionsRead: true,
  activityLevel: true,
  dietPattern: true,
  currentBiohacks: true,
  planPreference: true,
  dailyHealthTimeHours: true,
  healthConditions: true,
  additionalFocusAreas: true,
  unitsPreference: true,
  notificationsEnabled: true,
  timeZone: true,
  termsAcceptedAt: true,
  trialStartedAt: true,
  trialEndsAt: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.UserSelect;

type ProfileRow = Prisma.UserGetPayload<{ select: typeof PROFILE_FIELDS }>;

/** The profile in the words the screens use (enums as their labels), grouped as the app asks for it. */
function profileOf(user: ProfileRow, signInProviders: string[], now: Date) {
  return {
    exported_at: now,
    id: user.id,
    email: user.email,
    email_verified_at: user.emailVerified,
    name: user.name,
    first_name: user.firstName,
    last_name: user.lastName,
    image: user.image,
    date_of_birth: day(user.dateOfBirth),
    gender: GENDER.toLabel(user.gender),
    country: user.country,
    city: user.city,
    height_cm: user.heightCm,
    current_weight_kg: user.currentWeightKg,
    desired_weight_kg: user.desiredWeightKg,
    onboarding: {
      biohacking_experience: BIOHACKING_EXPERIENCE.toLabel(user.biohackingExperience),
      health_goals: user.healthGoals,
      track: TRACK.toLabel(user.track),
      devices_integrated: user.devicesIntegrated,
      shenai_tutorial_watched: user.shenaiTutorialWatched,
      instructions_read: user.instructionsRead,
      activity_level: ACTIVITY_LEVEL.toLabel(user.activityLevel),
      diet_pattern: DIET_PATTERN.toLabel(user.dietPattern),
      current_biohacks: user.currentBiohacks,
      plan_preference: PLAN_PREFERENCE.toLabel(user.planPreference),
      daily_health_time_hours: user.dailyHealthTimeHours,
      health_conditions: user.healthConditions,
      additional_focus_areas: user.additionalFocusAreas,
    },
    preferences: {
      units: UNITS_PREFERENCE.toLabel(user.unitsPreference),
      notifications_enabled: user.notificationsEnabled,
      allow_location_access: user.allowLocationAccess,
      time_zone: user.timeZone,
    },
    sign_in_with: signInProviders,
    terms_accepted_at: user.termsAcceptedAt,
    trial_started_at: user.trialStartedAt,
    trial_ends_at: user.trialEndsAt,
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  };
}

async function* profileJson(userId: string, now: Date): AsyncGenerator<string> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: PROFILE_FIELDS });
  // Which providers only: an account row's tokens stay out.
  const accounts = await db.account.findMany({ where: { userId }, select: { provider: true }, orderBy: { provider: 'asc' } });
  yield `${JSON.stringify(profileOf(user, accounts.map((a) => a.provider), now), null, 2)}\n`;
}

// ───────────────────────────── README.txt ─────────────────────────────

type Written = { name: string; about: string; rows?: number };
type Skipped = { name: string; reason: string };

const PROFILE_ABOUT = 'Your profile: name, e-mail, date of birth, height and weights, where you live, your onboarding answers and preferences, and when you signed up.';
const FHIR_ABOUT =
  'Your measurements and blood-test results as a FHIR R4 Bundle (HL7’s standard for health records), which a doctor’s or hospital’s system can import: each figure coded in LOINC with its unit in UCUM, blood tests in the units labs use. A blood pressure with only one of its two readings is in the CSV files alone.';

function readme(now: Date, written: Written[], uploads: number, skipped: Skipped[]): string {
  const count = (rows: number) => ` (${rows.toLocaleString('en-GB')} ${rows === 1 ? 'row' : 'rows'})`;
  const lines = [
    'Your Vitality data',
    '==================',
    '',
    `Exported ${now.toISOString()} (UTC). This archive holds what Vitality keeps about you, in files any`,
    'computer can open: JSON, CSV (spreadsheets open them) and the files you uploaded.',
    '',
    'Files',
    '-----',
    ...written.map((file) => `${file.name}${file.rows === undefined ? '' : count(file.rows)}\n    ${file.about}`),
    `uploads/ (${uploads} ${uploads === 1 ? 'file' : 'files'})\n    The blood-test reports you uploaded, exactly as you sent them, named <report id>-<your file name>.`,
    '',
    'About the CSV files',
    '-------------------',
    '- Comma-separated (RFC 4180), UTF-8; the first line names the columns.',
    '- Times are ISO 8601 in UTC (2026-03-18T10:30:00.000Z); days are YYYY-MM-DD.',
    '- An empty cell means nothing was recorded.',
    '- Lists and chat transcripts are JSON text inside their cell.',
    "- A text cell that begins with = + - @ starts with an apostrophe ('), so that a spreadsheet shows it as",
    '  text instead of running it as a formula.',
    '',
    'Not included',
    '------------',
    '- Your password: we keep only a one-way hash of it, which is no use to anyone, you included.',
    '- Sign-in sessions and tokens, the access tokens of your wearables, and your linked devices’ tokens.',
    '- Card and payment details: Stripe holds them, not us.',
  ];
  if (skipped.length > 0) {
    lines.push('', 'Uploaded files that could not be included', '-----------------------------------------');
    lines.push(...skipped.map((file) => `- ${file.name}: ${file.reason}`));
  }
  return `${lines.join('\n')}\n`;
}

// ───────────────────────────── the archive's members ─────────────────────────────

/** One file of the archive; `stored`: written as is (already compressed), not deflated again. */
type Member = { name: string; stored: boolean; content: AsyncIterable<Uint8Array> };

/** Text is handed to the compressor in pieces of about this many characters, not row by row. */
const BATCH_CHARS = 64 * 1024;

async function* encoded(pieces: AsyncIterable<string>): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  let batch: string[] = [];
  let size = 0;
  for await (const piece of pieces) {
    batch.push(piece);
    size += piece.length;
    if (size >= BATCH_CHARS) {
      yield encoder.encode(batch.join(''));
      batch = [];
      size = 0;
    }
  }
  if (size > 0) yield encoder.encode(batch.join(''));
}

const textMember = (name: string, pieces: AsyncIterable<string>): Member => ({ name, stored: false, content: encoded(pieces) });

async function* counted<Row>(pages: AsyncIterable<Row[]>, into: { rows?: number }): AsyncGenerator<Row[]> {
  for await (const page of pages) {
    into.rows = (into.rows ?? 0) + page.length;
    yield page;
  }
}

async function* once(text: () => string): AsyncGenerator<string> {
  yield text();
}

// Structural, not `instanceof Error`: an fs error can come from another realm (a VM context, a worker).
const errorCode = (error: unknown) => (typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined);

/**
 * An upload's bytes, or why they cannot be read. The first chunk is read before the member is added to
 * the archive, so a file gone from disk is left out (and named in README.txt) rather than breaking the ZIP.
 */
async function openUpload(storageKey: string): Promise<{ chunks: AsyncIterable<Uint8Array> } | { reason: string }> {
  let stream: Readable;
  try {
    stream = readUpload(storageKey);
  } catch {
    return { reason: 'its storage key is not valid' };
  }
  const reader = stream[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  let first: IteratorResult<Uint8Array>;
  try {
    first = await reader.next();
  } catch (error) {
    stream.destroy();
    return { reason: errorCode(error) === 'ENOENT' ? 'the file is missing from storage' : 'the file could not be read' };
  }
  async function* chunks() {
    try {
      for (let next = first; !next.done; next = await reader.next()) yield next.value;
    } finally {
      stream.destroy();
    }
  }
  return { chunks: chunks() };
}

// PDF, JPEG and PNG are compressed already: deflating them again costs time and saves next to nothing.
const ALREADY_COMPRESSED = new Set(['application/pdf', 'image/jpeg', 'image/png']);

async function* uploadMembers(userId: string, skipped: Skipped[]): AsyncGenerator<Member> {
  for await (const page of labReportPages(userId)) {
    for (const report of page) {
      const name = uploadEntryName(report.id, report.fileName);
      const upload = await openUpload(report.storageKey);
      if ('reason' in upload) skipped.push({ name, reason: upload.reason });
      else yield { name, stored: ALREADY_COMPRESSED.has(report.mimeType), content: upload.chunks };
    }
  }
}

/** The archive's files in order; each is read only when the archive reaches it. */
async function* members(userId: string, now: Date): AsyncGenerator<Member> {
  const written: Written[] = [{ name: 'profile.json', about: PROFILE_ABOUT }];
  yield textMember('profile.json', profileJson(userId, now));
  for (const csv of CSV_FILES) {
    const file: Written = { name: csv.file, about: csv.about, rows: 0 };
    written.push(file);
    yield textMember(csv.file, csvLines(csv.header, counted(csv.pages(userId), file)));
  }
  written.push({ name: 'fhir/bundle.json', about: FHIR_ABOUT });
  yield textMember('fhir/bundle.json', fhirBundleChunks(userId, now));
  const skipped: Skipped[] = [];
  let uploads = 0;
  for await (const upload of uploadMembers(userId, skipped)) {
    uploads += 1;
    yield upload;
  }
  yield textMember('README.txt', once(() => readme(now, written, uploads, skipped)));
}

// ───────────────────────────── the ZIP stream ─────────────────────────────

const END_OF_FILE = new Uint8Array(0);

/**
 * Feeds the members into the ZIP a chunk at a time, pausing (a `yield`) after each, so that the stream's
 * pull sets the pace. fflate's Zip writes synchronously: whatever a push produced has reached its ondata
 * callback by the time this yields.
 */
async function* feed(zip: Zip, files: AsyncIterable<Member>, mtime: Date): AsyncGenerator<void> {
  for await (const member of files) {
    const file = member.stored ? new ZipPassThrough(member.name) : new ZipDeflate(member.name, { level: 6 });
    file.mtime = mtime;
    zip.add(file);
    for await (const chunk of member.content) {
      file.push(chunk);
      yield;
    }
    file.push(END_OF_FILE, true);
    yield;
  }
  zip.end();
}

/**
 * The member's data as a ZIP, for a route handler's `new Response(stream)`. Nothing is read before the
 * first pull; each pull feeds the ZIP until it has produced output (a page of rows gives one or more
 * compressed blocks), so no more than about a page is ever waiting for a slow reader. An error once the
 * stream has started (the database gone, a file unreadable midway) errors the stream, which the
 * response ends abruptly: the download is visibly incomplete rather than a ZIP that silently lacks data.
 */
export function dataExportStream(userId: string, now = new Date()): ReadableStream<Uint8Array> {
  const ready: Uint8Array[] = [];
  let finished = false;
  let cancelled = false;
  let failure: Error | null = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else {
      ready.push(chunk);
      if (final) finished = true;
    }
  });
  const steps = feed(zip, members(userId, now), now);

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          while (ready.length === 0 && !finished) {
            const step = await steps.next();
            if (cancelled) return; // the reader left while this step ran; cancel() has closed the rest
            if (failure) throw failure;
            if (step.done && !finished) throw new Error('The archive ended before its directory was written.');
          }
          for (const chunk of ready.splice(0)) controller.enqueue(chunk);
          if (finished) controller.close();
        } catch (error) {
          // Closes the page reads and any open upload; the error then errors the stream.
          await steps.return(undefined).catch(() => {});
          zip.terminate();
          throw error;
        }
      },
      async cancel() {
        cancelled = true;
        await steps.return(undefined);
        zip.terminate();
      },
    },
    // Read only when asked: with a high-water mark of 0 the stream pulls once a reader waits.
    { highWaterMark: 0 },
  );
}
