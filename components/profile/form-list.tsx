'use client';

import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { buttonClassName } from '@/components/ui/button-styles';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/cx';
import type { LatestLabValue } from '@/lib/labs/reports';
import { LabUpload, type ReportSummary } from './lab-upload';
import { MindsetDialog, type MindsetSummary } from './mindset-dialog';
import { formatDateGB } from '@/lib/format';

type Props = { healthHistoryDone: boolean; mindset: MindsetSummary | null; reports: ReportSummary[]; latest: LatestLabValue[] };

/** SPEC §2's form list on /profile: Health history form, Mindset form, Upload Blood test. */
export function FormList({ healthHistoryDone, mindset: initialMindset, reports, latest }: Props) {
  const [mindset, setMindset] = useState(initialMindset);
  const [mindsetOpen, setMindsetOpen] = useState(false);
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
          <Button type="button" variant="secondary" size="sm" onClick={() => setMindsetOpen(true)}>
            {mindset ? 'Take again' : 'Start'}
            <span className="sr-only"> the mindset form</span>
          </Button>
        </Row>
        <li className="py-4">
          <LabUpload initialReports={reports} latest={latest} />
        </li>
      </ul>
      <MindsetDialog open={mindsetOpen} onClose={() => setMindsetOpen(false)} onSaved={setMindset} />
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

export function StatusBadge({ status }: { status: 'Completed' | 'To do' }) {
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
