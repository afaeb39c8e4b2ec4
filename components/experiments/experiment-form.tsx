'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { Alert } from '@/components/ui/alert';
import { postJson, type JsonResult } from '@/lib/client/api-call';
import { catalogueEntry } from '@/lib/experiments/catalogue';
import { CHANGE_SUGGESTED_DAYS, RETURN_SUGGESTED_DAYS, type ExperimentInput, type ExperimentSummary } from '@/lib/experiments/contract';
import { directionFor, planDefaults } from '@/lib/experiments/plan-defaults';
import { LOGIN_PATH } from '@/lib/routes';
import { ChangeFields } from './change-fields';
import { OWN_CHANGE, type Draft, type DraftErrors, type FormField, type OutcomeChoice, type PlanDates } from './experiment-draft';
import { PlanFields } from './plan-fields';

// /experiments' form: the change, the one primary outcome declared before the answer, the exploratory ones,
// and the plan. The server checks it (lib/validation/experiments.ts) and names the field a refusal is about;
// focus moves there, as on /profile's What I take.

const OFFLINE = 'We could not reach Vitality. Check your connection and try again.';
const FIELDS: readonly FormField[] = ['change', 'catalogueKey', 'outcome', 'exploratory', 'direction', 'design', 'changeFrom', 'baselineDays', 'changeDays', 'returnDays'];

/** A typed whole number as the API takes it: '' is no value, anything else a number (the server refuses what is not). */
const numberOf = (text: string): number | string | null => {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
};

/** The plan's first suggestion for an outcome, from his days of it in the last 28. */
function planFor(outcome: OutcomeChoice | undefined, dates: PlanDates): Pick<Draft, 'start' | 'startDay' | 'baselineDays'> {
  const plan = planDefaults(outcome?.daysWithValue ?? 0, dates.today, dates.afterBaseline);
  return { start: plan.changeFrom === dates.today ? 'today' : 'later', startDay: plan.changeFrom, baselineDays: String(plan.baselineDays) };
}

/** The draft as POST /api/experiments takes it (fields the server will refuse are sent as typed). */
function requestOf(draft: Draft, today: string): ExperimentInput {
  const own = draft.catalogueKey === OWN_CHANGE;
  return {
    change: own ? draft.change.trim() : (catalogueEntry(draft.catalogueKey)?.change ?? ''),
    catalogueKey: own ? null : draft.catalogueKey,
    outcome: draft.outcome,
    exploratory: draft.exploratory.filter((outcome) => outcome !== draft.outcome),
    direction: directionFor(draft.outcome) ?? (draft.direction || 'lower'),
    design: draft.design,
    changeFrom: draft.start === 'today' ? today : draft.startDay,
    baselineDays: numberOf(draft.baselineDays) as number,
    changeDays: numberOf(draft.changeDays) as number,
    returnDays: draft.design === 'ABA' ? (numberOf(draft.returnDays) as number) : null,
  };
}

/** What the form can tell before asking the server: a change chosen, its words, and for weight which way is better. */
function checkedHere(draft: Draft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.catalogueKey) errors.catalogueKey = 'Choose a change, or "Something else" to write your own.';
  else if (draft.catalogueKey === OWN_CHANGE && !draft.change.trim()) errors.change = 'Write the change in a few words.';
  if (directionFor(draft.outcome) === null && !draft.direction) errors.direction = 'Say which way is better for you.';
  return errors;
}

/** The 422's messages by field (`errors: [{ path, message }]`), the first for each; "exploratory.1" counts as "exploratory". */
function fieldErrors(result: JsonResult, own: boolean): DraftErrors {
  const errors = (result.data as { errors?: { path?: unknown; message?: unknown }[] } | null)?.errors;
  const byField: DraftErrors = {};
  for (const error of Array.isArray(errors) ? errors : []) {
    if (typeof error.path !== 'string' || typeof error.message !== 'string') continue;
    let field = error.path.split('.')[0] as FormField;
    // The words of a catalogue change are the list's: a refusal of them is about the choice.
    if (field === 'change' && !own) field = 'catalogueKey';
    if (FIELDS.includes(field)) byField[field] ??= error.message;
  }
  return byField;
}

export function ExperimentForm({ outcomes, dates }: { outcomes: OutcomeChoice[]; dates: PlanDates }) {
  const id = useId();
  const router = useRouter();
  const [draft, setDraft] = useState<Draft>(() => ({
    catalogueKey: '',
    change: '',
    outcome: outcomes[0]?.key ?? 'sleepDurationMinutes',
    exploratory: [],
    direction: '',
    design: 'AB',
    changeDays: String(CHANGE_SUGGESTED_DAYS),
    returnDays: String(RETURN_SUGGESTED_DAYS),
    planTouched: false,
    ...planFor(outcomes[0], dates),
  }));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  /** Applies a change to the draft and clears the errors of the fields it touched; a new outcome brings its plan unless he set one. */
  const update = (change: Partial<Draft>) => {
    setDraft((current) => {
      const next = { ...current, ...change };
      if ('start' in change || 'startDay' in change || 'baselineDays' in change) next.planTouched = true;
      if (change.outcome && change.outcome !== current.outcome) {
        next.exploratory = next.exploratory.filter((outcome) => outcome !== change.outcome);
        next.direction = change.direction ?? '';
        if (!next.planTouched) Object.assign(next, planFor(outcomes.find((o) => o.key === change.outcome), dates));
      }
      return next;
    });
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(change)) delete next[key === 'start' || key === 'startDay' ? 'changeFrom' : (key as FormField)];
      return next;
    });
  };

  const focusField = (field: FormField) => {
    // A refused start day is the date field's, when it shows.
    const element = (field === 'changeFrom' ? document.getElementById(`${id}-startDay`) : null) ?? document.getElementById(`${id}-${field}`);
    (element instanceof HTMLFieldSetElement ? element.querySelector<HTMLInputElement>('input:not(:disabled)') : element)?.focus();
  };

  const refuse = (byField: DraftErrors, message: string | undefined) => {
    setErrors(byField);
    const first = FIELDS.find((field) => byField[field]);
    if (first) focusField(first);
    setProblem(first ? 'Please check the fields marked below.' : (message ?? 'This experiment could not be started. Please try again.'));
  };

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const here = checkedHere(draft);
    if (Object.keys(here).length) return refuse(here, undefined);
    setSaving(true);
    try {
      const result = await postJson<ExperimentSummary | { experiment: ExperimentSummary }>('/api/experiments', requestOf(draft, dates.today));
      if (result.status === 401) return window.location.assign(LOGIN_PATH);
      if (result.ok) {
        const started = 'experiment' in result.data ? result.data.experiment : result.data;
        return router.push(`/experiments/${encodeURIComponent(started.id)}`);
      }
      refuse(result.status === 422 ? fieldErrors(result, draft.catalogueKey === OWN_CHANGE) : {}, result.message);
    } catch {
      setProblem(OFFLINE);
    }
    setSaving(false);
  };

  return (
    <form onSubmit={(event) => void start(event)} noValidate aria-label="Start an experiment" className="flex flex-col gap-6">
      {problem ? <Alert variant="error">{problem}</Alert> : null}
      <ChangeFields id={id} draft={draft} errors={errors} outcomes={outcomes} update={update} />
      <PlanFields id={id} draft={draft} errors={errors} outcome={outcomes.find((o) => o.key === draft.outcome)} dates={dates} update={update} />
      <div>
        <SubmitButton loading={saving}>Start the experiment</SubmitButton>
      </div>
    </form>
  );
}
