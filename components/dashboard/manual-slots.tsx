'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import type { ManualTitleResponse } from '@/lib/dashboard/contract';
import { postJson } from '@/lib/client/api-call';
import { toLogin } from './to-login';

/** SPEC §9: manual actions are at most 200 characters. */
export const MANUAL_MAX = 200;
const MANUAL_IDS = ['manual-1', 'manual-2'] as const;

/** /my_actions' manual-entry slots not yet confirmed; manual-2 waits for manual-1. */
export function ManualSlots({ setId, confirmed }: { setId: string; confirmed: string[] }) {
  return MANUAL_IDS.filter((id) => !confirmed.includes(id)).map((id) => (
    <ManualSlot key={id} id={id} setId={setId} enabled={id === 'manual-1' || confirmed.includes('manual-1')} />
  ));
}

/** SPEC §4 "Manual daily action": unconfirmed → confirming → confirmed (the page's data comes again, without this slot). */
function ManualSlot({ id, setId, enabled }: { id: (typeof MANUAL_IDS)[number]; setId: string; enabled: boolean }) {
  const router = useRouter();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [refreshing, startRefresh] = useTransition();
  const [failed, setFailed] = useState(false);
  const inputId = useId();
  const confirming = sending || refreshing;

  async function confirm() {
    setSending(true);
    // SPEC §8: a manual title failure is logged and the slot stays unconfirmed.
    const fail = (message: string, signedOut: boolean) => {
      console.error('Could not confirm your action:', message);
      setFailed(true);
      if (signedOut) toLogin();
    };
    try {
      const result = await postJson<ManualTitleResponse>('/api/generate_manual_action_title', { description: text.trim(), cached_daily_actions_id: setId });
      if (!result.ok) return fail(result.message ?? `HTTP ${result.status}`, result.status === 401);
      setText('');
      // Still confirming until the list shows the new action.
      startRefresh(() => router.refresh());
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error), false);
    } finally {
      setSending(false);
    }
  }

  const label = id === 'manual-1' ? 'Add your own action' : 'Add a second action of your own';
  return (
    // Dimmed by its background, not by opacity, so its text keeps AA contrast.
    <div className={cx('rounded-control border border-dashed px-4 py-3', enabled ? 'border-neutral-300 bg-white' : 'border-neutral-200 bg-neutral-100')} data-testid={`slot-${id}`}>
      <label htmlFor={inputId} className="text-sm font-semibold text-neutral-900">
        {label}
      </label>
      <p id={`${inputId}-hint`} className="mt-0.5 text-xs text-neutral-600">
        It takes the place of the last suggestion above, so your day keeps four actions.
      </p>
      <textarea
        id={inputId}
        aria-describedby={`${inputId}-hint`}
        rows={3}
        maxLength={MANUAL_MAX}
        value={text}
        disabled={!enabled || confirming}
        placeholder={enabled ? 'For example: Cook a high-protein dinner at home tonight' : 'Confirm your first action to add a second'}
        onChange={(event) => {
          setText(event.target.value.replace(/\n/g, ' '));
          setFailed(false);
        }}
        // SPEC §5: Enter does not add a line; the action is one sentence or two.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        className="mt-2 block w-full resize-none rounded-control border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 placeholder:text-neutral-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 disabled:cursor-not-allowed disabled:bg-neutral-50"
      />
      <div className="mt-2 flex items-center justify-between gap-3">
        <p className="text-xs text-neutral-600" aria-live="polite">
          {confirming ? 'Confirming…' : failed ? 'That did not save. Please try again.' : `${text.length}/${MANUAL_MAX}`}
        </p>
        <Button type="button" size="sm" disabled={!enabled || !text.trim()} loading={confirming} onClick={() => void confirm()}>
          Confirm
        </Button>
      </div>
    </div>
  );
}
