import { addDays } from '@/lib/days';
import { toCanonical, type LabMarkerKey } from '@/lib/labs/markers';

// The blood tests a man on testosterone therapy is due, from the Endocrine Society's clinical practice
// guideline: Bhasin S, Brito JP, Cunningham GR et al., "Testosterone Therapy in Men With Hypogonadism",
// J Clin Endocrinol Metab 2018;103(5):1715–1744 (https://academic.oup.com/jcem/article/103/5/1715/4939465).
// Its monitoring plan measures testosterone and haematocrit 3–6 months after starting, haematocrit again at
// 12 months and then yearly, and the prostate's risk (PSA) in the first year; a haematocrit above 54 % calls
// for pausing therapy until it falls. Here the three are asked for together, as one blood test, at each of the
// haematocrit's times: 3–6 months after starting, at 12 months, then every year.
//
// Each check has a window: it opens 3 months before the day it is due by (the first at 3 months, due by 6;
// the 12-month one opens at 9) and runs until the next check opens, so a test taken late still counts for
// the check it was late for. A check is met once each marker has a result dated inside its window. Pure: the
// rows and today come in, so the tests give exact dates.

/** What each check asks for, in the order the words name them. */
export const TRT_MARKERS = ['testosterone', 'haematocrit', 'psa'] as const;
export type TrtMarker = (typeof TRT_MARKERS)[number];

/** The catalogue's markers (lib/labs/markers.ts) that give each: total or free testosterone both count. */
export const MARKERS_OF: Readonly<Record<TrtMarker, readonly LabMarkerKey[]>> = {
  testosterone: ['total_testosterone', 'free_testosterone'],
  haematocrit: ['haematocrit'],
  psa: ['psa'],
};

/** The guideline's haematocrit, in %, above which therapy is paused and the doctor reviews it. */
export const HAEMATOCRIT_LIMIT_PERCENT = 54;

/** One testosterone-therapy entry of "What I take" (YYYY-MM-DD days). */
export type TrtCourse = { startedOn: string; stoppedOn: string | null };

/** A confirmed blood result: its catalogue marker, figure as given, and the day the blood was taken. */
export type MonitoringResult = { marker: string; value: number; unit: string; comparator: string | null; takenOn: string };

export type TrtCheckStatus = 'met' | 'upcoming' | 'due' | 'overdue' | 'missed';

export type TrtCheck = {
  /** 1: 3–6 months after starting; 2: at 12 months; 3 on: each year after. */
  number: number;
  /** The day the therapy these checks follow began. */
  courseStartedOn: string;
  /** Months after starting it is due by (6, 12, 24, 36...). */
  dueMonths: number;
  /** The window, both days included: a result inside it counts. */
  opens: string;
  due: string;
  closes: string;
  /** For each marker, the day of the first result inside the window; null while there is none. */
  results: Record<TrtMarker, string | null>;
  status: TrtCheckStatus;
};

export type HaematocritFlag = { takenOn: string; percent: number; value: number; unit: string; comparator: string | null };

export type TrtMonitoring = { checks: TrtCheck[]; haematocrit: HaematocritFlag | null };

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * `day` plus `months` calendar months, a day past the month's end falling back to its last day (31 Aug + 6 months
 * is 28 Feb), as Temporal's PlainDate.add({ months }) with overflow 'constrain' does: no library here adds months.
 */
export function addMonths(day: string, months: number): string {
  const [, y, m, d] = ISO.exec(day)!.map(Number) as [number, number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

const dayBefore = (day: string) => addDays(day, -1);
const dayAfter = (day: string) => addDays(day, 1);

/** Months after starting that check `number` is due by: 6, 12, then one year more each. */
const dueMonthsOf = (number: number) => (number === 1 ? 6 : 12 * (number - 1));
/** Months after starting that its window opens: three before it is due. */
const opensMonthsOf = (number: number) => dueMonthsOf(number) - 3;

/** Entries that overlap or follow on the next day are one course: a switch of preparation keeps the schedule. */
export function coursesOf(entries: readonly TrtCourse[]): TrtCourse[] {
  const sorted = [...entries].sort((a, b) => a.startedOn.localeCompare(b.startedOn));
  const courses: TrtCourse[] = [];
  for (const entry of sorted) {
    const last = courses.at(-1);
    if (last && (last.stoppedOn === null || entry.startedOn <= dayAfter(last.stoppedOn))) {
      last.stoppedOn = last.stoppedOn === null || entry.stoppedOn === null ? null : entry.stoppedOn > last.stoppedOn ? entry.stoppedOn : last.stoppedOn;
    } else {
      courses.push({ ...entry });
    }
  }
  return courses;
}

/** Whether a haematocrit figure, in %, lies above the limit; a bound below or at it ("<50", ">=54") does not. */
function aboveLimit(percent: number, comparator: string | null): boolean {
  if (comparator === '<' || comparator === '<=') return false;
  if (comparator === '>') return percent >= HAEMATOCRIT_LIMIT_PERCENT;
  return percent > HAEMATOCRIT_LIMIT_PERCENT;
}

function statusOf(check: Omit<TrtCheck, 'status'>, today: string): TrtCheckStatus {
  if (TRT_MARKERS.every((marker) => check.results[marker] !== null)) return 'met';
  if (today < check.opens) return 'upcoming';
  if (today <= check.due) return 'due';
  return today <= check.closes ? 'overdue' : 'missed';
}

/**
 * The checks of each course, oldest first: every check whose window opens while the course runs, and for a
 * course still running the next one still to open. A check opening after the course stopped is dropped; a
 * course's last window ends the day before a later course starts, which has checks of its own.
 */
export function trtMonitoring(entries: readonly TrtCourse[], results: readonly MonitoringResult[], today: string): TrtMonitoring {
  const courses = coursesOf(entries);
  const byMarker = new Map<TrtMarker, string[]>(TRT_MARKERS.map((marker) => [marker, results.filter((r) => MARKERS_OF[marker].includes(r.marker as LabMarkerKey)).map((r) => r.takenOn).sort()]));
  const checks: TrtCheck[] = [];
  for (const [index, course] of courses.entries()) {
    const nextStart = courses[index + 1]?.startedOn ?? null;
    const lastDay = course.stoppedOn ?? nextStart;
    for (let number = 1; ; number += 1) {
      const opens = addMonths(course.startedOn, opensMonthsOf(number));
      if (lastDay !== null && opens > lastDay) break;
      const naturalClose = dayBefore(addMonths(course.startedOn, opensMonthsOf(number + 1)));
      const closes = nextStart !== null && naturalClose >= nextStart ? dayBefore(nextStart) : naturalClose;
      const inWindow = (marker: TrtMarker) => byMarker.get(marker)!.find((day) => day >= opens && day <= closes) ?? null;
      const check = {
        number,
        courseStartedOn: course.startedOn,
        dueMonths: dueMonthsOf(number),
        opens,
        due: addMonths(course.startedOn, dueMonthsOf(number)),
        closes,
        results: { testosterone: inWindow('testosterone'), haematocrit: inWindow('haematocrit'), psa: inWindow('psa') },
      };
      checks.push({ ...check, status: statusOf(check, today) });
      // A running course shows the next check to come, and no more.
      if (opens > today) break;
    }
  }
  return { checks, haematocrit: haematocritFlag(courses, results) };
}

/** The latest haematocrit taken since therapy first began, when it lies above 54 % (a figure in L/L converted). */
function haematocritFlag(courses: readonly TrtCourse[], results: readonly MonitoringResult[]): HaematocritFlag | null {
  const first = courses[0];
  if (!first) return null;
  const latest = results.filter((r) => r.marker === 'haematocrit' && r.takenOn >= first.startedOn).reduce<MonitoringResult | null>((a, r) => (a === null || r.takenOn >= a.takenOn ? r : a), null);
  if (!latest) return null;
  const percent = toCanonical('haematocrit', latest.value, latest.unit);
  if (percent === null || !aboveLimit(percent, latest.comparator)) return null;
  return { takenOn: latest.takenOn, percent, value: latest.value, unit: latest.unit, comparator: latest.comparator };
}
