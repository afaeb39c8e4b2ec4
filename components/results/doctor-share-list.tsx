'use client';

import { useTimeZone } from '@/components/time/time-zone-provider';
import { Button } from '@/components/ui/button';
import { formatDateAt, formatTimestamp } from '@/lib/format';
import type { DoctorShareSummary } from '@/lib/reports/doctor-share';

// The member's share links on /my_results: when each was made, until when it works, its status and
// every opening (newest first). The links themselves were shown once, when made: they are not kept.

const STATUS_TEXT: Record<DoctorShareSummary['status'], string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };
const STATUS_STYLE: Record<DoctorShareSummary['status'], string> = {
  active: 'bg-brand-50 text-brand-900 ring-brand-200',
  expired: 'bg-neutral-100 text-neutral-700 ring-neutral-200',
  revoked: 'bg-neutral-100 text-neutral-700 ring-neutral-200',
};

/** "Made 29 Nov 2026 for Dr Patel": a link's name, in the list and in its button's accessible name; days and times on the member's clock. */
export const shareName = (share: Pick<DoctorShareSummary, 'created_at' | 'label'>, timeZone: string) =>
  `Made ${formatDateAt(share.created_at, timeZone)}${share.label ? ` for ${share.label}` : ''}`;

function whenText(share: DoctorShareSummary, timeZone: string): string {
  if (share.status === 'revoked' && share.revoked_at) return `Revoked on ${formatDateAt(share.revoked_at, timeZone)}.`;
  if (share.status === 'expired') return `Expired on ${formatDateAt(share.expires_at, timeZone)}.`;
  return `Works until ${formatTimestamp(share.expires_at, timeZone)}.`;
}

type Props = { shares: DoctorShareSummary[]; revoking: string | null; onRevoke: (share: DoctorShareSummary) => void };

export function DoctorShareList({ shares, revoking, onRevoke }: Props) {
  const timeZone = useTimeZone();
  if (!shares.length) return <p className="text-sm text-neutral-600">You have not shared your summary yet.</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label="Your share links">
      {shares.map((share) => (
        <li key={share.id} className="rounded-lg border border-neutral-200 p-4" data-testid="doctor-share">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="flex flex-col gap-1">
              <p className="text-sm font-medium text-neutral-900">
                {shareName(share, timeZone)}{' '}
                <span className={`ml-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_STYLE[share.status]}`}>{STATUS_TEXT[share.status]}</span>
              </p>
              <p className="text-xs text-neutral-600">{whenText(share, timeZone)}</p>
            </div>
            {share.status === 'active' ? (
              <Button type="button" size="sm" variant="secondary" loading={revoking === share.id} onClick={() => onRevoke(share)} aria-label={`Revoke the link ${shareName(share, timeZone).replace(/^Made/, 'made')}`}>
                Revoke
              </Button>
            ) : null}
          </div>
          {share.views.length ? (
            <div className="mt-3">
              <p className="text-xs font-medium text-neutral-800">
                Opened {share.views.length === 1 ? 'once' : `${share.views.length} times`}
              </p>
              <ul className="mt-1 flex flex-col gap-0.5 text-xs text-neutral-700">
                {share.views.map((view, index) => (
                  <li key={`${view.viewed_at}-${index}`}>
                    {formatTimestamp(view.viewed_at, timeZone)}, {view.browser}
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="mt-3 text-xs text-neutral-600">Not opened yet.</p>
          )}
        </li>
      ))}
    </ul>
  );
}
