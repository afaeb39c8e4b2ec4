'use client';

import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { requestJson } from '@/lib/client/api-call';
import { DAY_FLAGS, type DayFlag, type ExperimentDayInput, type ExperimentDayMark } from '@/lib/experiments/contract';
import { FLAG_LABELS } from '@/lib/experiments/progress-words';
import { LOGIN_PATH } from '@/lib/routes';
import { Choice } from './choice';

// One day of an experiment, answered with a tap each: "Did you do it?" (change days only) and the flags.
// Each tap is saved at once (PUT /api/experiments/<id>/days/<day>, only the part tapped), for the
// check-in's today and the answer page's past days alike.

const OFFLINE = 'We could not reach Vitality. Check your connection and try again.';
const legend = 'text-sm font-medium text-neutral-800';

type Props = {
  experimentId: string;
  /** YYYY-MM-DD, his local day. */
  day: string;
  /** The question about the change ("Did you do it today?"), or null on a baseline or return day: flags only. */
  question: string | null;
  flagsLegend: string;
  initial: Pick<ExperimentDayMark, 'didIt' | 'flags'>;
  /** After each save (the answer page reads its figures again). */
  onSaved?: () => void;
  /** In a list of days: the question and the flags side by side, the flags' note said once above the list instead. */
  compact?: boolean;
};

export function DayAnswer({ experimentId, day, question, flagsLegend, initial, onSaved, compact = false }: Props) {
  const id = useId();
  const [mark, setMark] = useState(initial);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const save = async (input: ExperimentDayInput, shown: Pick<ExperimentDayMark, 'didIt' | 'flags'>) => {
    const before = mark;
    setMark(shown);
    setStatus(null);
    try {
      const result = await requestJson<ExperimentDayMark>(`/api/experiments/${encodeURIComponent(experimentId)}/days/${day}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      if (result.status === 401) return window.location.assign(LOGIN_PATH);
      if (result.ok) {
        setMark({ didIt: result.data.didIt, flags: result.data.flags });
        setStatus({ ok: true, text: 'Saved.' });
        onSaved?.();
        return;
      }
      setMark(before);
      setStatus({ ok: false, text: result.message ?? 'This was not saved. Please try again.' });
    } catch {
      setMark(before);
      setStatus({ ok: false, text: OFFLINE });
    }
  };

  const toggle = (flag: DayFlag, on: boolean) => save({ [flag]: on }, { ...mark, flags: on ? [...mark.flags, flag] : mark.flags.filter((f) => f !== flag) });

  return (
    <div className="flex flex-col gap-3">
      <div className={compact ? 'grid grid-cols-[2fr_3fr] gap-6' : 'flex flex-col gap-4'}>
        {question ? (
          <fieldset className="flex flex-col gap-2">
            <legend className={legend}>{question}</legend>
            <div className="grid max-w-xs grid-cols-2 gap-2 pt-1">
              {([true, false] as const).map((answer) => (
                <Choice
                  key={String(answer)}
                  type="radio"
                  name={`${id}-did-it`}
                  label={answer ? 'Yes' : 'No'}
                  checked={mark.didIt === answer}
                  onChange={() => void save({ didIt: answer }, { ...mark, didIt: answer })}
                />
              ))}
            </div>
          </fieldset>
        ) : null}
        <fieldset className="flex flex-col gap-2" aria-describedby={compact ? undefined : `${id}-flags-hint`}>
          <legend className={legend}>{flagsLegend}</legend>
          {compact ? null : (
            <p id={`${id}-flags-hint`} className="text-xs text-neutral-500">
              Flagged days are kept and marked, not hidden.
            </p>
          )}
          <div className="grid max-w-md grid-cols-3 gap-2 pt-1">
            {DAY_FLAGS.map((flag) => (
              <Choice key={flag} type="checkbox" label={FLAG_LABELS[flag]} checked={mark.flags.includes(flag)} onChange={(event) => void toggle(flag, event.target.checked)} />
            ))}
          </div>
        </fieldset>
      </div>
      <p aria-live="polite" className="text-sm text-neutral-700">
        {status?.ok ? status.text : null}
      </p>
      {status && !status.ok ? <Alert variant="error">{status.text}</Alert> : null}
    </div>
  );
}
