'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStepUp } from '@/components/security/step-up';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/forms/submit-button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { getJson, postJson } from '@/lib/client/api-call';
import type { DoctorShareSummary } from '@/lib/reports/doctor-share';
import { LOGIN_PATH } from '@/lib/routes';
import { DOCTOR_SHARE_LABEL_MAX } from '@/lib/validation/doctor-share-limit';
import { DoctorShareList } from './doctor-share-list';

// "Share with your doctor" on /my_results: makes a read-only 7-day link to the summary PDF, shows it once
// (it is not kept, only its hash), lists every link with its views, and revokes one.

const OFFLINE = 'We could not reach Vitality. Check your connection and try again.';

type Created = { share: DoctorShareSummary; path: string };
type Status = { ok: boolean; text: string } | null;

export function DoctorShareCard({ initial }: { initial: DoctorShareSummary[] }) {
  const [shares, setShares] = useState(initial);
  const [label, setLabel] = useState('');
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [created, setCreated] = useState<{ id: string; url: string } | null>(null);
  const [copied, setCopied] = useState('');
  const [status, setStatus] = useState<Status>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const stepUp = useStepUp('share your summary');
  // Focus the new link once it is on screen, so that a screen reader reads it and the keyboard can copy it
  // at once (a frame after the answer could come before React had drawn it, on a busy machine).
  useEffect(() => {
    if (created) linkRef.current?.focus();
  }, [created]);

  const reload = async () => {
    const result = await getJson<{ shares: DoctorShareSummary[] }>('/api/doctor-summary/shares');
    if (result.ok) setShares(result.data.shares);
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setCreating(true);
    setStatus(null);
    setCopied('');
    try {
      const result = await stepUp.run(() => postJson<Created>('/api/doctor-summary/shares', label.trim() ? { label } : {}));
      if (result.status === 401) return window.location.assign(LOGIN_PATH);
      if (!result.ok) return setStatus({ ok: false, text: result.message ?? 'Your link could not be made. Please try again.' });
      setCreated({ id: result.data.share.id, url: new URL(result.data.path, window.location.origin).toString() });
      setShares((list) => [result.data.share, ...list]);
      setLabel('');
    } catch {
      setStatus({ ok: false, text: OFFLINE });
    } finally {
      setCreating(false);
    }
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      setCopied('Copied. Paste it into an e-mail or message to your doctor.');
    } catch {
      linkRef.current?.select();
      setCopied('Your browser did not let us copy. The link is selected: copy it with your keyboard.');
    }
  };

  const revoke = async (share: DoctorShareSummary) => {
    setRevoking(share.id);
    setStatus(null);
    try {
      const result = await postJson(`/api/doctor-summary/shares/${encodeURIComponent(share.id)}/revoke`);
      if (result.status === 401) return window.location.assign(LOGIN_PATH);
      if (created?.id === share.id) setCreated(null);
      setStatus({ ok: result.ok, text: result.message ?? (result.ok ? 'The link is revoked.' : 'The link could not be revoked. Please try again.') });
      await reload();
    } catch {
      setStatus({ ok: false, text: OFFLINE });
    } finally {
      setRevoking(null);
    }
  };

  return (
    <Card title="Share with your doctor">
      <div className="flex flex-col gap-5">
        <p className="text-sm text-neutral-700">
          Make a private link to your summary, to send to your doctor. Anyone with the link can open the PDF, made fresh from your latest results each time, without signing in. It works for 7 days, and you can
          revoke it at any time. You will see each time it is opened.
        </p>
        <form onSubmit={(event) => void create(event)} className="flex max-w-md flex-col gap-3">
          <Input
            label="Who is it for? (optional)"
            hint="Only you see this, to tell your links apart."
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            maxLength={DOCTOR_SHARE_LABEL_MAX}
            autoComplete="off"
          />
          <SubmitButton size="sm" loading={creating} className="self-start">
            Create a share link
          </SubmitButton>
        </form>
        {created ? (
          <div className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900">
            <h3 className="mb-1 font-semibold">Your link is ready</h3>
            <p className="mb-2">Copy it now: for your privacy we do not keep it, so we cannot show it again.</p>
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor="doctor-share-link" className="sr-only">
                Your new share link
              </label>
              <input
                id="doctor-share-link"
                ref={linkRef}
                readOnly
                value={created.url}
                onFocus={(event) => event.currentTarget.select()}
                className="h-9 min-w-0 flex-1 rounded-md border border-neutral-300 bg-white px-3 font-mono text-xs text-neutral-900"
              />
              <Button type="button" size="sm" variant="secondary" onClick={() => void copy()}>
                Copy link
              </Button>
            </div>
            <p role="status" className="mt-2 text-xs">
              {copied}
            </p>
          </div>
        ) : null}
        {status?.ok ? (
          <p role="status" className="text-sm text-neutral-700">
            {status.text}
          </p>
        ) : null}
        {status && !status.ok ? <Alert variant="error">{status.text}</Alert> : null}
        <DoctorShareList shares={shares} revoking={revoking} onRevoke={(share) => void revoke(share)} />
      </div>
      {stepUp.dialog}
    </Card>
  );
}
