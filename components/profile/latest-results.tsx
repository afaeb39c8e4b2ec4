import type { LatestLabValue } from '@/lib/labs/reports';
import { formatDateGB } from '@/lib/format';

const number = new Intl.NumberFormat('en-GB', { maximumSignificantDigits: 4 });

/** "8.6–29", "< 2.5", "> 50", or a dash when the report printed no range. */
function rangeText(low: number | null, high: number | null): string {
  if (low !== null && high !== null) return `${number.format(low)}–${number.format(high)}`;
  if (high !== null) return `< ${number.format(high)}`;
  if (low !== null) return `> ${number.format(low)}`;
  return '—';
}

const COMPARATOR_SIGN: Record<string, string> = { '<': '<', '<=': '≤', '>': '>', '>=': '≥' };

/**
 * Low or High against the lab's range. A bound is flagged only when it settles it: "<5" is Low under a
 * range starting at 8.6, but says nothing against a range ending at 3.
 */
function flagOf(v: LatestLabValue): 'Low' | 'High' | null {
  const below = v.comparator === '<' || v.comparator === '<=';
  const above = v.comparator === '>' || v.comparator === '>=';
  if (v.low !== null && (above ? false : below ? v.value <= v.low : v.value < v.low)) return 'Low';
  if (v.high !== null && (below ? false : above ? v.value >= v.high : v.value > v.high)) return 'High';
  return null;
}

/** Each marker's latest confirmed value as the report gave it, against the lab's range when there was one. */
export function LatestResults({ values }: { values: LatestLabValue[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-2 text-left text-sm font-semibold text-neutral-900">Your latest results</caption>
      <thead className="text-xs text-neutral-600">
        <tr>
          <th scope="col" className="pb-1.5 font-medium">Marker</th>
          <th scope="col" className="pb-1.5 font-medium">Result</th>
          <th scope="col" className="pb-1.5 font-medium">Lab range</th>
          <th scope="col" className="pb-1.5 font-medium">Taken</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-neutral-100">
        {values.map((v) => {
          const flag = flagOf(v);
          return (
            <tr key={v.marker}>
              <th scope="row" className="py-1.5 font-medium text-neutral-800">{v.label}</th>
              <td className="py-1.5 text-neutral-900 tabular-nums">
                {v.comparator ? `${COMPARATOR_SIGN[v.comparator] ?? v.comparator} ` : ''}
                {number.format(v.value)} {v.unit}
                {flag ? <span className="ml-2 rounded-full border border-warning-200 bg-warning-50 px-2 py-0.5 text-xs font-medium text-warning-800">{flag}</span> : null}
              </td>
              <td className="py-1.5 text-neutral-600 tabular-nums">{rangeText(v.low, v.high)}</td>
              <td className="py-1.5 text-neutral-600">{formatDateGB(v.takenOn)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
