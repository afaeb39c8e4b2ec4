import 'server-only';
import { ISO_DAY } from '@/lib/codecs';
import { db } from '@/lib/db';
import { afterCursor, type Cursor, dailyMetricPages, heartRateSamplePages, keysetPages, labResultPages, vitalScanPages } from './fhir';
import { inMemberUnits } from '@/lib/labs/lab-units';
import { isLabMarkerKey } from '@/lib/labs/markers';
import { experimentDetail } from '@/lib/experiments/store';
import { labUnits } from '@/lib/labs/lab-units-preference';
import { labReportPages, uploadEntryName } from './uploads';

// The archive's CSV files, one a table: each read a page at a time, its columns named as in the database.

/** A CSV file: how a page of rows is read, and each column (snake_case, as in the database) with its value. */
type Table<Row> = {
  file: string;
  /** For README.txt, in plain words. */
  about: string;
  pages: (userId: string) => AsyncIterable<Row[]>;
  columns: Record<string, (row: Row) => unknown>;
};

/** A table with its row type forgotten, so that tables of different rows share one list. */
export type CsvFile = { file: string; about: string; header: string[]; pages: (userId: string) => AsyncIterable<unknown[][]> };

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

/** His experiments a page at a time, each with its answer as its page shows it (computed now, in his zone). */
async function* experimentPages(userId: string) {
  const member = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, timeZone: true } });
  const pages = byDate(
    (after: Cursor<string> | undefined, take) => db.experiment.findMany({ where: { userId, ...afterCursor('createdAt', after) }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take }),
    (row) => row.createdAt,
  );
  for await (const page of pages) yield await Promise.all(page.map(async (row) => ({ row, answer: await experimentDetail(member, row.id) })));
}

export const CSV_FILES: CsvFile[] = [
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
      sleep_deep_minutes: (r) => r.sleepDeepMinutes,
      sleep_light_minutes: (r) => r.sleepLightMinutes,
      sleep_rem_minutes: (r) => r.sleepRemMinutes,
      sleep_awake_minutes: (r) => r.sleepAwakeMinutes,
      import_id: (r) => r.importId,
      created_at: (r) => r.createdAt,
      updated_at: (r) => r.updatedAt,
    },
  }),
  table({
    file: 'heart_rate_samples.csv',
    about: 'Your heart rate through the day (beats per minute), as your wearable or a camera scan measured it; from an imported history, 5-minute averages (import_id names the import).',
    pages: heartRateSamplePages,
    columns: { id: (r) => r.id, recorded_at: (r) => r.recordedAt, bpm: (r) => r.bpm, source: (r) => stored(r.source), import_id: (r) => r.importId },
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
      day: (r) => day(r.day),
      created_at: (r) => r.createdAt,
    },
  }),
  table({
    file: 'vital_scans.csv',
    about: 'Your camera vital-signs scans (at onboarding and the weekly check-ins). Blood pressure says where it came from: cuff (typed in by you) or camera. Age, height, weight and BMI were copied from your profile at the time.',
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
      blood_pressure_source: (r) => stored(r.bloodPressureSource),
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
    about: 'Each day’s T-Score (the vitality column, 0 to 100, or -1 when inconclusive) and the summary that came with your actions.',
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
    file: 'history_imports.csv',
    about: 'The history files you imported (Apple Health, Garmin, Whoop, Oura or Withings exports): what each held; their days are the daily_metrics.csv rows whose source ends in _export (apple_health_export, garmin_export…).',
    pages: (userId: string) =>
      byDate(
        (after: Cursor<string> | undefined, take) =>
          db.historyImport.findMany({ where: { userId, ...afterCursor('createdAt', after) }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take }),
        (row) => row.createdAt,
      ),
    columns: {
      id: (r) => r.id,
      kind: (r) => r.kind,
      file_name: (r) => r.fileName,
      records_read: (r) => r.recordsRead,
      days_stored: (r) => r.daysStored,
      first_day: (r) => r.firstDay,
      last_day: (r) => r.lastDay,
      created_at: (r) => r.createdAt,
    },
  }),
  table({
    file: 'kit_orders.csv',
    about: 'Your blood testing kit order (track one): the address it is posted to, and when the kit team was told.',
    pages: (userId: string) =>
      byDate(
        (after: Cursor<string> | undefined, take) => db.kitOrder.findMany({ where: { userId, ...afterCursor('createdAt', after) }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take }),
        (row) => row.createdAt,
      ),
    columns: {
      id: (r) => r.id,
      full_name: (r) => r.fullName,
      line1: (r) => r.line1,
      line2: (r) => r.line2,
      city: (r) => r.city,
      region: (r) => r.region,
      postal_code: (r) => r.postalCode,
      country: (r) => r.country,
      status: (r) => r.status,
      ordered_at: (r) => r.orderedAt,
      created_at: (r) => r.createdAt,
    },
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
    about: 'Your blood-test results as the report (or you) gave them, with the lab’s reference range in the same unit; comparator is "<" or ">" (or with "=") when the lab gave a limit rather than an exact value; report_id is the row in lab_reports.csv. value_shown, unit_shown and the shown range are the same result in the units you chose in Settings (as every page and the PDF show it); empty where its unit has no conversion.',
    pages: async function* (userId: string) {
      const system = await labUnits(userId);
      for await (const page of labResultPages(userId)) {
        yield page.map((row) => ({
          ...row,
          shown: isLabMarkerKey(row.marker) ? inMemberUnits(row.marker, { value: row.value, unit: row.unit, low: row.referenceLow, high: row.referenceHigh }, system) : null,
        }));
      }
    },
    columns: {
      id: (r) => r.id,
      report_id: (r) => r.reportId,
      marker: (r) => r.marker,
      comparator: (r) => r.comparator,
      value: (r) => r.value,
      unit: (r) => r.unit,
      value_ng_dl: (r) => r.valueNgDl,
      reference_low: (r) => r.referenceLow,
      reference_high: (r) => r.referenceHigh,
      value_shown: (r) => r.shown?.value ?? null,
      unit_shown: (r) => r.shown?.unit ?? null,
      reference_low_shown: (r) => r.shown?.low ?? null,
      reference_high_shown: (r) => r.shown?.high ?? null,
      taken_at: (r) => r.takenAt,
      created_at: (r) => r.createdAt,
    },
  }),
  table({
    file: 'medications.csv',
    about: 'What you take, as you listed it on your profile: each supplement, medicine or testosterone therapy (kind trt), its dose, how often (interval_days: days between doses), how, and the days you started and stopped.',
    pages: (userId: string) =>
      byDate(
        (after: Cursor<string> | undefined, take) => db.medication.findMany({ where: { userId, ...afterCursor('startedOn', after) }, orderBy: [{ startedOn: 'asc' }, { id: 'asc' }], take }),
        (row) => row.startedOn,
      ),
    columns: {
      id: (r) => r.id,
      kind: (r) => stored(r.kind),
      name: (r) => r.name,
      dose: (r) => r.dose,
      dose_unit: (r) => r.doseUnit,
      frequency: (r) => r.frequency,
      interval_days: (r) => r.intervalDays,
      route: (r) => r.route,
      preparation: (r) => r.preparation,
      started_on: (r) => day(r.startedOn),
      stopped_on: (r) => day(r.stoppedOn),
      note: (r) => r.note,
      created_at: (r) => r.createdAt,
      updated_at: (r) => r.updatedAt,
    },
  }),
  table({
    file: 'experiments.csv',
    about:
      'Your experiments: the change, the outcome that judges it (the others in exploratory, a JSON list), which way is better, the design (AB: your usual days then the change; ABA: back to your usual days after it) and its days, and the answer as its page words it, with the effect, its 90 % interval and the smallest change it could detect in the outcome’s unit (unit). Before the planned end there is no verdict: the answer says when it comes.',
    pages: experimentPages,
    columns: {
      id: ({ row }) => row.id,
      change: ({ row }) => row.change,
      catalogue_key: ({ row }) => row.catalogueKey,
      outcome: ({ row }) => row.outcome,
      exploratory: ({ row }) => row.exploratory,
      direction: ({ row }) => row.direction,
      design: ({ row }) => row.design,
      baseline_from: ({ row }) => day(row.baselineFrom),
      change_from: ({ row }) => day(row.changeFrom),
      baseline_days: ({ row }) => row.baselineDays,
      change_days: ({ row }) => row.changeDays,
      return_days: ({ row }) => row.returnDays,
      ends_on: ({ answer }) => answer?.endsOn ?? null,
      stopped_at: ({ row }) => row.stoppedAt,
      phase: ({ answer }) => answer?.phase ?? null,
      answer: ({ answer }) => answer?.primary.sentence ?? null,
      verdict: ({ answer }) => (answer?.primary.final ? answer.primary.analysis.verdict : null),
      effect: ({ answer }) => answer?.primary.analysis.effect ?? null,
      interval_low: ({ answer }) => answer?.primary.analysis.interval?.[0] ?? null,
      interval_high: ({ answer }) => answer?.primary.analysis.interval?.[1] ?? null,
      detectable: ({ answer }) => answer?.primary.analysis.detectable ?? null,
      unit: ({ answer }) => answer?.primary.unit ?? null,
      adherence: ({ answer }) => answer?.adherence ?? null,
      exploratory_answers: ({ answer }) => answer?.exploratoryAnswers.map((a) => ({ outcome: a.outcome, answer: a.sentence })) ?? null,
      created_at: ({ row }) => row.createdAt,
      updated_at: ({ row }) => row.updatedAt,
    },
  }),
  table({
    file: 'experiment_days.csv',
    about: 'Your answers on an experiment’s days (experiment_id is the row in experiments.csv): whether you did it on a day of the change, and the days you marked ill, travelling or drinking.',
    pages: (userId: string) =>
      byDate(
        (after: Cursor<string> | undefined, take) =>
          db.experimentDay.findMany({ where: { experiment: { userId }, ...afterCursor('day', after) }, orderBy: [{ day: 'asc' }, { id: 'asc' }], take }),
        (row) => row.day,
      ),
    columns: {
      experiment_id: (r) => r.experimentId,
      day: (r) => day(r.day),
      did_it: (r) => r.didIt,
      ill: (r) => r.ill,
      travelling: (r) => r.travelling,
      drinking: (r) => r.drinking,
      updated_at: (r) => r.updatedAt,
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
    file: 'doctor_shares.csv',
    about: 'The links you made to share your summary for your doctor: who each was for, when it was made, expired or was withdrawn (the links themselves are never kept or exported).',
    pages: (userId: string) =>
      byDate(
        (after: Cursor<string> | undefined, take) =>
          db.doctorShare.findMany({
            where: { userId, ...afterCursor('createdAt', after) },
            orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
            // Not the token's hash: it is a credential's fingerprint, not data about you.
            select: { id: true, label: true, createdAt: true, expiresAt: true, revokedAt: true },
            take,
          }),
        (row) => row.createdAt,
      ),
    columns: { id: (r) => r.id, label: (r) => r.label, created_at: (r) => r.createdAt, expires_at: (r) => r.expiresAt, revoked_at: (r) => r.revokedAt },
  }),
  table({
    file: 'doctor_share_views.csv',
    about: 'Each time one of your share links was opened: when, and the kind of browser (share_id is the row in doctor_shares.csv).',
    pages: (userId: string) =>
      byDate(
        (after: Cursor<string> | undefined, take) =>
          db.doctorShareView.findMany({ where: { share: { userId }, ...afterCursor('viewedAt', after) }, orderBy: [{ viewedAt: 'asc' }, { id: 'asc' }], take }),
        (row) => row.viewedAt,
      ),
    columns: { share_id: (r) => r.shareId, viewed_at: (r) => r.viewedAt, browser: (r) => r.browser },
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
