import Link from 'next/link';
import type { ReactNode } from 'react';
import { buttonClassName } from '@/components/ui/button-styles';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/cx';
import { formatDateGB } from '@/lib/format';
import type { LatestLabValue } from '@/lib/labs/reports';
import { LabUpload, type ReportSummary } from './lab-upload';
import { LatestResults } from './latest-results';
import type { MindsetSummary } from './mindset-dialog';
import { MindsetStart } from './mindset-start';
import { UPLOAD_ANCHOR } from '@/lib/routes';

type Props = {
  healthHistoryDone: boolean;
  mindset: MindsetSummary | null;
  reports: (Omit<ReportSummary, 'uploadedOn'> & { uploadedAt: string })[];
  latest: LatestLabValue[];
};

/**
 * SPEC §2's form list on /profile: Health history form, Mindset form, Upload Blood test. Rendered on the
 * server; the mindset button and the upload are client islands, and a save refreshes the list in place.
 */
export function FormList({ healthHistoryDone, mindset, reports, latest }: Props) {
  return (
    <Card title="Forms">
      <ul className="divide-y divide-neutral-200">
        <Row
          title="Health history form"
          detail="Your activity, diet, experience, health conditions and focus areas."
          status={healthHistoryDone ? 'Completed' : 'To do'}
        >
          <Link href={healthHistoryDone ? '/complete-profile?edit=1' : '/complete-profile'} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            {healthHistoryDone ? 'Review' : 'Fill in'}
            <span className="sr-only"> the health history form</span>
          </Link>
        </Row>
        <Row
          title="Mindset form"
          detail={mindset ? `WHO-5 well-being score ${mindset.score} of 100, on ${formatDateGB(mindset.taken_at)}.` : 'Five questions about the last two weeks (the WHO-5 Well-Being Index).'}
          status={mindset ? 'Completed' : 'To do'}
        >
          <MindsetStart taken={mindset !== null} />
        </Row>
        {/* The dashboard's and the insights' "Upload" links open this row (UPLOAD_PATH). */}
        <li className="scroll-mt-6 py-4" id={UPLOAD_ANCHOR}>
          <LabUpload
            reports={reports.map(({ uploadedAt, ...report }) => ({ ...report, uploadedOn: formatDateGB(uploadedAt) }))}
            latestResults={latest.length ? <LatestResults values={latest} /> : null}
          />
        </li>
      </ul>
    </Card>
  );
}

function Row({ title, detail, status, children }: { title: string; detail: string; status: 'Completed' | 'To do'; children: ReactNode }) {
  return (
    <li className="flex items-center justify-between gap-6 py-4">
      <div className="min-w-0">
        <p className="flex items-center gap-3 text-sm font-semibold text-neutral-900">
          {title}
          <StatusBadge status={status} />
        </p>
        <p className="mt-1 text-sm text-neutral-600">{detail}</p>
      </div>
      {children}
    </li>
  );
}

function StatusBadge({ status }: { status: 'Completed' | 'To do' }) {
  return (
    <span
      className={cx(
        'rounded-full px-2.5 py-0.5 text-xs font-medium',
        status === 'Completed' ? 'bg-brand-100 text-brand-800' : 'border border-warning-200 bg-warning-50 text-warning-800',
      )}
    >
      {status}
    </span>
  );
}
