'use client';

import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select, type SelectOption } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { postJson } from '@/lib/client/api-call';
import { LOGIN_PATH } from '@/lib/routes';

type Saved = { kind: 'idle' | 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

/** Settings → Notifications: the reminder e-mails and the zone whose evening they follow. */
export function NotificationsForm({ initial, zones }: { initial: { enabled: boolean; timeZone: string }; zones: readonly SelectOption[] }) {
  const [enabled, setEnabled] = useState(initial.enabled);
  const [timeZone, setTimeZone] = useState(initial.timeZone);
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
        options={zones}
        value={timeZone}
        onChange={(event) => {
          setTimeZone(event.target.value);
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
