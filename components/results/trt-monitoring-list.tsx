import Link from 'next/link';
import type { TrtAction } from '@/lib/medications/trt-actions';
import { UPLOAD_PATH } from '@/lib/routes';

const STATUS_WORDS: Readonly<Record<TrtAction['status'], string>> = { see_doctor: 'Speak to your doctor', overdue: 'Overdue', due: 'Due now', upcoming: 'Coming up' };
const STATUS_STYLE: Readonly<Record<TrtAction['status'], string>> = {
  see_doctor: 'bg-danger-50 text-danger-800',
  overdue: 'bg-warning-50 text-warning-800',
  due: 'bg-brand-50 text-brand-900',
  upcoming: 'bg-neutral-100 text-neutral-800',
};

/** /my_actions: the blood tests the Endocrine Society's guideline asks of a man on testosterone therapy, and a high haematocrit first. */
export function TrtMonitoringList({ actions }: { actions: readonly TrtAction[] }) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <ul className="divide-y divide-neutral-100" aria-label="TRT monitoring">
        {actions.map((action) => (
          <li key={action.key} className="flex items-start gap-3 py-2">
            <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[action.status]}`}>{STATUS_WORDS[action.status]}</span>
            <span className="text-neutral-900">{action.text}</span>
          </li>
        ))}
      </ul>
      <p className="text-neutral-600">
        From what you listed under{' '}
        <Link href="/profile#what-i-take" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          What I take
        </Link>
        . A check is met once its results are in:{' '}
        <Link href={UPLOAD_PATH} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Upload a blood test
        </Link>
        .
      </p>
    </div>
  );
}
