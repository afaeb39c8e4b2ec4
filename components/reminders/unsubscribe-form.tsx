'use client';

import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

type State = { kind: 'idle' | 'working' } | { kind: 'done' | 'failed'; message: string };

/** The mail's link lands here: one button turns the reminders off (a GET alone changes nothing, so link scanners cannot). */
export function UnsubscribeForm({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const confirm = async () => {
    setState({ kind: 'working' });
    try {
      const response = await fetch(`/api/unsubscribe?token=${encodeURIComponent(token)}`, { method: 'POST' });
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      setState({ kind: response.ok ? 'done' : 'failed', message: body.message ?? 'Something went wrong. Please try again.' });
    } catch {
      setState({ kind: 'failed', message: 'We could not reach Vitality. Check your connection and try again.' });
    }
  };
  if (state.kind === 'done') return <Alert variant="success">{state.message}</Alert>;
  return (
    <div className="flex flex-col gap-4">
      {state.kind === 'failed' ? <Alert variant="error">{state.message}</Alert> : null}
      <Button type="button" onClick={() => void confirm()} disabled={state.kind === 'working'}>
        {state.kind === 'working' ? 'Turning reminders off…' : 'Turn reminders off'}
      </Button>
    </div>
  );
}
