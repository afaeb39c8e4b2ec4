// The gauge's words for a T-Score, shared by the server and the dashboard's cards. Browser-safe.

export type GaugeLabel = 'Inconclusive' | 'Strained' | 'Developing' | 'Optimised';

/** SPEC §4: -1 'Inconclusive' (N/A, no pointer); below 33 'Strained'; below 66 'Developing'; otherwise 'Optimised'. */
export function gaugeLabel(score: number): GaugeLabel {
  // Only -1 is meant, but no other negative or NaN is a real score either, so none may show a pointer.
  if (!(score >= 0)) return 'Inconclusive';
  if (score < 33) return 'Strained';
  if (score < 66) return 'Developing';
  return 'Optimised';
}
