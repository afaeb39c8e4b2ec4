import 'server-only';
import { ISO_DAY } from '@/lib/codecs';
import { addDays } from '@/lib/days';
import { db } from '@/lib/db';
import { formatDateGB, listOf } from '@/lib/format';
import { labUnits } from './lab-units-preference';
import { inMemberUnits } from './lab-units';
import { resultText } from './result-text';
import { contributionYears, type MeasuredValue, PHENOAGE_MARKERS, PHENOAGE_NAMES, phenoAge, type PhenoAgeMarker, phenoAgeLabel, toPaperUnit, type PaperInputs } from './phenoage';

// The member's biological age (docs/biological-age.md): Levine's PhenoAge (./phenoage.ts) from their confirmed
// blood results. Computed only from a set of the nine markers taken within 30 days of each other, every one
// an exact value in a unit the catalogue converts, and with the member's date of birth; otherwise no
// figure, and a sentence saying which input is missing, censored or too far apart. Each figure keeps the
// results it came from (value, date, report), so the card, the doctor's PDF and the FHIR export show the
// same inputs.

/** The longest gap between the nine results of one figure. */
export const WINDOW_DAYS = 30;

export type PhenoAgeInput = MeasuredValue & {
  marker: PhenoAgeMarker;
  label: string;
  /** The lab_results row. */
  id: string;
  takenOn: string;
  low: number | null;
  high: number | null;
  report: { id: string; fileName: string } | null;
  /** How much it moved the figure against the middle of the lab's range, in years; null with no range. */
  years: number | null;
};

export type PhenoAgeEstimate = {
  /** The newest of its results' dates: the day the figure is of. */
  on: string;
  /** Calendar age on that day, in years (with a fraction). */
  calendarAge: number;
  phenoAge: number;
  inputs: PhenoAgeInput[];
  /** What this figure cannot say, from its own inputs. */
  cautions: string[];
};

export type BiologicalAge = {
  /** The newest figure, or null with `refusal` saying why there is none. */
  current: PhenoAgeEstimate | null;
  refusal: string | null;
  /** Every figure that can be made, oldest first (the current one last when there is one). */
  trend: PhenoAgeEstimate[];
};

type Row = MeasuredValue & { id: string; marker: PhenoAgeMarker; takenOn: string; low: number | null; high: number | null; report: { id: string; fileName: string } | null };

const lower = (marker: PhenoAgeMarker) => PHENOAGE_NAMES[marker];

/** Age in years, with its fraction, on `day`. */
function yearsOld(dateOfBirth: Date, day: string): number {
  return (ISO_DAY.toDate(day).getTime() - dateOfBirth.getTime()) / (365.2425 * 86_400_000);
}

/** The newest result of each marker taken on `day` or in the 30 days before it; a marker with none is absent. */
function setEndingOn(day: string, byMarker: ReadonlyMap<PhenoAgeMarker, readonly Row[]>): Map<PhenoAgeMarker, Row> {
  const from = addDays(day, -WINDOW_DAYS);
  const set = new Map<PhenoAgeMarker, Row>();
  for (const marker of PHENOAGE_MARKERS) {
    const row = (byMarker.get(marker) ?? []).find((r) => r.takenOn <= day && r.takenOn >= from);
    if (row) set.set(marker, row);
  }
  return set;
}

/** Why a complete set gives no figure, or null when it gives one. */
function refusalOf(set: ReadonlyMap<PhenoAgeMarker, Row>): string | null {
  for (const row of set.values()) {
    if (row.comparator) {
      return `Your ${lower(row.marker)} on ${formatDateGB(row.takenOn)} was ${resultText(row)}, beyond what the lab could measure exactly, so a biological age from it would be a guess. A test that gives an exact ${lower(row.marker)} will give one.`;
    }
    if (toPaperUnit(row.marker, row) === null) {
      return `Your ${lower(row.marker)} on ${formatDateGB(row.takenOn)} is in ${row.unit}, which the biological age can’t convert to its own unit. Check the unit in your results.`;
    }
  }
  return null;
}

function cautionsOf(set: ReadonlyMap<PhenoAgeMarker, Row>): string[] {
  const cautions = ['It takes your glucose as a fasting one: a sample taken after eating raises the figure.'];
  const crp = set.get('crp');
  const crpMgL = crp ? toPaperUnit('crp', crp) : null;
  // CRP above 10 mg/L is the level clinical guidance reads as an acute process rather than baseline risk
  // (Pearson TA et al., Circulation 2003;107:499, the AHA/CDC statement on CRP).
  if (crpMgL !== null && Math.exp(crpMgL) * 10 > 10) {
    cautions.push('Your CRP is above 10 mg/L, the level an infection, an injury or a hard training block can cause: the figure may be higher than your usual until a test when you are well.');
  }
  const wbc = set.get('wbc');
  if (wbc && wbc.high !== null && wbc.value > wbc.high) cautions.push('Your white cell count is above your lab’s range, as it is during an infection: the figure may be higher than your usual.');
  return cautions;
}

function estimateOf(set: ReadonlyMap<PhenoAgeMarker, Row>, dateOfBirth: Date): PhenoAgeEstimate {
  const rows = PHENOAGE_MARKERS.map((marker) => set.get(marker)!);
  const on = rows.reduce((newest, row) => (row.takenOn > newest ? row.takenOn : newest), rows[0]!.takenOn);
  const calendarAge = yearsOld(dateOfBirth, on);
  const paper = Object.fromEntries(rows.map((row) => [row.marker, toPaperUnit(row.marker, row)!])) as Record<PhenoAgeMarker, number>;
  const inputs = rows.map(({ marker, ...row }) => ({ ...row, marker, label: phenoAgeLabel(marker), years: contributionYears(marker, row, row) }));
  return { on, calendarAge, phenoAge: phenoAge({ ...paper, age: calendarAge } satisfies PaperInputs), inputs, cautions: cautionsOf(set) };
}

/** The same results make the same figure: a set is known by its rows. */
const identity = (set: ReadonlyMap<PhenoAgeMarker, Row>) => PHENOAGE_MARKERS.map((m) => set.get(m)?.id ?? '').join(',');

/** Why no set of the nine exists: the markers never measured, or the two results furthest apart. */
function incompleteReason(byMarker: ReadonlyMap<PhenoAgeMarker, readonly Row[]>): string {
  const missing = PHENOAGE_MARKERS.filter((m) => !byMarker.get(m)?.length);
  if (missing.length) {
    return `A biological age needs nine results from one blood test, or from tests within ${WINDOW_DAYS} days of each other. Not in your results yet: ${listOf(missing.map(lower))}.`;
  }
  const newest = PHENOAGE_MARKERS.map((m) => byMarker.get(m)![0]!).sort((a, b) => b.takenOn.localeCompare(a.takenOn));
  const [latest, oldest] = [newest[0]!, newest.at(-1)!];
  return `Your newest ${lower(oldest.marker)} (${formatDateGB(oldest.takenOn)}) is more than ${WINDOW_DAYS} days before your newest ${lower(latest.marker)} (${formatDateGB(latest.takenOn)}): a biological age needs its nine results within ${WINDOW_DAYS} days of each other.`;
}

/** The biological age of the results `rows` (newest first within each marker), for a member born `dateOfBirth`. */
export function biologicalAgeOf(rows: readonly Row[], dateOfBirth: Date | null): BiologicalAge {
  const byMarker = new Map<PhenoAgeMarker, Row[]>();
  for (const row of [...rows].sort((a, b) => b.takenOn.localeCompare(a.takenOn) || b.id.localeCompare(a.id))) {
    byMarker.set(row.marker, [...(byMarker.get(row.marker) ?? []), row]);
  }
  // Each day a result was taken may close a set: the newest results of the 30 days up to it.
  const days = [...new Set(rows.map((r) => r.takenOn))].sort();
  const seen = new Set<string>();
  const complete = days.flatMap((day) => {
    const set = setEndingOn(day, byMarker);
    if (set.size < PHENOAGE_MARKERS.length || seen.has(identity(set))) return [];
    seen.add(identity(set));
    return [set];
  });
  const newest = complete.at(-1);
  const trend = dateOfBirth ? complete.filter((set) => refusalOf(set) === null).map((set) => estimateOf(set, dateOfBirth)) : [];
  if (!newest) return { current: null, refusal: incompleteReason(byMarker), trend };
  const refusal = refusalOf(newest) ?? (dateOfBirth ? null : 'A biological age needs your date of birth: add it in your profile.');
  if (refusal) return { current: null, refusal, trend };
  return { current: trend.at(-1) ?? null, refusal: null, trend };
}

/** The member's biological age from their confirmed results. */
export async function biologicalAge(userId: string): Promise<BiologicalAge> {
  const [user, rows, system] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { dateOfBirth: true } }),
    db.labResult.findMany({
      where: { userId, marker: { in: [...PHENOAGE_MARKERS] } },
      select: { id: true, marker: true, value: true, comparator: true, unit: true, referenceLow: true, referenceHigh: true, takenAt: true, report: { select: { id: true, fileName: true } } },
    }),
    labUnits(userId),
  ]);
  // Worked out from the results as printed; each input then shown in the member's units.
  const shown = (estimate: PhenoAgeEstimate): PhenoAgeEstimate => ({
    ...estimate,
    inputs: estimate.inputs.map((input) => {
      const { value, unit, low, high } = inMemberUnits(input.marker, input, system);
      return { ...input, value, unit, low, high };
    }),
  });
  const age = biologicalAgeOf(
    rows.map((r) => ({
      id: r.id,
      marker: r.marker as PhenoAgeMarker,
      value: r.value,
      comparator: r.comparator,
      unit: r.unit,
      low: r.referenceLow,
      high: r.referenceHigh,
      takenOn: ISO_DAY.fromDate(r.takenAt),
      report: r.report,
    })),
    user.dateOfBirth,
  );
  return { ...age, current: age.current ? shown(age.current) : null, trend: age.trend.map(shown) };
}
