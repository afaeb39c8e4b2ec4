'use client';

import { FieldError } from '@/components/ui/field-messages';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { EXPERIMENT_CATALOGUE, catalogueEntry } from '@/lib/experiments/catalogue';
import { CHANGE_MAX_LENGTH, type ExperimentOutcome } from '@/lib/experiments/contract';
import { directionFor } from '@/lib/experiments/plan-defaults';
import { Choice } from './choice';
import { OWN_CHANGE, type OutcomeChoice, type PartProps } from './experiment-draft';

// The start form's first half: what he changes, the one outcome it is judged by, and the ones shown beside it.

/** At most this many exploratory outcomes (the contract's). */
const EXPLORATORY_MAX = 3;

const CHANGE_OPTIONS = [...EXPERIMENT_CATALOGUE.map((entry) => ({ value: entry.key, label: entry.change })), { value: OWN_CHANGE, label: 'Something else' }];

const legend = 'text-sm font-medium text-neutral-800';

export function ChangeFields({ id, draft, errors, update, outcomes }: PartProps & { outcomes: OutcomeChoice[] }) {
  const label = (key: ExperimentOutcome) => outcomes.find((o) => o.key === key)?.label ?? key;
  const primary = label(draft.outcome);
  const better = directionFor(draft.outcome);
  const others = outcomes.filter((o) => o.key !== draft.outcome);
  const full = draft.exploratory.length >= EXPLORATORY_MAX;

  const choose = (key: string) => {
    const entry = catalogueEntry(key);
    update(entry ? { catalogueKey: key, outcome: entry.outcome, direction: entry.direction } : { catalogueKey: key });
  };

  return (
    <div className="flex flex-col gap-5">
      <Select
        id={`${id}-catalogueKey`}
        label="The change"
        placeholder="Choose a change"
        options={CHANGE_OPTIONS}
        value={draft.catalogueKey}
        error={errors.catalogueKey}
        onChange={(event) => choose(event.target.value)}
      />
      {draft.catalogueKey === OWN_CHANGE ? (
        <Input
          id={`${id}-change`}
          label="The change, in your own words"
          hint="One line, for example Cold shower every morning."
          maxLength={CHANGE_MAX_LENGTH}
          autoComplete="off"
          value={draft.change}
          error={errors.change}
          onChange={(event) => update({ change: event.target.value })}
        />
      ) : null}

      <Select
        id={`${id}-outcome`}
        label="Primary outcome"
        hint="The one figure this experiment is judged by. It is decided now, before the answer, so the answer cannot pick whichever figure happened to move."
        options={outcomes.map((o) => ({ value: o.key, label: o.label }))}
        value={draft.outcome}
        error={errors.outcome}
        onChange={(event) => update({ outcome: event.target.value as ExperimentOutcome })}
      />

      {better ? (
        <p className="text-sm text-neutral-700">
          For {primary}, {better} is better.
        </p>
      ) : (
        <fieldset id={`${id}-direction`} className="flex flex-col gap-2" aria-describedby={errors.direction ? `${id}-direction-error` : undefined}>
          <legend className={legend}>For {primary}, which way is better for you?</legend>
          <div className="grid grid-cols-2 gap-2 pt-1">
            {(['lower', 'higher'] as const).map((way) => (
              <Choice key={way} type="radio" name={`${id}-direction-choice`} label={way === 'lower' ? 'Lower' : 'Higher'} checked={draft.direction === way} onChange={() => update({ direction: way })} />
            ))}
          </div>
          <FieldError id={`${id}-direction-error`}>{errors.direction}</FieldError>
        </fieldset>
      )}

      <fieldset id={`${id}-exploratory`} className="flex flex-col gap-2" aria-describedby={`${id}-exploratory-hint${errors.exploratory ? ` ${id}-exploratory-error` : ''}`}>
        <legend className={legend}>Also shown, as exploratory (up to {EXPLORATORY_MAX})</legend>
        <p id={`${id}-exploratory-hint`} className="text-xs text-neutral-500">
          Shown beside the answer and labelled exploratory: they do not decide it.
        </p>
        <div className="grid grid-cols-2 gap-2 pt-1">
          {others.map((o) => {
            const checked = draft.exploratory.includes(o.key);
            return (
              <Choice
                key={o.key}
                type="checkbox"
                label={o.label}
                checked={checked}
                disabled={!checked && full}
                onChange={() => update({ exploratory: checked ? draft.exploratory.filter((key) => key !== o.key) : [...draft.exploratory, o.key] })}
              />
            );
          })}
        </div>
        <FieldError id={`${id}-exploratory-error`}>{errors.exploratory}</FieldError>
      </fieldset>
    </div>
  );
}
