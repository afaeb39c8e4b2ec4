import 'server-only';
import { aiEngine, type AiEngine, type AlertSignals } from '@/lib/ai';
import { alertFor } from '@/lib/ai/builtin-engine';
import { ISO_DAY } from '@/lib/codecs';
import { db } from '@/lib/db';
import { rangeFlag } from '@/lib/labs/flags';
import { isLabMarkerKey, LAB_MARKER_KEYS, LAB_MARKERS } from '@/lib/labs/markers';
import { isUniqueViolation } from '@/lib/db-errors';
import { SubscriptionStatus } from '@/lib/generated/prisma/enums';
import { addDays, daysEnding, meanOf, utcDay } from '@/lib/days';
import { byDay, mergedDays } from './merged-metrics';

// At most one built-in alert per user and UTC day (Notification.alertDay is unique per user), made on
// the day's first look at the banner. The engine decides whether there is one and words it.

const DAY_MS = 86_400_000;
const RECENT_DAYS = 7;
const BASELINE_DAYS = 30;
const NIGHTS = 3;
/** The billing webhook's trial_will_end notice covers the trial for this long; ours would repeat it. */
const TRIAL_NOTICE_COVERS_MS = 3 * DAY_MS;

/** Banner colours (background, border): amber for a warning about the user's figures, blue for news. */
export const ALERT_COLOURS = {
  warning: { backgroundColor: '#FFFBEB', border: '#FCD34D' },
  news: { backgroundColor: '#EFF6FF', border: '#93C5FD' },
} as const;

/** A marker as a sentence names it: "total testosterone", "SHBG", "HbA1c" (its label, lower-cased unless it holds an abbreviation). */
const labName = (marker: string): string => {
  if (!isLabMarkerKey(marker)) return marker.replaceAll('_', ' ');
  const label = LAB_MARKERS[marker].label;
  return /[A-Z]/.test(label.slice(1)) ? label : label.charAt(0).toLowerCase() + label.slice(1);
};

/**
 * The blood test the newest result saved since yesterday came from: every result of its report (or, typed
 * in, of its day) saved since then, and those outside the lab's printed range, in the order of the catalogue.
 */
async function newTest(userId: string, newest: { reportId: string | null; takenAt: Date }, since: Date): Promise<NonNullable<AlertSignals['newLabResult']>> {
  const results = await db.labResult.findMany({
    where: { userId, createdAt: { gte: since }, ...(newest.reportId ? { reportId: newest.reportId } : { takenAt: newest.takenAt }) },
    select: { marker: true, value: true, comparator: true, referenceLow: true, referenceHigh: true },
  });
  const order = (marker: string) => (isLabMarkerKey(marker) ? LAB_MARKER_KEYS.indexOf(marker) : LAB_MARKER_KEYS.length);
  const outside = results
    .map((r) => ({ marker: r.marker, flag: rangeFlag({ value: r.value, comparator: r.comparator, low: r.referenceLow, high: r.referenceHigh }) }))
    .filter((r): r is { marker: string; flag: 'Low' | 'High' } => r.flag !== null)
    .sort((a, b) => order(a.marker) - order(b.marker))
    .map((r) => ({ name: labName(r.marker), flag: r.flag === 'Low' ? ('low' as const) : ('high' as const) }));
  return { takenOn: utcDay(newest.takenAt), results: results.length, outside, charted: results.some((r) => r.marker === 'total_testosterone') };
}

/** The signals for `day`, read in parallel. */
async function alertSignals(userId: string, now: Date, day: string): Promise<AlertSignals> {
  const startOfYesterday = ISO_DAY.toDate(addDays(day, -1));
  const [days, lab, trial, trialNotice] = await Promise.all([
    mergedDays(userId, addDays(day, -(RECENT_DAYS + BASELINE_DAYS - 1)), day),
    db.labResult.findFirst({ where: { userId, createdAt: { gte: startOfYesterday } }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { reportId: true, takenAt: true } }),
    db.subscription.findFirst({ where: { userId, status: SubscriptionStatus.TRIALING, trialEnd: { not: null } }, orderBy: { updatedAt: 'desc' }, select: { trialEnd: true } }),
    db.notification.findFirst({ where: { userId, createdAt: { gte: new Date(now.getTime() - TRIAL_NOTICE_COVERS_MS) }, title: { contains: 'trial', mode: 'insensitive' } }, select: { id: true } }),
  ]);
  const merged = byDay(days);
  const hrv = daysEnding(day, RECENT_DAYS).map((d) => merged.get(d)?.hrvMs ?? null);
  // Stripe's trial_end is the instant the trial stops: its last day is the UTC day just before that instant.
  const trialEnd = trial?.trialEnd && !trialNotice ? utcDay(new Date(trial.trialEnd.getTime() - 1)) : null;
  return {
    day,
    hrvMs: {
      recent: meanOf(hrv),
      recentDays: hrv.filter((v) => v !== null).length,
      baseline: meanOf(daysEnding(addDays(day, -RECENT_DAYS), BASELINE_DAYS).map((d) => merged.get(d)?.hrvMs ?? null)),
    },
    recentNightsMinutes: daysEnding(day, NIGHTS).map((d) => merged.get(d)?.sleepDurationMinutes ?? null),
    newLabResult: lab ? await newTest(userId, lab, startOfYesterday) : null,
    trialEndsOn: trialEnd,
  };
}

/** A warning when the user's own figures call for the alert (those rules come first), news otherwise. */
const kindOf = (signals: AlertSignals): keyof typeof ALERT_COLOURS => (alertFor({ ...signals, newLabResult: null, trialEndsOn: null }) ? 'warning' : 'news');

/**
 * Today's alert, for a caller that has checked the user wants notifications and has none for today:
 * true when one applied and was stored (by this call or a concurrent one).
 */
export async function makeDailyAlert(userId: string, now: Date = new Date(), engine: AiEngine = aiEngine()): Promise<boolean> {
  const day = utcDay(now);
  const signals = await alertSignals(userId, now, day);
  const alert = await engine.alert(signals);
  if (!alert) return false;
  try {
    await db.notification.create({ data: { userId, alertDay: ISO_DAY.toDate(day), title: alert.title, subtitle: alert.subtitle, ...ALERT_COLOURS[kindOf(signals)] } });
  } catch (error) {
    // Another request made today's alert first.
    if (!isUniqueViolation(error)) throw error;
  }
  return true;
}
