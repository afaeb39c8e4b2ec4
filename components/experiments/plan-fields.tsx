'use client';

import { FieldError } from '@/components/ui/field-messages';
import { Input } from '@/components/ui/input';
import {
  BASELINE_MIN_DAYS,
  CHANGE_MIN_DAYS,
  CHANGE_SUGGESTED_DAYS,
  PERIOD_MAX_DAYS,
  RETURN_MAX_DAYS,
  RETURN_MIN_DAYS,
  RETURN_SUGGESTED_DAYS,
  type ExperimentDesign,
} from '@/lib/experiments/contract';
import { HISTORY_BASELINE_DAYS } from '@/lib/experiments/plan-defaults';
import { formatDateGB } from '@/lib/format';
import { Choice } from './choice';
import type { Draft, OutcomeChoice, PartProps, PlanDates } from './experiment-draft';

// The start form's second half: the design, when the change starts, and how long each period lasts.

const DESIGNS: readonly { value: ExperimentDesign; label: string; description: string }[] = [
  { value: 'AB', label: 'Before and during', description: 'Your usual days, then the days with the change.' },
  { value: 'ABA', label: 'Before, during and back again — a firmer answer', description: 'Then back to your usual days, which tells the change apart from a slow drift.' },
];

const STARTS: readonly { value: Draft['start']; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'past', label: 'I have already started' },
  { value: 'later', label: 'On a later day' },
];

const legend = 'text-sm font-medium text-neutral-800';
const plural = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** Why the baseline is what it is: his own last 28 days, or 14 usual days recorded first. */
function baselineReason(outcome: OutcomeChoice | undefined, dates: PlanDates): string {
  if (!outcome) return '';
  if (outcome.daysWithValue >= BASELINE_MIN_DAYS) return `Your last ${HISTORY_BASELINE_DAYS} days count as the baseline: ${outcome.label} has a value on ${plural(outcome.daysWithValue)} of them.`;
  return `${outcome.label} has a value on ${plural(outcome.daysWithValue)} of your last ${HISTORY_BASELINE_DAYS}, fewer than ${BASELINE_MIN_DAYS}, so ${BASELINE_MIN_DAYS} of your usual days are recorded first: the change then starts on ${formatDateGB(dates.afterBaseline)}.`;
}

/** The date shown on choosing when the change starts: the one already typed if it fits the choice. */
function startDayFor(start: Draft['start'], typed: string, dates: PlanDates): string {
  if (start === 'past') return typed && typed <= dates.today ? typed : dates.today;
  if (start === 'later') return typed > dates.today ? typed : dates.afterBaseline;
  return dates.today;
}

export function PlanFields({ id, draft, errors, update, outcome, dates }: PartProps & { outcome: OutcomeChoice | undefined; dates: PlanDates }) {
  const past = draft.start === 'past';
  const field = (name: 'baselineDays' | 'changeDays' | 'returnDays') => ({
    id: `${id}-${name}`,
    value: draft[name],
    error: errors[name],
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    onChange: (event: { target: { value: string } }) => update({ [name]: event.target.value }),
  });

  return (
    <div className="flex flex-col gap-5">
      <fieldset id={`${id}-design`} className="flex flex-col gap-2">
        <legend className={legend}>Design</legend>
        <div className="grid grid-cols-2 gap-2 pt-1">
          {DESIGNS.map((design) => (
            <Choice
              key={design.value}
              type="radio"
              name={`${id}-design-choice`}
              label={design.label}
              description={design.description}
              checked={draft.design === design.value}
              onChange={() => update({ design: design.value })}
            />
          ))}
        </div>
        <FieldError id={`${id}-design-error`}>{errors.design}</FieldError>
      </fieldset>

      <fieldset id={`${id}-changeFrom`} className="flex flex-col gap-2">
        <legend className={legend}>When the change starts</legend>
        <div className="grid grid-cols-3 gap-2 pt-1">
          {STARTS.map((start) => (
            <Choice
              key={start.value}
              type="radio"
              name={`${id}-start`}
              label={start.label}
              checked={draft.start === start.value}
              onChange={() => update({ start: start.value, startDay: startDayFor(start.value, draft.startDay, dates) })}
            />
          ))}
        </div>
        {draft.start === 'today' ? (
          <FieldError id={`${id}-changeFrom-error`}>{errors.changeFrom}</FieldError>
        ) : (
          <Input
            id={`${id}-startDay`}
            type="date"
            label={past ? 'The day you started' : 'The day it starts'}
            hint={past ? 'Up to 90 days back. The answer will say that the outcome was chosen after the change began.' : 'Up to 28 days ahead.'}
            min={past ? dates.earliest : dates.today}
            max={past ? dates.today : dates.latest}
            value={draft.startDay}
            error={errors.changeFrom}
            onChange={(event) => update({ startDay: event.target.value })}
            containerClassName="max-w-xs"
          />
        )}
      </fieldset>

      <div className="flex flex-col gap-2">
        <p className="text-sm text-neutral-700" data-testid="baseline-reason">
          {baselineReason(outcome, dates)}
        </p>
        <div className="grid grid-cols-3 gap-4">
          <Input label="Baseline days" hint={`${BASELINE_MIN_DAYS} to ${PERIOD_MAX_DAYS}, right before the change.`} {...field('baselineDays')} />
          <Input label="Days with the change" hint={`${CHANGE_SUGGESTED_DAYS} suggested; ${CHANGE_MIN_DAYS} to ${PERIOD_MAX_DAYS}.`} {...field('changeDays')} />
          {draft.design === 'ABA' ? <Input label="Days back to usual" hint={`${RETURN_SUGGESTED_DAYS} suggested; ${RETURN_MIN_DAYS} to ${RETURN_MAX_DAYS}.`} {...field('returnDays')} /> : null}
        </div>
      </div>
    </div>
  );
}
