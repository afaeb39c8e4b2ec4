import 'server-only';
import { ISO_DAY } from '@/lib/codecs';
import { utcDay } from '@/lib/days';
import { db } from '@/lib/db';
import { formatDateGB, listOf } from '@/lib/format';
import { MedicationKind } from '@/lib/generated/prisma/enums';
import { HAEMATOCRIT_LIMIT_PERCENT, MARKERS_OF, TRT_MARKERS, trtMonitoring, type TrtCheck, type TrtMarker, type TrtMonitoring } from './trt-monitoring';

// "TRT monitoring" on /my_actions, beside the tests to repeat: for a member whose "What I take" holds
// testosterone therapy, the blood tests the Endocrine Society's guideline asks for (./trt-monitoring.ts), each
// with the day it is due by, until his uploaded (or typed) results meet it; and, when his latest haematocrit
// is above 54 %, a line to speak to his doctor.

export type TrtAction = {
  /** Stable across days while it stands: `trt-check-<course start>-<number>`, or `trt-haematocrit-<day taken>`. */
  key: string;
  kind: 'blood_test' | 'see_doctor';
  /** A check's standing (a test to come is shown once, the next one); 'see_doctor' for the haematocrit. */
  status: 'upcoming' | 'due' | 'overdue' | 'see_doctor';
  /** The whole line, in plain words with en-GB dates. */
  text: string;
  /** YYYY-MM-DD: the day a check is due by, or the day the haematocrit was taken. */
  date: string;
};

export type TrtActions = {
  /** Whether any entry of "What I take" is testosterone therapy, current or stopped. */
  onTrt: boolean;
  /** What to do, in the order to do it: the doctor first, then each blood test by its date. */
  actions: TrtAction[];
  /** Every check of every course with its window and results, met and missed ones too (for a history). */
  checks: TrtCheck[];
};

const MARKER_WORDS: Readonly<Record<TrtMarker, string>> = { testosterone: 'testosterone', haematocrit: 'haematocrit', psa: 'PSA' };

const whenOf = (check: TrtCheck) => (check.number === 1 ? '3–6 months after starting' : check.number === 2 ? '12 months after starting' : `${check.dueMonths / 12} years after starting`);

/** "Blood test for TRT monitoring: testosterone, haematocrit and PSA, due 3–6 months after starting (by 5 Jun 2027)". */
export function checkText(check: TrtCheck): string {
  const missing = TRT_MARKERS.filter((marker) => check.results[marker] === null);
  const done = TRT_MARKERS.filter((marker) => check.results[marker] !== null);
  const dates =
    check.status === 'upcoming' ? `from ${formatDateGB(check.opens)}, by ${formatDateGB(check.due)}` : check.status === 'overdue' ? `by ${formatDateGB(check.due)}, now overdue` : `by ${formatDateGB(check.due)}`;
  const line = `Blood test for TRT monitoring: ${listOf(missing.map((m) => MARKER_WORDS[m]))}, due ${whenOf(check)} (${dates}).`;
  return done.length ? `${line} Your ${listOf(done.map((m) => MARKER_WORDS[m]))} ${done.length === 1 ? 'result is' : 'results are'} in.` : line;
}

const percentText = (percent: number) => `${Number(percent.toFixed(1)).toLocaleString('en-GB')} %`;

/** The line for a haematocrit above the guideline's limit. */
export function haematocritText(flag: NonNullable<TrtMonitoring['haematocrit']>): string {
  const figure = flag.comparator === '>' ? `above ${percentText(flag.percent)}` : flag.comparator === '>=' ? `at least ${percentText(flag.percent)}` : percentText(flag.percent);
  return `Speak to your doctor about your haematocrit: it was ${figure} on ${formatDateGB(flag.takenOn)}, above the ${HAEMATOCRIT_LIMIT_PERCENT} % at which the Endocrine Society’s guideline asks for testosterone therapy to be reviewed.`;
}

/** Monitoring's actions from its checks and flag: the doctor first, then the blood tests still to do. */
export function actionsOf(monitoring: TrtMonitoring): TrtAction[] {
  const flag = monitoring.haematocrit;
  const doctor: TrtAction[] = flag ? [{ key: `trt-haematocrit-${flag.takenOn}`, kind: 'see_doctor', status: 'see_doctor', text: haematocritText(flag), date: flag.takenOn }] : [];
  const tests = monitoring.checks
    .filter((check): check is TrtCheck & { status: 'upcoming' | 'due' | 'overdue' } => check.status === 'upcoming' || check.status === 'due' || check.status === 'overdue')
    .map((check): TrtAction => ({ key: `trt-check-${check.courseStartedOn}-${check.number}`, kind: 'blood_test', status: check.status, text: checkText(check), date: check.due }))
    .sort((a, b) => a.date.localeCompare(b.date));
  return [...doctor, ...tests];
}

/** The member's TRT monitoring on `today` (YYYY-MM-DD, UTC by default): nothing for a member with no testosterone therapy listed. */
export async function trtActions(userId: string, today: string = utcDay(new Date())): Promise<TrtActions> {
  const courses = await db.medication.findMany({ where: { userId, kind: MedicationKind.TRT }, select: { startedOn: true, stoppedOn: true } });
  if (!courses.length) return { onTrt: false, actions: [], checks: [] };
  const markers = TRT_MARKERS.flatMap((marker) => MARKERS_OF[marker]);
  const results = await db.labResult.findMany({ where: { userId, marker: { in: [...markers] } }, select: { marker: true, value: true, unit: true, comparator: true, takenAt: true } });
  const monitoring = trtMonitoring(
    courses.map((course) => ({ startedOn: ISO_DAY.fromDate(course.startedOn), stoppedOn: ISO_DAY.fromNullable(course.stoppedOn) })),
    results.map((result) => ({ marker: result.marker, value: result.value, unit: result.unit, comparator: result.comparator, takenOn: ISO_DAY.fromDate(result.takenAt) })),
    today,
  );
  return { onTrt: true, actions: actionsOf(monitoring), checks: monitoring.checks };
}
