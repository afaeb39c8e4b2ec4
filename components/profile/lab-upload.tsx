'use client';

import { useRouter } from 'next/navigation';
import { lazy, Suspense, useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { buttonClassName } from '@/components/ui/button-styles';
import { cx } from '@/components/ui/cx';
import { ProgressBar } from '@/components/ui/progress-bar';
import { READING_MESSAGE, UPLOADED_MESSAGE } from '@/lib/labs/upload-messages';
import type { ReviewStart } from './lab-review';

/**
 * An uploaded report as the list shows it; `uploadedOn` is the day in words ("3 Mar 2026"); `reading`
 * while OCR still reads it in the background.
 */
export type ReportSummary = { id: string; fileName: string; uploadedOn: string; results: number; reading: boolean };

type Status = { kind: 'idle' } | { kind: 'uploading'; name: string } | { kind: 'uploaded' } | { kind: 'reading' } | { kind: 'read'; name: string } | { kind: 'saved'; count: number } | { kind: 'failed'; message: string };

/** Where a report being read stands (GET /api/lab-reports/{id}), as its row shows it. */
type Waiting = { status: 'queued'; ahead: number } | { status: 'reading'; progress: number } | { status: 'unknown' };
/** How often a report being read is asked after: its progress moves every second or so. */
const FOLLOW_EVERY_MS = 1500;

const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
const OFFLINE = 'We could not reach Vitality. Check your connection and try again.';

// The requests and the review (a modal with its table of markers) are needed only once the member acts:
// the requests' code is fetched then, and the review's as the file goes up, or as the report is asked
// for, so it is there when the answer is.
const calls = () => import('./lab-report-calls');
const loadReview = () => import('./lab-review');
const LabReview = lazy(() => loadReview().then((module) => ({ default: module.LabReview })));
const preloadReview = () => {
  // A failed fetch is tried again when the review renders.
  loadReview().catch(() => undefined);
};

/**
 * 'Upload Blood test': the file picker, SPEC §8's upload texts, the review of what was read, and the
 * reports so far. The reports and `latestResults` (the table of the latest values) come from the server,
 * and an upload, a save or a removal refreshes them in place.
 */
export function LabUpload({ reports, latestResults }: { reports: ReportSummary[]; latestResults: ReactNode }) {
  const router = useRouter();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [review, setReview] = useState<ReviewStart | null>(null);
  const [waiting, setWaiting] = useState<Record<string, Waiting>>({});
  /** The report this visit uploaded: its review opens by itself once it is read. */
  const openWhenRead = useRef<string | null>(null);
  const reviewOpen = useRef(false);
  useEffect(() => {
    reviewOpen.current = review !== null;
  }, [review]);
  const readingIds = reports
    .filter((report) => report.reading)
    .map((report) => report.id)
    .join(' ');

  // Each report being read is asked after until it is read; its row shows where it stands meanwhile.
  useEffect(() => {
    const ids = readingIds ? readingIds.split(' ') : [];
    if (!ids.length) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const follow = async () => {
      const { openReport } = await calls();
      for (const id of ids) {
        const outcome = await openReport(id).catch(() => null);
        if (stopped || !outcome || 'failed' in outcome) continue;
        if ('leaving' in outcome) return;
        const answer = outcome.review;
        if (answer.status === 'ready') {
          if (openWhenRead.current === id && !reviewOpen.current) {
            openWhenRead.current = null;
            setStatus({ kind: 'idle' });
            setReview(answer);
          } else setStatus({ kind: 'read', name: answer.file_name });
          router.refresh();
          continue;
        }
        setWaiting((now) => ({ ...now, [id]: answer.status === 'queued' ? { status: 'queued', ahead: answer.ahead } : { status: 'reading', progress: answer.progress } }));
      }
      if (!stopped) timer = setTimeout(() => void follow(), FOLLOW_EVERY_MS);
    };
    timer = setTimeout(() => void follow(), FOLLOW_EVERY_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [readingIds, router]);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    preloadReview();
    setStatus({ kind: 'uploading', name: file.name });
    try {
      const { uploadReport } = await calls();
      const outcome = await uploadReport(file);
      if ('leaving' in outcome) return;
      if ('failed' in outcome) return setStatus({ kind: 'failed', message: outcome.failed });
      const answer = outcome.review;
      if (answer.status === 'ready') {
        setStatus({ kind: 'uploaded' });
        setReview(answer);
      } else {
        // A scan or a photo: read in the background, its row shows how far; the review opens when it is read.
        openWhenRead.current = answer.report_id;
        setWaiting((now) => ({ ...now, [answer.report_id]: answer.status === 'queued' ? { status: 'queued', ahead: answer.ahead } : { status: 'reading', progress: answer.progress } }));
        setStatus({ kind: 'reading' });
      }
      router.refresh();
    } catch {
      setStatus({ kind: 'failed', message: 'Upload failed due to a network error.' });
    }
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
        {status.kind === 'reading' ? <Alert variant="success">{`${UPLOADED_MESSAGE} ${READING_MESSAGE}`}</Alert> : null}
        {status.kind === 'read' ? <Alert variant="success">{`“${status.name}” is read: its values are ready to review.`}</Alert> : null}
        {status.kind === 'saved' ? <Alert variant="success">{`Your blood test results are saved (${status.count} value${status.count === 1 ? '' : 's'}). Your T-Results chart shows the testosterone.`}</Alert> : null}
      </div>
      {status.kind === 'failed' ? <Alert variant="error">{status.message}</Alert> : null}
      {latestResults}
      {reports.length ? (
        <ul className="flex flex-col gap-1.5 text-sm" aria-label="Your uploaded reports">
          {reports.map((report) => (
            <ReportRow
              key={report.id}
              report={report}
              waiting={report.reading ? (waiting[report.id] ?? { status: 'unknown' }) : null}
              onRemoved={() => {
                setStatus({ kind: 'idle' });
                router.refresh();
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
        <Suspense fallback={null}>
          <LabReview
            start={review}
            onCancel={() => setReview(null)}
            onSaved={(count) => {
              setReview(null);
              setStatus({ kind: 'saved', count });
              router.refresh();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * One uploaded report: its file to download, its review again while nothing from it is saved, and
 * Remove behind a second, explicit click.
 */
function ReportRow({
  report,
  waiting,
  onRemoved,
  onFailed,
  onReview,
}: {
  report: ReportSummary;
  waiting: Waiting | null;
  onRemoved: () => void;
  onFailed: (message: string) => void;
  onReview: (answer: ReviewStart) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [opening, setOpening] = useState(false);
  const reopen = async () => {
    preloadReview();
    setOpening(true);
    try {
      const { openReport } = await calls();
      const outcome = await openReport(report.id);
      if ('leaving' in outcome) return;
      if ('failed' in outcome) onFailed(outcome.failed);
      else onReview(outcome.review);
    } catch {
      onFailed(OFFLINE);
    }
    setOpening(false);
  };
  const remove = async () => {
    setRemoving(true);
    try {
      const { removeReport } = await calls();
      const outcome = await removeReport(report.id);
      if ('leaving' in outcome) return;
      // The row stays, busy, until the refreshed list leaves it out.
      if ('removed' in outcome) return onRemoved();
      onFailed(outcome.failed);
    } catch {
      onFailed(OFFLINE);
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
      ) : waiting ? (
        <span className="flex shrink-0 items-center gap-3 text-neutral-600">
          <ReadingProgress waiting={waiting} name={report.fileName} />
          <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(true)}>
            Remove<span className="sr-only"> {report.fileName}</span>
          </Button>
        </span>
      ) : (
        <span className="flex shrink-0 items-center gap-3 text-neutral-600">
          {report.uploadedOn} · {report.results ? `${report.results} value${report.results === 1 ? '' : 's'} saved` : 'no values saved'}
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

/** A report's reading in the background: its place in the queue, then how far OCR has read it. */
function ReadingProgress({ waiting, name }: { waiting: Waiting; name: string }) {
  const words =
    waiting.status === 'reading'
      ? `Reading the values: ${waiting.progress}%`
      : waiting.status === 'queued'
        ? waiting.ahead
          ? `Waiting to be read: ${waiting.ahead} ${waiting.ahead === 1 ? 'report' : 'reports'} ahead`
          : 'Next to be read'
        : 'Being read';
  return (
    <span className="flex w-64 flex-col gap-1" data-testid="lab-reading">
      <span className="text-xs text-neutral-700 tabular-nums">{words}</span>
      <ProgressBar value={waiting.status === 'reading' ? waiting.progress : 0} aria-label={`Reading ${name}`} valueText={words} />
    </span>
  );
}
