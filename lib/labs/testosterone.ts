import { convertToCanonical, NG_DL_PER_NMOL_L } from './markers';

// Total testosterone in ng/dL, the unit the T-Results chart and the T-Score read; the conversions are the
// lab-marker catalogue's (lib/labs/markers.ts).
export { NG_DL_PER_NMOL_L };

/** A testosterone value in ng/dL, rounded to 0.1; null for a unit we cannot convert. */
export function toNgPerDl(value: number, unit: string): number | null {
  const ngDl = convertToCanonical('total_testosterone', value, unit);
  return ngDl === null ? null : Math.round(ngDl * 10) / 10;
}
