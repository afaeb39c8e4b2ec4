'use client';

import { Button } from '@/components/ui/button';
import { deleteJson } from '@/lib/client/api-call';
import { formatTimestamp } from '@/lib/format';
import { useTimeZone } from '@/components/time/time-zone-provider';
import { useCardAction } from './use-card-action';

export type RememberedBrowserItem = { id: string; browser: string; remembered: string; lastUsed: string | null };

/** Settings → Remembered browsers: each browser that skips the authenticator code, with Forget for one and for all. */
export function RememberedBrowsersCard({ browsers }: { browsers: RememberedBrowserItem[] }) {
  const { busy, act, messages } = useCardAction();
  const timeZone = useTimeZone();

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-neutral-700">Browsers where you ticked “Don’t ask again on this browser” skip the authenticator code for 30 days. Forget any you no longer use or don’t recognise.</p>
      {messages}
      {browsers.length === 0 ? (
        <p className="text-sm text-neutral-600">No browser is remembered. Every sign-in with your password asks for your code.</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-neutral-100 rounded-lg border border-neutral-200" aria-label="Remembered browsers">
            {browsers.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="remembered-browser">
                <div className="flex flex-col gap-0.5">
                  <p className="text-sm font-medium text-neutral-900">{item.browser}</p>
                  <p className="text-xs text-neutral-600">
                    Remembered {formatTimestamp(item.remembered, timeZone)} · {item.lastUsed ? `last used ${formatTimestamp(item.lastUsed, timeZone)}` : 'not used since'}
                  </p>
                </div>
                <Button
                  type="button"
                  size="sm"
                  variant="secondary"
                  loading={busy === item.id}
                  aria-label={`Forget ${item.browser}, remembered ${formatTimestamp(item.remembered, timeZone)}`}
                  onClick={() => void act(item.id, () => deleteJson(`/api/security/remembered-browsers/${encodeURIComponent(item.id)}`), 'That browser could not be forgotten. Please try again.')}
                >
                  Forget
                </Button>
              </li>
            ))}
          </ul>
          <Button type="button" variant="secondary" className="self-start" loading={busy === 'all'} onClick={() => void act('all', () => deleteJson('/api/security/remembered-browsers'), 'The browsers could not be forgotten. Please try again.')}>
            Forget all
          </Button>
        </>
      )}
    </div>
  );
}
