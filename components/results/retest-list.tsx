import Link from 'next/link';
import { formatDateGB } from '@/lib/format';
import type { Retest } from '@/lib/labs/retests';
import { UPLOAD_PATH } from '@/lib/routes';

/** Each blood result outside the lab's range with the day to test it again by, soonest first. */
export function RetestList({ retests }: { retests: readonly Retest[] }) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <ul className="divide-y divide-neutral-100" aria-label="Blood tests to repeat">
        {retests.map((retest) => (
          <li key={retest.marker} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <span className="text-neutral-900">
              <span className="font-medium">{retest.label}</span> {retest.flag.toLowerCase()} on {formatDateGB(retest.takenOn)}
            </span>
            <span className="text-neutral-700">
              Test again by <span className="font-medium text-neutral-900">{formatDateGB(retest.by)}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="text-neutral-600">
        Each line goes once a newer result is in.{' '}
        <Link href={UPLOAD_PATH} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Upload a blood test
        </Link>{' '}
        or see what each result can mean on{' '}
        <Link href="/my_results" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          My results
        </Link>
        .
      </p>
    </div>
  );
}
