'use client';

import { Button } from '@/components/ui/button';
import { deleteJson, postJson, type JsonResult } from '@/lib/client/api-call';
import { formatTimestamp } from '@/lib/format';
import { useTimeZone } from '@/components/time/time-zone-provider';
import { useStepUp } from './step-up';
import { useCardAction } from './use-card-action';

export type SessionItem = { id: string; browser: string; firstSeen: string; lastSeen: string; current: boolean };

/** Settings → Signed-in browsers: each session with when it signed in and was last seen; sign any other out, or all of them. */
export function SessionsCard({ sessions }: { sessions: SessionItem[] }) {
  const stepUp = useStepUp('sign other browsers out');
  const timeZone = useTimeZone();
  const { busy, act: run, messages } = useCardAction();
  const others = sessions.filter((s) => !s.current).length;
  const act = (key: string, call: () => Promise<JsonResult>, failed: string) => run(key, () => stepUp.run(call), failed);

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-neutral-700">Where your account is signed in now. Sign out any browser you don’t recognise, then change your password.</p>
      {messages}
      <ul className="flex flex-col divide-y divide-neutral-100 rounded-lg border border-neutral-200" aria-label="Signed-in browsers">
        {sessions.map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="session">
            <div className="flex flex-col gap-0.5">
              <p className="text-sm font-medium text-neutral-900">
                {session.browser}
                {session.current ? <span className="ml-2 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-900 ring-1 ring-brand-200 ring-inset">This browser</span> : null}
              </p>
              <p className="text-xs text-neutral-600">
                Signed in {formatTimestamp(session.firstSeen, timeZone)} · last seen {formatTimestamp(session.lastSeen, timeZone)}
              </p>
            </div>
            {session.current ? null : (
              <Button
                type="button"
                size="sm"
                variant="secondary"
                loading={busy === session.id}
                aria-label={`Sign out ${session.browser}, signed in ${formatTimestamp(session.firstSeen, timeZone)}`}
                onClick={() => void act(session.id, () => deleteJson(`/api/security/sessions/${encodeURIComponent(session.id)}`), 'That browser could not be signed out. Please try again.')}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Button type="button" variant="secondary" className="self-start" loading={busy === 'others'} onClick={() => void act('others', () => postJson('/api/security/sessions/sign-out-others'), 'The other browsers could not be signed out. Please try again.')}>
          Sign out everywhere else
        </Button>
      ) : null}
      {stepUp.dialog}
    </div>
  );
}
