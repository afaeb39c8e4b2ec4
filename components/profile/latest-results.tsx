import Link from 'next/link';
import type { LatestLabValue } from '@/lib/labs/reports';
import { formatDateGB } from '@/lib/format';
import { rangeFlag } from '@/lib/labs/flags';
import { rangeText, resultText } from '@/lib/labs/result-text';

/** Each marker's latest confirmed value as the report gave it, against the lab's range when there was one. */
export function LatestResults({ values }: { values: LatestLabValue[] }) {
  return (
    <div className="flex flex-col gap-2">
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
            const flag = rangeFlag(v);
            return (
              <tr key={v.marker}>
                <th scope="row" className="py-1.5 font-medium text-neutral-800">{v.label}</th>
                <td className="py-1.5 text-neutral-900 tabular-nums">
                  {resultText(v)}
                  {flag ? <FlagBadge flag={flag} /> : null}
                </td>
                <td className="py-1.5 text-neutral-600 tabular-nums">{rangeText(v.low, v.high)}</td>
                <td className="py-1.5 text-neutral-600">{formatDateGB(v.takenOn)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Link href="/my_results" className="self-start text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
        See every result over time
      </Link>
    </div>
  );
}

/** A result outside the lab's range: "Low" or "High". */
export function FlagBadge({ flag }: { flag: 'Low' | 'High' }) {
  return <span className="ml-2 rounded-full border border-warning-200 bg-warning-50 px-2 py-0.5 text-xs font-medium text-warning-800">{flag}</span>;
}
