import 'server-only';
import { ISO_DAY } from '@/lib/codecs';
import { db } from '@/lib/db';
import { rangeFlag } from './flags';
import { labUnits } from './lab-units-preference';
import { inMemberUnits, type LabUnitSystem, type PrintedResult } from './lab-units';
import { convertToCanonical, isLabMarkerKey, LAB_MARKERS, type LabMarkerKey, toCanonical } from './markers';
import { changeVerdict, type ChangeVerdict } from './reference-change';

// /my_results: every blood result a member has confirmed, marker by marker over time, grouped by panel,
// each value with the lab's range and flag and where it came from (its report, or the member's own entry).

type PanelSpec = { key: string; title: string; markers: readonly LabMarkerKey[] };
type Unplaced<T extends readonly PanelSpec[]> = Exclude<LabMarkerKey, T[number]['markers'][number]>;

/** Accepts the panels only if they place every marker of the catalogue, so that a new marker cannot go unshown. */
function placingEveryMarker<const T extends readonly PanelSpec[]>(panels: T & ([Unplaced<T>] extends [never] ? unknown : { unplaced: Unplaced<T> })): readonly PanelSpec[] {
  return panels;
}

/** The panels, in the order a report prints them, each with its markers in order. */
export const RESULT_PANELS = placingEveryMarker([
  { key: 'hormones', title: 'Hormones', markers: ['total_testosterone', 'free_testosterone', 'shbg', 'oestradiol', 'lh', 'fsh', 'prolactin', 'dhea_s', 'cortisol', 'igf1'] },
  { key: 'prostate', title: 'Prostate', markers: ['psa'] },
  {
    key: 'blood-count',
    title: 'Full blood count',
    markers: [
      'haemoglobin', 'haematocrit', 'rbc', 'mcv', 'mch', 'mchc', 'rdw', 'platelets', 'wbc',
      'neutrophils_pct', 'neutrophils_abs', 'lymphocytes_pct', 'lymphocytes_abs', 'monocytes_pct', 'monocytes_abs',
      'eosinophils_pct', 'eosinophils_abs', 'basophils_pct', 'basophils_abs',
    ],
  },
  { key: 'metabolic', title: 'Blood sugar', markers: ['glucose', 'hba1c', 'insulin'] },
  { key: 'kidney', title: 'Kidneys and salts', markers: ['creatinine', 'egfr', 'urea', 'bun', 'uric_acid', 'sodium', 'potassium', 'chloride', 'bicarbonate', 'calcium', 'magnesium'] },
  { key: 'liver', title: 'Liver and proteins', markers: ['alt', 'ast', 'alp', 'ggt', 'bilirubin', 'total_protein', 'albumin', 'globulin'] },
  { key: 'lipids', title: 'Lipids', markers: ['total_cholesterol', 'ldl_cholesterol', 'hdl_cholesterol', 'non_hdl_cholesterol', 'triglycerides', 'apob', 'lpa', 'lpa_mass'] },
  { key: 'inflammation', title: 'Inflammation', markers: ['crp', 'homocysteine'] },
  { key: 'iron', title: 'Iron', markers: ['ferritin', 'iron', 'tibc', 'transferrin_saturation'] },
  { key: 'thyroid', title: 'Thyroid', markers: ['tsh', 'free_t4', 'free_t3'] },
  { key: 'vitamins', title: 'Vitamins', markers: ['vitamin_d', 'vitamin_b12', 'folate'] },
]);

export type ResultValue = {
  value: number;
  /** "<", "<=", ">" or ">=" for a bound the lab gave ("<0.1"), null for an exact value. */
  comparator: string | null;
  unit: string;
  low: number | null;
  high: number | null;
  flag: 'Low' | 'High' | null;
  /** The day the sample was taken (YYYY-MM-DD). */
  takenOn: string;
  /** The report it was read from (its file's name, the day it was uploaded), or null for the member's own entry. */
  report: { id: string; fileName: string; uploadedOn: string } | null;
  /**
   * The figure as the lab printed it (or the member typed it), when `value`, `unit`, `low` and `high` are
   * that figure converted into the member's units; null when they are the printed ones.
   */
  printed: PrintedResult | null;
};

export type MarkerHistory = {
  marker: LabMarkerKey;
  label: string;
  /** Every value, newest first. */
  values: ResultValue[];
  /**
   * The newest value against the one before, when both are exact: `previous` in `unit` (the one it was given
   * in, or the marker's own when the two differ, with `latest` then in it too).
   */
  change: { previous: number; previousOn: string; unit: string; direction: 'up' | 'down' | 'same'; latest?: number; verdict: ChangeVerdict | null } | null;
};

export type ResultPanel = { key: string; title: string; markers: MarkerHistory[] };

/** A value as shown, and as the lab printed it in the marker's own unit (unrounded; null when its unit does not convert). */
type Entry = { shown: ResultValue; canonical: number | null };

/**
 * How the newest value moved since the one before, where that can be said without a guess: both exact, and
 * in one unit or two the marker's catalogue converts between (then compared, and said, in the marker's own
 * unit: 398 ng/dL before 17.1 nmol/L is "up from 398 ng/dL", now 493 ng/dL). Whether the move is more than
 * the test's usual variation (./reference-change.ts) is judged on the figures the lab printed, each in the
 * marker's own unit, so that neither the member's units nor their rounding can change the verdict.
 */
function changeOf(marker: LabMarkerKey, entries: readonly Entry[]): MarkerHistory['change'] {
  const [latestEntry, previousEntry] = entries;
  if (!latestEntry || !previousEntry) return null;
  const [latest, previous] = [latestEntry.shown, previousEntry.shown];
  if (latest.comparator || previous.comparator) return null;
  const same = latest.unit === previous.unit;
  const now = same ? latest.value : toCanonical(marker, latest.value, latest.unit);
  const before = same ? previous.value : toCanonical(marker, previous.value, previous.unit);
  if (now === null || before === null) return null;
  const unit = same ? previous.unit : LAB_MARKERS[marker].unit;
  const verdict = latestEntry.canonical !== null && previousEntry.canonical !== null ? changeVerdict(marker, previousEntry.canonical, latestEntry.canonical) : null;
  const direction = verdict?.direction ?? (now > before ? 'up' : now < before ? 'down' : 'same');
  return { previous: before, previousOn: previous.takenOn, unit, direction, ...(same ? {} : { latest: now }), verdict };
}

/** The member's results by panel, in his units; a panel with none of its markers is left out. */
export async function resultPanels(userId: string, system?: LabUnitSystem): Promise<ResultPanel[]> {
  const units = system ?? (await labUnits(userId));
  const rows = await db.labResult.findMany({
    where: { userId },
    orderBy: [{ takenAt: 'desc' }, { id: 'desc' }],
    select: { marker: true, value: true, comparator: true, unit: true, referenceLow: true, referenceHigh: true, takenAt: true, report: { select: { id: true, fileName: true, uploadedAt: true } } },
  });
  const byMarker = new Map<LabMarkerKey, Entry[]>();
  for (const row of rows) {
    if (!isLabMarkerKey(row.marker)) continue;
    const ranged = { value: row.value, comparator: row.comparator, low: row.referenceLow, high: row.referenceHigh };
    const entries = byMarker.get(row.marker) ?? [];
    entries.push({
      shown: {
        ...inMemberUnits(row.marker, { value: row.value, unit: row.unit, low: row.referenceLow, high: row.referenceHigh }, units),
        comparator: row.comparator,
        // Against the range as printed: a conversion's rounding never moves a result across its limit.
        flag: rangeFlag(ranged),
        takenOn: ISO_DAY.fromDate(row.takenAt),
        report: row.report ? { id: row.report.id, fileName: row.report.fileName, uploadedOn: ISO_DAY.fromDate(row.report.uploadedAt) } : null,
      },
      canonical: convertToCanonical(row.marker, row.value, row.unit),
    });
    byMarker.set(row.marker, entries);
  }
  return RESULT_PANELS.map((panel) => ({
    key: panel.key,
    title: panel.title,
    markers: panel.markers.flatMap((marker) => {
      const entries = byMarker.get(marker);
      return entries ? [{ marker, label: LAB_MARKERS[marker].label, values: entries.map((entry) => entry.shown), change: changeOf(marker, entries) }] : [];
    }),
  })).filter((panel) => panel.markers.length);
}
