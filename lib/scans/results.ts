import 'server-only';
import { ApiError } from '@/lib/errors';
import { ageOn, isoWeekStart, nextIsoWeekStart, utcDay } from '@/lib/days';
import { currentWeight } from '@/lib/metrics/current-weight';
import { db } from '@/lib/db';
import { BloodPressureSource, MetricSource, ScanSource } from '@/lib/generated/prisma/enums';
import type { ScanResultInput } from '@/lib/validation/scan-result';

// The camera scans: onboarding step 9's (POST /api/update_shen_ai) and the weekly check-in's (POST
// /api/weekly_checkin, once per ISO week from Monday 00:00 UTC; the database refuses a second one,
// also when two race). Age, height, weight and BMI come from the profile, never from the client; the
// heart rate also becomes a heart-rate sample, so the dashboard's vital-signs card reads it.

/** SPEC §8. */
export const WEEKLY_ALREADY_DONE = "You've already completed your weekly check-in.";
export const NOTHING_MEASURED = 'Nothing was measured yet. Run the camera scan, or enter a cuff reading, then try again.';
export const NO_HEART_RATE = 'The scan did not measure a heart rate, so there is nothing to save.';

export type WeeklyStatus = { submitted: boolean; next_refresh: string };

const round1 = (value: number) => Math.round(value * 10) / 10;

/** What the profile says about the person scanned, for the record; the weight is the current one (lib/metrics/current-weight.ts). */
async function profileFacts(userId: string, now: Date) {
  const [user, weight] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { dateOfBirth: true, heightCm: true } }),
    currentWeight(userId, utcDay(now)),
  ]);
  const heightCm = user.heightCm ?? null;
  const weightKg = weight?.kg ?? null;
  return {
    ageYears: user.dateOfBirth ? ageOn(user.dateOfBirth, utcDay(now)) : null,
    heightCm,
    weightKg,
    bmiKgPerM2: heightCm && weightKg ? round1(weightKg / (heightCm / 100) ** 2) : null,
  };
}

/**
 * Where the scan's pressures came from. The built-in engine cannot measure blood pressure, so with it they
 * are a cuff's whatever the client says; with a vendor engine, what the client says, else unknown.
 */
export function bloodPressureSourceOf(input: ScanResultInput): BloodPressureSource | null {
  if (input.systolic_blood_pressure_mmhg == null) return null;
  if ((input.engine ?? 'builtin') === 'builtin') return BloodPressureSource.CUFF;
  if (input.blood_pressure_source === 'cuff') return BloodPressureSource.CUFF;
  return input.blood_pressure_source === 'camera' ? BloodPressureSource.CAMERA : null;
}

async function storeScan(userId: string, source: ScanSource, input: ScanResultInput, now: Date, isoWeek: Date | null): Promise<void> {
  const facts = await profileFacts(userId, now);
  const heartRate = input.heart_rate_bpm ?? null;
  await db.$transaction(async (tx) => {
    await tx.vitalScan.create({
      data: {
        userId,
        source,
        measuredAt: now,
        isoWeek,
        engine: input.engine ?? 'builtin',
        ...facts,
        heartRateBpm: heartRate,
        hrvSdnnMs: input.hrv_sdnn_ms ?? null,
        hrvLnrmssdMs: input.hrv_lnrmssd_ms ?? null,
        breathingRateBpm: input.breathing_rate_bpm ?? null,
        averageSignalQuality: input.average_signal_quality ?? null,
        systolicBloodPressureMmhg: input.systolic_blood_pressure_mmhg ?? null,
        diastolicBloodPressureMmhg: input.diastolic_blood_pressure_mmhg ?? null,
        bloodPressureSource: bloodPressureSourceOf(input),
        cardiacWorkloadMmhgPerSec: input.cardiac_workload_mmhg_per_sec ?? null,
        stressIndex: input.stress_index ?? null,
        parasympatheticActivity: input.parasympathetic_activity ?? null,
      },
    });
    if (heartRate !== null) await tx.heartRateSample.createMany({ data: [{ userId, recordedAt: now, bpm: Math.round(heartRate), source: MetricSource.SCAN }], skipDuplicates: true });
  });
}

/** POST /api/update_shen_ai: the onboarding scan, kept when it measured a heart rate. */
export async function saveOnboardingScan(userId: string, input: ScanResultInput, now = new Date()): Promise<void> {
  if (input.heart_rate_bpm == null) throw new ApiError(422, NO_HEART_RATE);
  await storeScan(userId, ScanSource.ONBOARDING, input, now, null);
}

/** GET /api/weekly_checkin/status: whether this ISO week's check-in is in, and when the next week opens (Monday 00:00 UTC). */
export async function weeklyStatus(userId: string, now = new Date()): Promise<WeeklyStatus> {
  const found = await db.vitalScan.findUnique({ where: { userId_isoWeek: { userId, isoWeek: isoWeekStart(now) } }, select: { id: true } });
  return { submitted: found !== null, next_refresh: nextIsoWeekStart(now).toISOString() };
}

/** POST /api/weekly_checkin: this week's scan and cuff reading; a second one this week is a unique violation (409). */
export async function submitWeeklyCheckin(userId: string, input: ScanResultInput, now = new Date()): Promise<WeeklyStatus> {
  if (input.heart_rate_bpm == null && input.systolic_blood_pressure_mmhg == null) throw new ApiError(422, NOTHING_MEASURED);
  await storeScan(userId, ScanSource.WEEKLY, input, now, isoWeekStart(now));
  return { submitted: true, next_refresh: nextIsoWeekStart(now).toISOString() };
}
