'use client';

import { useId, useOptimistic, useState, useTransition, type ReactNode } from 'react';
import { cx } from '@/components/ui/cx';
import type { SelectedActionsResponse, TodaysActionsResponse } from '@/lib/dashboard/contract';
import { postJson } from '@/lib/client/api-call';
import { toLogin } from './to-login';

const SLOTS = ['action_1', 'action_2', 'action_3', 'action_4'] as const;

type Shown = { id: string; title: string; description: string; reason?: string; isManual: boolean };

/** SPEC §3 "A displayed action": the generated ones in order, then the confirmed manual ones. */
export function shownActions(actions: TodaysActionsResponse): Shown[] {
  const generated = SLOTS.flatMap((slot, index) => {
    const action = actions[slot];
    return action ? [{ id: action.id || String(index + 1), title: action.title, description: action.subtitle, reason: action.reason, isManual: false }] : [];
  });
  const manual = actions.manual_actions.map((m) => ({ id: m.id, title: m.title, description: m.subtitle, isManual: true }));
  return [...generated, ...manual];
}

/** Saves the whole selection; the saved list, or null when it was not saved (SPEC §8: only logged; a lost session goes to /login). */
async function save(setId: string, ids: string[]): Promise<string[] | null> {
  const fail = (message: string, signedOut: boolean) => {
    console.error('Could not save your actions:', message);
    if (signedOut) toLogin();
    return null;
  };
  try {
    const result = await postJson<SelectedActionsResponse>('/api/update-selected-actions', { selected_actions: ids, cached_daily_actions_id: setId });
    return result.ok ? result.data.selected_actions : fail(result.message ?? `HTTP ${result.status}`, result.status === 401);
  } catch (error) {
    // No answer at all (fetch's TypeError): the network or the session is gone.
    return fail(error instanceof Error ? error.message : String(error), error instanceof TypeError);
  }
}

type Props = {
  actions: TodaysActionsResponse;
  /** The selection the server read with `actions`. */
  selected: string[];
  /** /my_actions: descriptions in full and each action's reason. */
  detailed?: boolean;
  /** Under the list (the manual-entry slots on /my_actions). */
  children?: ReactNode;
};

/** Today's actions with their done toggles, saved at once and shown before the save answers. */
export function ActionsList({ actions, selected: fromServer, detailed = false, children }: Props) {
  const setId = actions.cached_daily_actions_id;
  const [saved, setSaved] = useState(fromServer);
  // The page's data came again (a refresh): the server's selection is the saved one.
  const [seen, setSeen] = useState(fromServer);
  if (seen !== fromServer) {
    setSeen(fromServer);
    setSaved(fromServer);
  }
  // A click shows at once; a failed save falls back to the saved selection.
  const [selected, showSelected] = useOptimistic(saved);
  const [, startTransition] = useTransition();

  const shown = shownActions(actions);
  const done = shown.filter((a) => selected.includes(a.id)).length;
  const flip = (id: string) => {
    const next = selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
    // Saves the full list at once, in display order.
    const ids = shown.map((a) => a.id).filter((a) => next.includes(a));
    startTransition(async () => {
      showSelected(ids);
      const answer = await save(setId, ids);
      if (answer) startTransition(() => setSaved(answer));
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-medium text-neutral-700" aria-live="polite" data-testid="actions-completed">
        Completed {done} out of {shown.length}
      </p>
      <ul className="flex flex-col gap-2">
        {shown.map((action) => (
          <li key={action.id}>
            <ActionRow action={action} checked={selected.includes(action.id)} onToggle={() => flip(action.id)} detailed={detailed} />
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}

/** Letters and digits only, in lower case: "Call mum." and "call mum" say the same. */
const gist = (text: string) => text.toLocaleLowerCase('en-GB').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

function ActionRow({ action, checked, onToggle, detailed }: { action: Shown; checked: boolean; onToggle: () => void; detailed: boolean }) {
  const id = useId();
  // A short action of the member's own is its title: the same words are not said twice.
  const description = action.description && gist(action.description) !== gist(action.title) ? action.description : null;
  return (
    <div className={cx('flex items-start gap-3 rounded-control border px-4 py-3 transition-colors', checked ? 'border-brand-200 bg-brand-50' : 'border-neutral-200 bg-white')}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={onToggle}
        aria-describedby={description ? `${id}-description` : undefined}
        className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-700"
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className={cx('block cursor-pointer text-sm font-semibold', checked ? 'text-neutral-600 line-through' : 'text-neutral-900')}>
          {action.title}
          {action.isManual ? <span className="ml-2 rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium text-neutral-700 no-underline">Your own</span> : null}
        </label>
        {description ? (
          <p id={`${id}-description`} className={cx('mt-0.5 text-sm text-neutral-600', detailed ? '' : 'line-clamp-2')}>
            {description}
          </p>
        ) : null}
        {detailed && action.reason ? <p className="mt-1.5 text-xs text-neutral-600">Why today: {action.reason}</p> : null}
      </div>
    </div>
  );
}
