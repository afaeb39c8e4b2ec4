'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import type { TodaysActionsResponse } from '@/lib/dashboard/contract';
import { LOGIN_PATH } from '@/lib/routes';
import { api, keys, signedOut } from '@/lib/client/query-calls';

/** SPEC §9: manual actions are at most 200 characters. */
export const MANUAL_MAX = 200;
const SLOTS = ['action_1', 'action_2', 'action_3', 'action_4'] as const;
const MANUAL_IDS = ['manual-1', 'manual-2'] as const;

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

const toLogin = () => window.location.assign(LOGIN_PATH);

/** Today's actions with their done toggles; on /my_actions also the two manual-entry slots. */
export function ActionsList({ initial, initialSelected, withManualEntry = false }: { initial: TodaysActionsResponse; initialSelected: string[]; withManualEntry?: boolean }) {
  const queryClient = useQueryClient();
  const actionsQuery = useQuery({ queryKey: keys.actions, queryFn: api.actions, initialData: initial });
  const actions = actionsQuery.data;
  const setId = actions.cached_daily_actions_id;
  const selectedQuery = useQuery({
    queryKey: keys.selected(setId),
    queryFn: async () => (await api.selected(setId)).selected_actions,
    initialData: setId === initial.cached_daily_actions_id ? initialSelected : undefined,
  });
  useEffect(() => {
    if (signedOut(actionsQuery.error) || signedOut(selectedQuery.error)) toLogin();
  }, [actionsQuery.error, selectedQuery.error]);

  // The selection just clicked, held in React state until the save settles: the query cache tells its
  // observers a tick later, and a controlled checkbox would spring back in between.
  const [clicked, setClicked] = useState<string[] | null>(null);
  const selected = clicked ?? selectedQuery.data ?? [];
  const toggle = useMutation({
    mutationFn: ({ ids }: { ids: string[]; before: string[] | undefined }) => api.updateSelected(setId, ids),
    onMutate: async ({ ids }) => {
      // A selection fetch still in flight must not write over the new selection.
      await queryClient.cancelQueries({ queryKey: keys.selected(setId) });
      queryClient.setQueryData(keys.selected(setId), ids);
    },
    onSettled: () => setClicked(null),
    onError: (error, { before }) => {
      // SPEC §8: an update failure is only logged (the toggle goes back); a lost session goes to /login.
      console.error('Could not save your actions:', error instanceof Error ? error.message : error);
      queryClient.setQueryData(keys.selected(setId), before);
      if (signedOut(error) || error instanceof TypeError) toLogin();
    },
    onSuccess: (answer) => queryClient.setQueryData(keys.selected(setId), answer.selected_actions),
  });

  const shown = shownActions(actions);
  const done = shown.filter((a) => selected.includes(a.id)).length;
  const confirmed = new Set(actions.manual_actions.map((m) => m.id));
  const flip = (id: string) => {
    const next = selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
    // Saves the full list at once, in display order.
    const ids = shown.map((a) => a.id).filter((a) => next.includes(a));
    const before = queryClient.getQueryData<string[]>(keys.selected(setId));
    setClicked(ids);
    queryClient.setQueryData(keys.selected(setId), ids);
    toggle.mutate({ ids, before });
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-medium text-neutral-700" aria-live="polite" data-testid="actions-completed">
        Completed {done} out of {shown.length}
      </p>
      <ul className="flex flex-col gap-2">
        {shown.map((action) => (
          <li key={action.id}>
            <ActionRow action={action} checked={selected.includes(action.id)} onToggle={() => flip(action.id)} detailed={withManualEntry} />
          </li>
        ))}
      </ul>
      {withManualEntry
        ? MANUAL_IDS.filter((id) => !confirmed.has(id)).map((id) => (
            <ManualSlot key={id} id={id} setId={setId} enabled={id === 'manual-1' || confirmed.has('manual-1')} />
          ))
        : null}
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

/** SPEC §4 "Manual daily action": unconfirmed → confirming → confirmed; manual-2 waits for manual-1. */
function ManualSlot({ id, setId, enabled }: { id: (typeof MANUAL_IDS)[number]; setId: string; enabled: boolean }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  const inputId = useId();
  const confirm = useMutation({
    mutationFn: () => api.manualTitle(setId, text.trim()),
    onSuccess: async () => {
      setText('');
      await queryClient.invalidateQueries({ queryKey: keys.actions });
    },
    onError: (error) => {
      // SPEC §8: a manual title failure is logged and the slot stays unconfirmed.
      console.error('Could not confirm your action:', error instanceof Error ? error.message : error);
      setFailed(true);
      if (signedOut(error)) toLogin();
    },
  });
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
        disabled={!enabled || confirm.isPending}
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
          {confirm.isPending ? 'Confirming…' : failed ? 'That did not save. Please try again.' : `${text.length}/${MANUAL_MAX}`}
        </p>
        <Button type="button" size="sm" disabled={!enabled || !text.trim()} loading={confirm.isPending} onClick={() => confirm.mutate()}>
          Confirm
        </Button>
      </div>
    </div>
  );
}
