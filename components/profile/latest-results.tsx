import Link from 'next/link';
import { ResultTable } from '@/components/results/result-table';
import type { LatestLabValue } from '@/lib/labs/reports';
import { formatDateGB } from '@/lib/format';
import { rangeFlag } from '@/lib/labs/flags';

/** Each marker's latest confirmed value as the report gave it, against the lab's range when there was one. */
export function LatestResults({ values }: { values: LatestLabValue[] }) {
  return (
    <div className="flex flex-col gap-2">
      <ResultTable
        caption="Your latest results"
        captionClassName="mb-2 text-left text-sm font-semibold text-neutral-900"
        first={{ title: 'Marker', cellClassName: 'font-medium text-neutral-800' }}
        last={{ title: 'Taken', cellClassName: 'text-neutral-600' }}
        rows={values.map((v) => ({ key: v.marker, head: v.label, result: v, flag: rangeFlag(v), last: formatDateGB(v.takenOn) }))}
      />
      <Link href="/my_results" className="self-start text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
        See every result over time
      </Link>
    </div>
  );
}
