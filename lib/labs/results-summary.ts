// What /my_results leads with ("At a glance"): how many of the member's latest results lie outside the lab's
// range and which, which lie near an edge of it, and a matrix of every marker by the day it was taken.
// Pure functions over resultPanels' answer, so that the page, its tests and any later screen agree.
import { rangeFlag } from './flags';
import { LAB_MARKERS, type LabMarkerKey, toCanonical } from './markers';
import type { ResultPanel, ResultValue } from './results';

/** A latest result near an edge of its range: within this share of the range's width of the edge. */
export const BORDERLINE_SHARE = 0.1;

export type SummaryEntry = { marker: LabMarkerKey; label: string; flag: 'Low' | 'High'; value: ResultValue };

export type ResultsSummary = {
  /** Markers with at least one result. */
  total: number;
  /** Latest results outside the lab's range, in the panels' order. */
  outside: SummaryEntry[];
  /** Latest results inside the range, in its outer tenth: `flag` says which edge they are near. */
  borderline: SummaryEntry[];
  /** Latest results inside the range and away from its edges. */
  inRange: number;
  /** Latest results with no range printed beside them (nothing to say either way). */
  noRange: number;
};

/**
 * Near which edge of its range an exact result inside the range lies, if within BORDERLINE_SHARE of the
 * range's width (a two-sided range) or of the limit itself (a one-sided one: "< 5.0", "> 1.0"). A bound
 * ("< 0.1") is never borderline: where it lies is not known.
 */
export function nearEdge(value: ResultValue): 'Low' | 'High' | null {
  if (value.comparator || rangeFlag(value)) return null;
  const { low, high } = value;
  if (low !== null && high !== null) {
    const margin = (high - low) * BORDERLINE_SHARE;
    if (margin <= 0) return null;
    if (value.value <= low + margin) return 'Low';
    if (value.value >= high - margin) return 'High';
    return null;
  }
  if (high !== null && high > 0 && value.value >= high * (1 - BORDERLINE_SHARE)) return 'High';
  if (low !== null && low > 0 && value.value <= low * (1 + BORDERLINE_SHARE)) return 'Low';
  return null;
}

export function summariseResults(panels: readonly ResultPanel[]): ResultsSummary {
  const summary: ResultsSummary = { total: 0, outside: [], borderline: [], inRange: 0, noRange: 0 };
  for (const history of panels.flatMap((panel) => panel.markers)) {
    const [latest] = history.values;
    if (!latest) continue;
    summary.total += 1;
    const entry = (flag: 'Low' | 'High') => ({ marker: history.marker, label: history.label, flag, value: latest });
    const flag = rangeFlag(latest);
    const edge = nearEdge(latest);
    if (flag) summary.outside.push(entry(flag));
    else if (edge) summary.borderline.push(entry(edge));
    else if (latest.low === null && latest.high === null) summary.noRange += 1;
    else summary.inRange += 1;
  }
  return summary;
}

export type MatrixCell = { value: ResultValue; flag: 'Low' | 'High' | null; shown: number | null };
export type MatrixRow = { marker: LabMarkerKey; label: string; unit: string; cells: (MatrixCell | null)[] };
/** `dates` are the newest `days` of the `tests` days on which results were taken. */
export type ResultsMatrix = { dates: string[]; tests: number; rows: MatrixRow[] };

/**
 * Every marker (in the panels' order) by the days its results were taken, newest first, at most `days`
 * of them. A row is in one unit: the one all its results share, or the marker's own when they were given
 * in two its catalogue converts between (then `shown` is the converted figure). A result that cannot be
 * converted keeps its own unit (`shown` null: write it as printed).
 */
export function resultsMatrix(panels: readonly ResultPanel[], days = 6): ResultsMatrix {
  const histories = panels.flatMap((panel) => panel.markers);
  const everyDate = [...new Set(histories.flatMap((history) => history.values.map((value) => value.takenOn)))].sort().reverse();
  const dates = everyDate.slice(0, days);
  const rows = histories.map((history) => {
    const units = new Set(history.values.map((value) => value.unit));
    const unit = units.size === 1 ? history.values[0]!.unit : LAB_MARKERS[history.marker].unit;
    const cells = dates.map((date) => {
      // The newest result of that day (values are newest first).
      const value = history.values.find((candidate) => candidate.takenOn === date);
      if (!value) return null;
      const shown = value.unit === unit ? value.value : toCanonical(history.marker, value.value, value.unit);
      return { value, flag: rangeFlag(value), shown };
    });
    return { marker: history.marker, label: history.label, unit, cells };
  });
  return { dates, tests: everyDate.length, rows };
}
