'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { getJson, postJson, type JsonResult } from '@/lib/client/api-call';
import type { ManualTitleResponse, TodaysActionsResponse } from '@/lib/dashboard/contract';
import { LOGIN_PATH } from '@/lib/routes';

// The reflection's closing suggests one small step; one tap files it as one of today's own actions,
// through the same calls as /my_actions' manual slots: today's set, then POST generate_manual_action_title.

export const STEP_ADD = 'Add to my actions';
export const STEP_ADDED = 'Added to today’s actions.';
export const STEP_FAILED = 'That did not save. Please try again.';

type State = { kind: 'idle' | 'adding' | 'added' } | { kind: 'failed'; message: string };

export function ReflectionStep({ description }: { description: string }) {
  const [state, setState] = useState<State>({ kind: 'idle' });

  // A lost session goes to /login; a 409 (both own actions taken, or a new day) shows the server's words.
  const refused = (answer: JsonResult) => {
    if (answer.status === 401) return window.location.assign(LOGIN_PATH);
    console.error('Could not add the step to your actions:', answer.message ?? `HTTP ${answer.status}`);
    setState({ kind: 'failed', message: answer.status === 409 && answer.message ? answer.message : STEP_FAILED });
  };

  async function add() {
    setState({ kind: 'adding' });
    try {
      const today = await getJson<TodaysActionsResponse>('/api/todays_actions');
      if (!today.ok) return refused(today);
      const added = await postJson<ManualTitleResponse>('/api/generate_manual_action_title', { description, cached_daily_actions_id: today.data.cached_daily_actions_id });
      if (!added.ok) return refused(added);
      setState({ kind: 'added' });
    } catch (error) {
      console.error('Could not add the step to your actions:', error instanceof Error ? error.message : error);
      setState({ kind: 'failed', message: STEP_FAILED });
    }
  }

  if (state.kind === 'added') {
    return (
      <p className="text-sm text-neutral-800" role="status" data-testid="reflection-step">
        {STEP_ADDED}{' '}
        <Link href="/my_actions" className="font-medium text-brand-700 underline underline-offset-2">
          See my actions
        </Link>
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="reflection-step">
      <Button type="button" size="sm" variant="secondary" loading={state.kind === 'adding'} onClick={() => void add()}>
        {STEP_ADD}
      </Button>
      <p className="text-xs text-neutral-600" aria-live="polite">
        {state.kind === 'failed' ? state.message : 'One tap adds this step to today’s actions.'}
      </p>
    </div>
  );
}
