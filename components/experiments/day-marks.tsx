'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { DayFlag } from '@/lib/experiments/contract';
import { formatDateGB, formatWeekdayGB } from '@/lib/format';
import { DayAnswer } from './day-answer';

// The answer page's past change days he has not answered yet, newest first, each with its taps. The list
// is the one the page came with: a day answered stays in view (with its answer) until he comes back.

/** Days shown before "Show … earlier days". */
const FIRST_SHOWN = 7;

export function DayMarks({ experimentId, days }: { experimentId: string; days: { day: string; flags: DayFlag[] }[] }) {
  const router = useRouter();
  const [listed] = useState(days);
  const [all, setAll] = useState(listed.length <= FIRST_SHOWN);
  const shown = all ? listed : listed.slice(0, FIRST_SHOWN);
  // "Show earlier days" goes once pressed: focus moves to the first day it brought.
  const list = useRef<HTMLUListElement>(null);
  const revealed = useRef(false);
  useEffect(() => {
    if (!all || !revealed.current) return;
    revealed.current = false;
    list.current?.children[FIRST_SHOWN]?.querySelector('input')?.focus();
  }, [all]);
  if (!listed.length) return <p className="text-sm text-neutral-700">Every change day so far is answered.</p>;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-neutral-700">Flagged days (ill, travelling, drinking) are kept and marked, not hidden.</p>
      <ul ref={list} aria-label="Days to answer" className="flex flex-col divide-y divide-neutral-100">
        {shown.map(({ day, flags }) => (
          <li key={day} className="py-4 first:pt-0">
            <fieldset className="flex flex-col gap-3">
              <legend className="text-sm font-semibold text-neutral-900">
                {formatWeekdayGB(day)} {formatDateGB(day)}
              </legend>
              <DayAnswer experimentId={experimentId} day={day} question="Did you do it?" flagsLegend="Flags (optional)" initial={{ didIt: null, flags }} onSaved={() => router.refresh()} compact />
            </fieldset>
          </li>
        ))}
      </ul>
      {all ? null : (
        <Button
          type="button"
          variant="secondary"
          className="self-start"
          onClick={() => {
            revealed.current = true;
            setAll(true);
          }}
        >
          Show {listed.length - FIRST_SHOWN} earlier {listed.length - FIRST_SHOWN === 1 ? 'day' : 'days'}
        </Button>
      )}
    </div>
  );
}
