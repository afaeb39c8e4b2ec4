// Members with data for the integration tests, written straight into the file's own database.
// The app reads its environment once, on first import, and several test files set theirs first
// (MAIL_DIR, TOKEN_ENCRYPTION_KEY...): so the app's modules load only when a factory first runs.
import { randomBytes } from 'node:crypto';
import { ISO_DAY } from '@/lib/codecs';
import type { Prisma } from '@/lib/generated/prisma/client';
import type { Energy, MetricSource, Mood, WearableProvider } from '@/lib/generated/prisma/enums';

const appDb = async () => (await import('@/lib/db')).db;

let made = 0;

/** An address no other member of this run has: `label` says in the database which test made it. */
export function uniqueEmail(label = 'member'): string {
  made += 1;
  return `${label}-${made}-${randomBytes(4).toString('hex')}@example.test`;
}

/** Any of a member's columns; `email` defaults to a unique one. */
export type MemberProfile = Omit<Prisma.UserCreateInput, 'email'> & { email?: string };

/** A member as sign-up leaves one (nothing answered), with `profile` on top. */
export async function createMember(profile: MemberProfile = {}) {
  const db = await appDb();
  return db.user.create({ data: { ...profile, email: profile.email ?? uniqueEmail() } });
}

/** The onboarding answers before the health-goals step, as tests/setup/onboarding-calls.ts's DEFAULT_ANSWERS leave them. */
export const ANSWERED_BEFORE_GOALS = {
  dateOfBirth: new Date('1985-06-15T00:00:00Z'),
  country: 'gb',
  city: 'London',
  heightCm: 180,
  currentWeightKg: 90,
  desiredWeightKg: 82,
  shenaiTutorialWatched: true,
  biohackingExperience: 'BECOMING_AWARE',
} as const satisfies MemberProfile;

/** Every onboarding answer, likewise: the dashboard is open. */
export const ONBOARDED_PROFILE = {
  ...ANSWERED_BEFORE_GOALS,
  healthGoals: 'More energy and better sleep',
  devicesIntegrated: true,
  track: 'ONE',
  termsAcceptedAt: new Date('2026-01-01T00:00:00Z'),
} as const satisfies MemberProfile;

/** A member past every onboarding step, with `profile` on top. */
export const onboardedMember = (profile: MemberProfile = {}) => createMember({ ...ONBOARDED_PROFILE, ...profile });

/** A day's figures from one source: any metric column of daily_metrics. */
export type DayValues = Omit<Prisma.DailyMetricCreateManyInput, 'userId' | 'day' | 'source'>;

/** One row from `source` for each of `days` (YYYY-MM-DD), in one statement; `values` may depend on the day and its place in the list. */
export async function addDailyMetrics(
  userId: string,
  days: readonly string[],
  values: DayValues | ((day: string, index: number) => DayValues),
  source: MetricSource = 'OURA',
): Promise<void> {
  const db = await appDb();
  const valuesOf = typeof values === 'function' ? values : () => values;
  await db.dailyMetric.createMany({ data: days.map((day, index) => ({ userId, day: ISO_DAY.toDate(day), source, ...valuesOf(day, index) })) });
}

/** A new member (with `profile`) who has a row of ring data for each of `days`. */
export async function memberWithMetrics(days: readonly string[], values: DayValues | ((day: string, index: number) => DayValues), profile: MemberProfile = {}) {
  const member = await createMember(profile);
  await addDailyMetrics(member.id, days, values);
  return member;
}

/** A total-testosterone result in ng/dL, as a confirmed lab report stores it; `extra` sets its report, creation time... */
export async function addTestosterone(userId: string, ngDl: number, takenAt: Date, extra: Omit<Prisma.LabResultUncheckedCreateInput, 'userId' | 'marker' | 'value' | 'unit' | 'valueNgDl' | 'takenAt'> = {}) {
  const db = await appDb();
  return db.labResult.create({ data: { ...extra, userId, marker: 'total_testosterone', value: ngDl, unit: 'ng/dL', valueNgDl: ngDl, takenAt } });
}

/** The day's check-in (YYYY-MM-DD). */
export async function addCheckin(userId: string, day: string, { mood, energy, symptoms = [] }: { mood: Mood; energy: Energy; symptoms?: string[] }) {
  const db = await appDb();
  return db.dailyCheckin.create({ data: { userId, day: ISO_DAY.toDate(day), mood, energy, symptoms } });
}

/** The grant a wearable connection holds, as the provider issued it. */
export type Grant = { accessToken: string; refreshToken: string | null; expiresAt: Date; scopes?: string[]; externalUserId?: string | null };

/** A connection to `provider` holding `grant` sealed, as the connect flow stores one (TOKEN_ENCRYPTION_KEY must be set by then). */
export async function connectWearable(userId: string, provider: WearableProvider, { accessToken, refreshToken, expiresAt, scopes = [], externalUserId = null }: Grant) {
  const [db, { sealedColumns }] = await Promise.all([appDb(), import('@/lib/wearables/tokens')]);
  const sealed = sealedColumns(userId, provider, { accessToken, refreshToken, expiresAt, scopes, externalUserId });
  return db.wearableConnection.create({ data: { userId, provider, scopes, externalUserId, ...sealed } });
}

/** A new member with one sealed wearable connection: the member's id is the connection's userId. */
export async function memberWithWearable(provider: WearableProvider, grant: Grant, profile: MemberProfile = {}) {
  const member = await createMember(profile);
  return connectWearable(member.id, provider, grant);
}
