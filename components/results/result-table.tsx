import type { ReactNode } from 'react';
import { cx } from '@/components/ui/cx';
import { rangeText, resultText } from '@/lib/labs/result-text';
import { FlagBadge } from './flag-badge';

/** A column at either end of the table: its heading, its width where the layout fixes one, and its cells' look. */
type EndColumn = { title: string; width?: string; cellClassName?: string };

export type ResultRow = {
  key: string;
  /** The row's heading: the marker on /profile, the day the blood was taken on /my_results. */
  head: ReactNode;
  /** The figure with its unit, against the lab's range. */
  result: { value: number; comparator: string | null; unit: string; low: number | null; high: number | null };
  flag: 'Low' | 'High' | null;
  /** A line under the result: the lab's own figure, for one converted into the member's units. */
  note?: string | null;
  /** The last column's cell. */
  last: ReactNode;
};

/**
 * Blood results as /profile and /my_results draw them: a row heading, the result (flagged when it is outside
 * the lab's range), the lab's range, and one more column.
 */
export function ResultTable({
  caption,
  captionClassName,
  first,
  last,
  resultWidth,
  rangeWidth,
  rows,
}: {
  caption: string;
  /** A visible title, or `sr-only` where a heading beside the table already says it. */
  captionClassName: string;
  first: EndColumn;
  last: EndColumn;
  resultWidth?: string;
  rangeWidth?: string;
  rows: ResultRow[];
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className={captionClassName}>{caption}</caption>
      <thead className="text-xs text-neutral-600">
        <tr>
          <th scope="col" className={cx(first.width, 'pb-1.5 font-medium')}>{first.title}</th>
          <th scope="col" className={cx(resultWidth, 'pb-1.5 font-medium')}>Result</th>
          <th scope="col" className={cx(rangeWidth, 'pb-1.5 font-medium')}>Lab range</th>
          <th scope="col" className={cx(last.width, 'pb-1.5 font-medium')}>{last.title}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-neutral-100">
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className={cx('py-1.5', first.cellClassName)}>{row.head}</th>
            <td className="py-1.5 text-neutral-900 tabular-nums">
              {resultText(row.result)}
              {row.flag ? <FlagBadge flag={row.flag} /> : null}
              {row.note ? <span className="block text-xs text-neutral-600">{row.note}</span> : null}
            </td>
            <td className="py-1.5 text-neutral-600 tabular-nums">{rangeText(row.result.low, row.result.high)}</td>
            <td className={cx('py-1.5', last.cellClassName)}>{row.last}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
