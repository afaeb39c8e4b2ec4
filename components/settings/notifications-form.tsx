'use client';

import { useRouter } from 'next/navigation';
import { useState, useSyncExternalStore } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select, type SelectOption } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { postJson } from '@/lib/client/api-call';
import { browserTimeZone } from '@/lib/client/time-zone';
import { LOGIN_PATH } from '@/lib/routes';

type Saved = { kind: 'idle' | 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

const noSubscription = () => () => {};

/**
 * The browser's zone when the saved one is still the default UTC (a member who signed up through Google or
 * Apple, or whose browser did not say) and the browser knows a listed one; read after hydration, so the
 * server's first paint and the browser's agree.
 */
function useBrowserZoneSuggestion(saved: string, zones: readonly SelectOption[]): string | null {
  const browser = useSyncExternalStore(noSubscription, () => browserTimeZone() ?? null, () => null);
  return saved === 'UTC' && browser && browser !== 'UTC' && zones.some((zone) => zone.value === browser) ? browser : null;
}

/** Settings → Notifications: the reminder e-mails and the zone whose evening they follow. */
export function NotificationsForm({ initial, zones }: { initial: { enabled: boolean; timeZone: string }; zones: readonly SelectOption[] }) {
  const [enabled, setEnabled] = useState(initial.enabled);
  const router = useRouter();
  const suggested = useBrowserZoneSuggestion(initial.timeZone, zones);
  const [chosen, setChosen] = useState<string | null>(null);
  const timeZone = chosen ?? suggested ?? initial.timeZone;
  const [state, setState] = useState<Saved>({ kind: 'idle' });
  const save = async () => {
    setState({ kind: 'saving' });
    try {
      const result = await postJson('/api/set-notifications', { notifications_enabled: enabled, time_zone: timeZone });
      if (result.status === 401) {
        window.location.assign(LOGIN_PATH);
        return;
      }
      setState(result.ok ? { kind: 'saved' } : { kind: 'failed', message: result.message ?? 'Failed to update notifications preference' });
      // Every time on the signed-in pages is shown in this zone: the layout reads it again.
      if (result.ok) router.refresh();
    } catch {
      setState({ kind: 'failed', message: 'Failed to update notifications preference' });
    }
  };
  return (
    <div className="flex flex-col gap-5">
      <Switch
        checked={enabled}
        onCheckedChange={(next) => {
          setEnabled(next);
          setState({ kind: 'idle' });
        }}
        label="Reminder e-mails"
        description="A check-in reminder at 19:00 if you have not checked in, and the weekly pulse check when it is due."
      />
      <Select
        label="Time zone for reminders"
        hint={
          suggested && chosen === null
            ? `Chosen from your browser (${suggested.replaceAll('_', ' ')}): press Save to keep it. Times in Vitality are shown in this zone.`
            : 'Times in Vitality are shown in this zone, and the reminders follow its evening.'
        }
        options={zones}
        value={timeZone}
        onChange={(event) => {
          setChosen(event.target.value);
          setState({ kind: 'idle' });
        }}
      />
      {state.kind === 'saved' ? <Alert variant="success">Saved.</Alert> : null}
      {state.kind === 'failed' ? <Alert variant="error">{state.message}</Alert> : null}
      <div>
        <Button type="button" onClick={() => void save()} disabled={state.kind === 'saving'}>
          {state.kind === 'saving' ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </div>
  );
}
