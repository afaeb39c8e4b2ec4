'use client';

import { useId, useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/forms/submit-button';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { deleteJson, postJson, type JsonResult } from '@/lib/client/api-call';
import type { MedicationEntry } from '@/lib/medications/entry';
import { medicationLine } from '@/lib/medications/medication-text';
import { LOGIN_PATH } from '@/lib/routes';
import {
  DOSE_UNIT_KEYS,
  FREQUENCIES,
  FREQUENCY_KEYS,
  MEDICATION_KIND_LABELS,
  MEDICATION_KINDS,
  MEDICATION_NAME_MAX,
  MEDICATION_NOTE_MAX,
  MEDICATION_PREPARATION_MAX,
  ROUTE_KEYS,
  ROUTES,
  TRT_PREPARATIONS,
  type Frequency,
  type MedicationKindValue,
} from '@/lib/validation/medication-options';

// /profile's "What I take": the member's own supplements, medicines and testosterone therapy, listed in the
// words the doctor's PDF uses (lib/medications/medication-text.ts), with a form to add one. The server checks
// each entry (lib/validation/medications.ts) and names the field a refusal is about.

type Draft = {
  kind: MedicationKindValue;
  name: string;
  dose: string;
  dose_unit: string;
  frequency: Frequency;
  interval_days: string;
  route: string;
  preparation: string;
  started_on: string;
  stopped_on: string;
  note: string;
};

const EMPTY: Draft = { kind: 'supplement', name: '', dose: '', dose_unit: '', frequency: 'daily', interval_days: '', route: '', preparation: '', started_on: '', stopped_on: '', note: '' };

const KIND_OPTIONS = MEDICATION_KINDS.map((kind) => ({ value: kind, label: MEDICATION_KIND_LABELS[kind] }));
const UNIT_OPTIONS = DOSE_UNIT_KEYS.map((unit) => ({ value: unit, label: unit }));
const FREQUENCY_OPTIONS = FREQUENCY_KEYS.map((frequency) => ({ value: frequency, label: FREQUENCIES[frequency].label }));
const ROUTE_OPTIONS = ROUTE_KEYS.map((route) => ({ value: route, label: ROUTES[route].label }));

const OFFLINE = 'We could not reach Vitality. Check your connection and try again.';

/** A typed number as the API takes it: '' is no value, anything else a number (the server refuses what is not). */
const numberOf = (text: string): number | string | null => {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
};

/** The draft as POST /api/medications takes it: the days between doses follow from how often, unless he says. */
function requestOf(draft: Draft) {
  const implied = FREQUENCIES[draft.frequency].intervalDays;
  return {
    kind: draft.kind,
    name: draft.name,
    dose: numberOf(draft.dose),
    dose_unit: draft.dose_unit || null,
    frequency: draft.frequency,
    interval_days: draft.frequency === 'every_n_days' ? numberOf(draft.interval_days) : implied,
    route: draft.route || null,
    preparation: draft.kind === 'trt' ? draft.preparation : null,
    started_on: draft.started_on,
    stopped_on: draft.stopped_on || null,
    note: draft.note,
  };
}

/** The 422's messages by field (`errors: [{ path, message }]`), the first for each. */
function fieldErrors(result: JsonResult): Partial<Record<keyof Draft, string>> {
  const errors = (result.data as { errors?: { path?: unknown; message?: unknown }[] } | null)?.errors;
  const byField: Partial<Record<keyof Draft, string>> = {};
  for (const error of Array.isArray(errors) ? errors : []) {
    if (typeof error.path !== 'string' || typeof error.message !== 'string') continue;
    const field = error.path as keyof Draft;
    if (field in EMPTY) byField[field] ??= error.message;
  }
  return byField;
}

export function WhatITake({ initial, today }: { initial: MedicationEntry[]; today: string }) {
  const id = useId();
  const [entries, setEntries] = useState(initial);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const trt = draft.kind === 'trt';

  const field = (name: keyof Draft) => ({
    value: draft[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setDraft((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setStatus(null);
    try {
      const result = await postJson<{ message: string; medication: MedicationEntry }>('/api/medications', requestOf(draft));
      if (result.status === 401) return window.location.assign(LOGIN_PATH);
      if (result.ok) {
        setEntries((current) => [result.data.medication, ...current.filter((entry) => entry.id !== result.data.medication.id)]);
        setDraft(EMPTY);
        setErrors({});
        setStatus({ ok: true, text: result.message ?? 'Added to your list.' });
        return;
      }
      const byField = fieldErrors(result);
      setErrors(byField);
      const first = Object.keys(byField)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      setStatus({ ok: false, text: first ? 'Please check the fields marked below.' : (result.message ?? 'This could not be added. Please try again.') });
    } catch {
      setStatus({ ok: false, text: OFFLINE });
    } finally {
      setSaving(false);
    }
  };

  const remove = async (entry: MedicationEntry) => {
    setRemoving(entry.id);
    setStatus(null);
    try {
      const result = await deleteJson(`/api/medications/${encodeURIComponent(entry.id)}`);
      if (result.status === 401) return window.location.assign(LOGIN_PATH);
      if (result.ok || result.status === 404) setEntries((current) => current.filter((other) => other.id !== entry.id));
      setStatus({ ok: result.ok, text: result.message ?? (result.ok ? 'Removed from your list.' : 'This could not be removed. Please try again.') });
    } catch {
      setStatus({ ok: false, text: OFFLINE });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      {entries.length ? (
        <ul aria-label="What I take" className="divide-y divide-neutral-100 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-start justify-between gap-4 py-2.5">
              <span className={entry.stopped_on ? 'text-neutral-600' : 'text-neutral-900'}>{medicationLine(entry)}</span>
              <Button type="button" variant="ghost" size="sm" loading={removing === entry.id} onClick={() => void remove(entry)} aria-label={`Remove ${entry.name}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-neutral-700">Nothing listed yet. What you add here goes into the summary for your doctor and your data export.</p>
      )}
      <div aria-live="polite">{status?.ok ? <p className="text-sm text-neutral-700">{status.text}</p> : null}</div>
      {status && !status.ok ? <Alert variant="error">{status.text}</Alert> : null}

      <form onSubmit={(event) => void add(event)} noValidate aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-neutral-900">
          Add a supplement or medicine
        </h3>
        <div className="grid grid-cols-2 gap-4">
          <Select id={`${id}-kind`} label="What it is" options={KIND_OPTIONS} {...field('kind')} />
          <Input id={`${id}-name`} label="Name on the label" maxLength={MEDICATION_NAME_MAX} autoComplete="off" {...field('name')} />
          {trt ? (
            <>
              <Input
                id={`${id}-preparation`}
                label="Preparation"
                hint="For example testosterone enanthate"
                list={`${id}-preparations`}
                maxLength={MEDICATION_PREPARATION_MAX}
                autoComplete="off"
                containerClassName="col-span-2"
                {...field('preparation')}
              />
              <datalist id={`${id}-preparations`}>
                {TRT_PREPARATIONS.map((preparation) => (
                  <option key={preparation} value={preparation} />
                ))}
              </datalist>
            </>
          ) : null}
          <Input id={`${id}-dose`} label={trt ? 'Dose' : 'Dose (optional)'} inputMode="decimal" autoComplete="off" {...field('dose')} />
          <Select id={`${id}-dose_unit`} label="Unit" placeholder="Choose" options={UNIT_OPTIONS} {...field('dose_unit')} />
          <Select id={`${id}-frequency`} label="How often" options={FREQUENCY_OPTIONS} {...field('frequency')} />
          {draft.frequency === 'every_n_days' ? (
            <Input id={`${id}-interval_days`} label="Days between doses" inputMode="numeric" autoComplete="off" {...field('interval_days')} />
          ) : (
            <div />
          )}
          <Select id={`${id}-route`} label={trt ? 'How you take it' : 'How you take it (optional)'} placeholder="Choose" options={ROUTE_OPTIONS} {...field('route')} />
          <div />
          <Input id={`${id}-started_on`} label="Started" type="date" max={today} {...field('started_on')} />
          <Input id={`${id}-stopped_on`} label="Stopped (leave empty if you still take it)" type="date" max={today} {...field('stopped_on')} />
          <Input id={`${id}-note`} label="Note (optional)" maxLength={MEDICATION_NOTE_MAX} autoComplete="off" containerClassName="col-span-2" {...field('note')} />
        </div>
        <div>
          <SubmitButton loading={saving}>Add to my list</SubmitButton>
        </div>
      </form>
    </div>
  );
}
