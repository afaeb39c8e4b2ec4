'use client';

import { useRouter } from 'next/navigation';
import { useState, type ChangeEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonClassName } from '@/components/ui/button-styles';
import { cx } from '@/components/ui/cx';
import { LOGIN_PATH } from '@/lib/routes';
import type { LatestLabValue } from '@/lib/labs/reports';
import { UPLOADED_MESSAGE } from '@/lib/labs/upload-messages';
import { LabReview, type ReviewStart } from './lab-review';
import { formatDateGB } from '@/lib/format';

export type ReportSummary = { id: string; fileName: string; uploadedAt: string; results: number };

type Status = { kind: 'idle' } | { kind: 'uploading'; name: string } | { kind: 'uploaded' } | { kind: 'saved'; count: number } | { kind: 'failed'; message: string };

const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
/** 'Upload Blood test': the file picker, SPEC §8's upload texts, the review of what was read, and the reports so far. */
export function LabUpload({ initialReports, latest }: { initialReports: ReportSummary[]; latest: LatestLabValue[] }) {
  const router = useRouter();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [review, setReview] = useState<ReviewStart | null>(null);
  const [reports, setReports] = useState(initialReports);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    setStatus({ kind: 'uploading', name: file.name });
    const body = new FormData();
    body.append('file', file);
    let response: Response;
    try {
      response = await fetch('/api/upload-lab-report', { method: 'POST', body, credentials: 'same-origin' });
    } catch {
      setStatus({ kind: 'failed', message: 'Upload failed due to a network error.' });
      return;
    }
    if (response.status === 401) {
      window.location.assign(LOGIN_PATH);
      return;
    }
    const data = (await response.json().catch(() => null)) as (ReviewStart & { message?: string }) | null;
    if (!response.ok || !data) {
      setStatus({ kind: 'failed', message: `Upload failed: ${data?.message ?? `the server answered ${response.status}.`}` });
      return;
    }
    setStatus({ kind: 'uploaded' });
    setReports((current) => [{ id: data.report_id, fileName: data.file_name, uploadedAt: new Date().toISOString(), results: 0 }, ...current]);
    setReview(data);
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-6">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-neutral-900">Upload Blood test</p>
          <p className="mt-1 text-sm text-neutral-600">A PDF, JPEG or PNG of your lab report, up to 10 MB. We read the values from it, a scan or a photo too, for you to check.</p>
        </div>
        <label className={cx(buttonClassName({ variant: 'secondary', size: 'sm' }), 'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600', status.kind === 'uploading' && 'pointer-events-none opacity-60')}>
          {status.kind === 'uploading' ? 'Uploading…' : 'Choose file'}
          <input type="file" accept={ACCEPT} className="sr-only" aria-label="Upload Blood test" disabled={status.kind === 'uploading'} onChange={(event) => void upload(event)} />
        </label>
      </div>
      <div role="status" aria-live="polite">
        {status.kind === 'uploaded' ? <Alert variant="success">{UPLOADED_MESSAGE}</Alert> : null}
        {status.kind === 'saved' ? <Alert variant="success">{`Your blood test results are saved (${status.count} value${status.count === 1 ? '' : 's'}). Your T-Results chart shows the testosterone.`}</Alert> : null}
      </div>
      {status.kind === 'failed' ? <Alert variant="error">{status.message}</Alert> : null}
      {latest.length ? <LatestResults values={latest} /> : null}
      {reports.length ? (
        <ul className="flex flex-col gap-1.5 text-sm" aria-label="Your uploaded reports">
          {reports.map((report) => (
            <ReportRow
              key={report.id}
              report={report}
              onRemoved={() => {
                setReports((current) => current.filter((r) => r.id !== report.id));
                setStatus({ kind: 'idle' });
              }}
              onFailed={(message) => setStatus({ kind: 'failed', message })}
              onReview={(answer) => {
                setStatus({ kind: 'idle' });
                setReview(answer);
              }}
            />
          ))}
        </ul>
      ) : null}
      {review ? (
        <LabReview
          start={review}
          onCancel={() => setReview(null)}
          onSaved={(count) => {
            setReports((current) => current.map((r) => (r.id === review.report_id ? { ...r, results: count } : r)));
            setReview(null);
            setStatus({ kind: 'saved', count });
            router.refresh();
          }}
        />
      ) : null}
    </div>
  );
}

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
function LatestResults({ values }: { values: LatestLabValue[] }) {
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

/**
 * One uploaded report: its file to download, its review again while nothing from it is saved, and
 * Remove behind a second, explicit click.
 */
function ReportRow({ report, onRemoved, onFailed, onReview }: { report: ReportSummary; onRemoved: () => void; onFailed: (message: string) => void; onReview: (answer: ReviewStart) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [opening, setOpening] = useState(false);
  const reopen = async () => {
    setOpening(true);
    try {
      const response = await fetch(`/api/lab-reports/${report.id}`, { credentials: 'same-origin' });
      if (response.status === 401) {
        window.location.assign(LOGIN_PATH);
        return;
      }
      const data = (await response.json().catch(() => null)) as (ReviewStart & { message?: string }) | null;
      if (response.ok && data) onReview(data);
      else onFailed(data?.message ?? 'The review could not be opened. Please try again.');
    } catch {
      onFailed('We could not reach Vitality. Check your connection and try again.');
    }
    setOpening(false);
  };
  const remove = async () => {
    setRemoving(true);
    try {
      const response = await fetch(`/api/lab-reports/${report.id}`, { method: 'DELETE', credentials: 'same-origin' });
      if (response.status === 401) {
        window.location.assign(LOGIN_PATH);
        return;
      }
      if (response.ok) return onRemoved();
      const data = (await response.json().catch(() => null)) as { message?: string } | null;
      onFailed(data?.message ?? 'The report could not be removed. Please try again.');
    } catch {
      onFailed('We could not reach Vitality. Check your connection and try again.');
    }
    setRemoving(false);
    setConfirming(false);
  };
  return (
    <li className="flex items-center justify-between gap-4 rounded-control bg-neutral-50 px-3 py-2">
      <a href={`/api/lab-reports/${report.id}/file`} className="truncate font-medium text-brand-700 underline-offset-2 hover:underline">
        {report.fileName}
      </a>
      {confirming ? (
        <span className="flex shrink-0 items-center gap-2 text-neutral-800">
          Remove this file? Saved values stay.
          <Button type="button" variant="danger" size="sm" loading={removing} onClick={() => void remove()}>
            Remove<span className="sr-only"> {report.fileName}</span>
          </Button>
          <Button type="button" variant="secondary" size="sm" onClick={() => setConfirming(false)} disabled={removing}>
            Keep
          </Button>
        </span>
      ) : (
        <span className="flex shrink-0 items-center gap-3 text-neutral-600">
          {formatDateGB(report.uploadedAt)} · {report.results ? `${report.results} value${report.results === 1 ? '' : 's'} saved` : 'no values saved'}
          {report.results ? null : (
            <Button type="button" variant="secondary" size="sm" loading={opening} onClick={() => void reopen()}>
              Review values<span className="sr-only"> from {report.fileName}</span>
            </Button>
          )}
          <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(true)}>
            Remove<span className="sr-only"> {report.fileName}</span>
          </Button>
        </span>
      )}
    </li>
  );
}
