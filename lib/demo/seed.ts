import 'server-only';
import { hashPassword, verifyPassword } from '@/lib/auth/password';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import {
  BiohackingExperience,
  Energy,
  MetricSource,
  Mood,
  ScanSource,
  SubscriptionStatus,
  Track,
} from '@/lib/generated/prisma/enums';
import { toNgPerDl } from '@/lib/labs/testosterone';
import { DEMO_EMAIL, DEMO_PASSWORD } from './account';
import { demoCheckins } from './checkins';
import { demoHeartRateSamples } from './heart-rate';
import { demoDays, ringDay, scaleDay } from './metrics';
import { SUPPLEMENTS } from './supplements';

const METRIC_DAYS = 120;
const DAY_MS = 86_400_000;

export type SeedSummary = { userId: string; metricRows: number; checkins: number; labResults: number };

/** Creates or refreshes the demo user and its data. Every write is an upsert, so re-runs add nothing. */
export async function seedDemoData(db: PrismaClient, today = new Date()): Promise<SeedSummary> {
  const days = demoDays(today, METRIC_DAYS);
  const first = days[0]!;
  const existing = await db.user.findUnique({ where: { email: DEMO_EMAIL }, select: { passwordHash: true } });
  // Hashing is deliberately slow; keep the stored hash when it still matches.
  const passwordHash =
    existing?.passwordHash && (await verifyPassword(existing.passwordHash, DEMO_PASSWORD))
      ? existing.passwordHash
      : await hashPassword(DEMO_PASSWORD);

  return db.$transaction(
    async (tx) => {
      const profile = {
        firstName: 'Alex',
        lastName: 'Morgan',
        name: 'Alex Morgan',
        passwordHash,
        dateOfBirth: new Date(Date.UTC(1984, 2, 14)),
        country: 'gb',
        city: 'London',
        // His blood panels come from a US lab: he chose conventional units in Settings, where a
        // member in the UK starts with SI.
        labUnits: 'CONVENTIONAL' as const,
        allowLocationAccess: true,
        heightCm: 182,
        currentWeightKg: 95,
        desiredWeightKg: 88,
        shenaiTutorialWatched: true,
        biohackingExperience: BiohackingExperience.TAKING_ACTION,
        healthGoals: 'Sleep deeper, lose 7 kg, and bring my testosterone into the upper half of the range.',
        devicesIntegrated: true,
        track: Track.TWO,
        instructionsRead: true,
        termsAcceptedAt: first,
        trialStartedAt: first,
        trialEndsAt: new Date(first.getTime() + 30 * DAY_MS),
      };
      const user = await tx.user.upsert({ where: { email: DEMO_EMAIL }, create: { email: DEMO_EMAIL, ...profile }, update: profile });

      // A local subscription record so the demo can open the dashboard without a payment provider.
      const subscription = {
        userId: user.id,
        stripeCustomerId: 'cus_demo',
        status: SubscriptionStatus.ACTIVE,
        currentPeriodEnd: new Date(today.getTime() + 30 * DAY_MS),
      };
      await tx.subscription.upsert({
        where: { stripeSubscriptionId: `sub_demo_${user.id}` },
        create: { stripeSubscriptionId: `sub_demo_${user.id}`, ...subscription },
        update: subscription,
      });

      let metricRows = 0;
      for (const [index, day] of days.entries()) {
        const progress = index / (days.length - 1);
        const ring = ringDay(day, progress);
        await tx.dailyMetric.upsert({
          where: { userId_day_source: { userId: user.id, day, source: MetricSource.OURA } },
          create: { userId: user.id, day, source: MetricSource.OURA, ...ring },
          update: ring,
        });
        const scale = scaleDay(day, progress);
        await tx.dailyMetric.upsert({
          where: { userId_day_source: { userId: user.id, day, source: MetricSource.WITHINGS } },
          create: { userId: user.id, day, source: MetricSource.WITHINGS, ...scale },
          update: scale,
        });
        metricRows += 2;
      }

      // The ring's 5-minute heart rate for the last 14 days; the unique (user, time, source) key makes a re-run add nothing.
      const heartRate = demoHeartRateSamples(today).map((sample) => ({ userId: user.id, source: MetricSource.OURA, ...sample }));
      await tx.heartRateSample.createMany({ data: heartRate, skipDuplicates: true });

      const checkins = demoCheckins(days.slice(-14));
      for (const checkin of checkins) {
        const data = { mood: Mood[checkin.mood], energy: Energy[checkin.energy], symptoms: checkin.symptoms, reflection: checkin.reflection };
        await tx.dailyCheckin.upsert({
          where: { userId_day: { userId: user.id, day: checkin.day } },
          create: { userId: user.id, day: checkin.day, ...data },
          update: data,
        });
      }

      // Two blood tests, one in each unit labs commonly report, so both paths are exercised.
      const labs = [
        { takenAt: new Date(first.getTime() + 2 * DAY_MS), value: 398, unit: 'ng/dL' },
        { takenAt: new Date(today.getTime() - 10 * DAY_MS), value: 17.1, unit: 'nmol/L' },
      ];
      for (const [index, lab] of labs.entries()) {
        const data = { marker: 'total_testosterone', value: lab.value, unit: lab.unit, valueNgDl: toNgPerDl(lab.value, lab.unit), takenAt: lab.takenAt };
        await tx.labResult.upsert({ where: { id: `demo-lab-${index + 1}-${user.id}` }, create: { id: `demo-lab-${index + 1}-${user.id}`, userId: user.id, ...data }, update: data });
      }

      // The second test was a full panel, as a US lab prints one: the blood count and the metabolic panel
      // with it, so the demo shows every results panel and a biological age (/my_results).
      const panel = [
        { marker: 'albumin', value: 4.5, unit: 'g/dL', referenceLow: 3.6, referenceHigh: 5.1 },
        { marker: 'creatinine', value: 1.02, unit: 'mg/dL', referenceLow: 0.6, referenceHigh: 1.26 },
        { marker: 'glucose', value: 94, unit: 'mg/dL', referenceLow: 65, referenceHigh: 99 },
        { marker: 'crp', value: 1.4, unit: 'mg/L', referenceLow: 0, referenceHigh: 3 },
        { marker: 'lymphocytes_pct', value: 29, unit: '%', referenceLow: 20, referenceHigh: 45 },
        { marker: 'mcv', value: 91, unit: 'fL', referenceLow: 80, referenceHigh: 100 },
        { marker: 'rdw', value: 13.4, unit: '%', referenceLow: 11, referenceHigh: 15 },
        { marker: 'alp', value: 74, unit: 'U/L', referenceLow: 36, referenceHigh: 130 },
        { marker: 'wbc', value: 6.3, unit: 'x10E3/uL', referenceLow: 3.8, referenceHigh: 10.8 },
        { marker: 'haemoglobin', value: 15.1, unit: 'g/dL', referenceLow: 13.2, referenceHigh: 17.1 },
        { marker: 'platelets', value: 245, unit: 'x10E3/uL', referenceLow: 140, referenceHigh: 400 },
        { marker: 'egfr', value: 92, unit: 'mL/min/1.73m2', referenceLow: 60, referenceHigh: null },
        { marker: 'alt', value: 31, unit: 'U/L', referenceLow: 9, referenceHigh: 46 },
        { marker: 'ast', value: 24, unit: 'U/L', referenceLow: 10, referenceHigh: 40 },
        { marker: 'ferritin', value: 142, unit: 'ng/mL', referenceLow: 38, referenceHigh: 380 },
        { marker: 'sodium', value: 140, unit: 'mmol/L', referenceLow: 135, referenceHigh: 146 },
      ];
      const panelTakenAt = labs[1]!.takenAt;
      for (const row of panel) {
        const id = `demo-lab-${row.marker}-${user.id}`;
        const data = { ...row, takenAt: panelTakenAt };
        await tx.labResult.upsert({ where: { id }, create: { id, userId: user.id, ...data }, update: data });
      }

      const scan = {
        userId: user.id,
        source: ScanSource.ONBOARDING,
        measuredAt: new Date(first.getTime() + 9 * 3_600_000),
        ageYears: 42,
        averageSignalQuality: 0.92,
        bmiKgPerM2: 28.7,
        breathingRateBpm: 14.8,
        heartRateBpm: 66,
        heightCm: 182,
        hrvLnrmssdMs: 3.7,
        hrvSdnnMs: 46,
        weightKg: 95,
        // The built-in engine's scan, as step 9 takes it: it measures no blood pressure, cardiac workload,
        // stress index or parasympathetic activity, so the demo's scan has none either (null also on a re-seed).
        engine: 'builtin',
        systolicBloodPressureMmhg: null,
        diastolicBloodPressureMmhg: null,
        bloodPressureSource: null,
        cardiacWorkloadMmhgPerSec: null,
        stressIndex: null,
        parasympatheticActivity: null,
      };
      await tx.vitalScan.upsert({ where: { id: `demo-scan-${user.id}` }, create: { id: `demo-scan-${user.id}`, ...scan }, update: scan });

      for (const supplement of SUPPLEMENTS) {
        await tx.supplement.upsert({ where: { slug: supplement.slug }, create: supplement, update: supplement });
      }

      return { userId: user.id, metricRows, checkins: checkins.length, labResults: labs.length + panel.length };
    },
    { timeout: 120_000, maxWait: 20_000 },
  );
}
