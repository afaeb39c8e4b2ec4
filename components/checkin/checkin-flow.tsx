'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/cx';
import { ProgressBar } from '@/components/ui/progress-bar';
import { postJson, type JsonResult } from '@/lib/client/api-call';
import { DASHBOARD_PATH, LOGIN_PATH } from '@/lib/routes';
import type { CheckinRequest } from '@/lib/validation/checkin';
import { DEFAULT_ENERGY, DEFAULT_MOOD, ENERGIES, MOODS, SYMPTOMS, type EnergyValue, type MoodValue, type Symptom } from '@/lib/validation/checkin-options';
import { ReflectionChat } from './reflection-chat';

/** SPEC §8: the server's message when it gave one, else this. */
export const SAVE_FAILED = 'Failed to save check-in.';

// Drawn, not emoji: emoji depend on the fonts the machine happens to have.
const MOUTHS: Record<MoodValue, string> = {
  terrible: 'M8 17.5 Q12 12.5 16 17.5',
  sad: 'M8.5 16.5 Q12 13.5 15.5 16.5',
  neutral: 'M8.5 15.5 H15.5',
  happy: 'M8.5 14.5 Q12 17.5 15.5 14.5',
  elated: 'M7.5 13.5 Q12 19.5 16.5 13.5 Z',
};

function MoodFace({ mood }: { mood: MoodValue }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round">
      <circle cx="12" cy="12" r="10" />
      <circle cx="9" cy="9.5" r="0.9" fill="currentColor" stroke="none" />
      <circle cx="15" cy="9.5" r="0.9" fill="currentColor" stroke="none" />
      <path d={MOUTHS[mood]} fill={mood === 'elated' ? 'currentColor' : 'none'} />
    </svg>
  );
}

/** SPEC §5: a case-insensitive substring of the name. */
export const matchingSymptoms = (query: string): Symptom[] => {
  const needle = query.trim().toLowerCase();
  return SYMPTOMS.filter((symptom) => symptom.toLowerCase().includes(needle));
};

/** SPEC §2 "Daily check-in": step 1 mood and energy, step 2 symptoms and the reflection chat. */
export function CheckinFlow() {
  const router = useRouter();
  const [step, setStep] = useState<1 | 2>(1);
  const [mood, setMood] = useState<MoodValue>(DEFAULT_MOOD);
  const [energy, setEnergy] = useState<EnergyValue>(DEFAULT_ENERGY);
  const [symptoms, setSymptoms] = useState<Symptom[]>([]);
  const [reflecting, setReflecting] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Keyboard focus follows the flow: after Next, Back or "Start my reflection", to the heading of what appeared.
  const moodHeading = useRef<HTMLHeadingElement>(null);
  const symptomsHeading = useRef<HTMLHeadingElement>(null);
  const reflectionHeading = useRef<HTMLHeadingElement>(null);
  const pending = useRef<{ current: HTMLHeadingElement | null } | null>(null);
  const moveTo = (heading: { current: HTMLHeadingElement | null }) => (pending.current = heading);
  useEffect(() => {
    pending.current?.current?.focus();
    pending.current = null;
  });

  const submit = async () => {
    setSaving(true);
    setError(null);
    const input: CheckinRequest = { mood, energy, symptoms: SYMPTOMS.filter((s) => symptoms.includes(s)) };
    let answer: JsonResult;
    try {
      answer = await postJson('/api/checkin', input);
    } catch {
      // SPEC §8: a network failure goes to /login, as does a lost session; otherwise the server's message or the fallback.
      return window.location.assign(LOGIN_PATH);
    }
    if (answer.ok) return router.push(DASHBOARD_PATH);
    if (answer.status === 401) return window.location.assign(LOGIN_PATH);
    setError(answer.message ?? SAVE_FAILED);
    setSaving(false);
  };

  return (
    <div className="flex flex-col gap-6">
      <ProgressBar value={step} max={2} label={`Step ${step} of 2`} valueText={`Step ${step} of 2`} />
      {step === 1 ? (
        <Card title="How are you today?" headingRef={moodHeading}>
          <div className="flex flex-col gap-8">
            <MoodPicker value={mood} onChange={setMood} />
            <EnergySlider value={energy} onChange={setEnergy} />
            <div className="flex justify-end">
              <Button
                type="button"
                onClick={() => {
                  setStep(2);
                  moveTo(symptomsHeading);
                }}
              >
                Next
              </Button>
            </div>
          </div>
        </Card>
      ) : (
        <>
          <Card title="Any symptoms today?" headingRef={symptomsHeading}>
            <SymptomPicker selected={symptoms} onChange={setSymptoms} />
          </Card>
          <Card title="Daily reflection" headingRef={reflectionHeading}>
            {reflecting ? (
              <ReflectionChat opening={{ mood, energy, symptoms }} />
            ) : (
              <div className="flex flex-col items-start gap-3">
                <p className="text-sm text-neutral-700">A few questions about your day, built on what you chose above. It takes about two minutes.</p>
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => {
                    setReflecting(true);
                    moveTo(reflectionHeading);
                  }}
                >
                  Start my reflection
                </Button>
              </div>
            )}
          </Card>
          {error ? <Alert variant="error">{error}</Alert> : null}
          <div className="flex items-center justify-between gap-3">
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                setStep(1);
                moveTo(moodHeading);
              }}
            >
              Back
            </Button>
            <Button type="button" onClick={() => void submit()} disabled={saving}>
              {saving ? 'Saving…' : 'Done for today'}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/**
 * The browser's own radio group owns the choice (uncontrolled), and the highlight follows :checked, so a
 * burst of arrow presses moves one option each without waiting for a render; the state only reads it.
 */
function MoodPicker({ value, onChange }: { value: MoodValue; onChange: (mood: MoodValue) => void }) {
  const name = useId();
  const group = useRef<HTMLFieldSetElement>(null);
  // Only the first render sets the choice; after that React never writes to the radios.
  const [initial] = useState(value);
  const read = (input: HTMLInputElement | null | undefined) => MOODS.find((mood) => mood.value === input?.value)?.value;
  // Presses made before the page hydrated moved the browser's selection only: the state catches up.
  useEffect(() => {
    const checked = read(group.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked'));
    if (checked && checked !== value) onChange(checked);
  }, [value, onChange]);
  return (
    <fieldset ref={group}>
      <legend className="text-sm font-semibold text-neutral-900">Mood</legend>
      <div className="mt-3 grid grid-cols-5 gap-3">
        {MOODS.map((mood) => (
          <label
            key={mood.value}
            className={cx(
              'flex cursor-pointer flex-col items-center gap-1.5 rounded-control border px-3 py-3 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
              'border-neutral-200 bg-white text-neutral-800 not-has-checked:hover:border-neutral-300',
              'has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-900',
            )}
          >
            <input
              type="radio"
              name={name}
              value={mood.value}
              defaultChecked={initial === mood.value}
              onChange={(event) => {
                const chosen = read(event.currentTarget);
                if (chosen) onChange(chosen);
              }}
              className="sr-only"
            />
            <MoodFace mood={mood.value} />
            {mood.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function EnergySlider({ value, onChange }: { value: EnergyValue; onChange: (energy: EnergyValue) => void }) {
  const id = useId();
  const index = ENERGIES.findIndex((e) => e.value === value);
  return (
    <div>
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-sm font-semibold text-neutral-900">
          Energy
        </label>
        <span className="text-sm font-medium text-brand-800" aria-hidden>
          {ENERGIES[index]?.label}
        </span>
      </div>
      {/* A native range with step 1 snaps to the nearest level, by mouse and by keyboard. */}
      <input
        id={id}
        type="range"
        min={0}
        max={ENERGIES.length - 1}
        step={1}
        value={index}
        aria-valuetext={ENERGIES[index]?.label}
        onChange={(event) => onChange(ENERGIES[Number(event.target.value)]?.value ?? DEFAULT_ENERGY)}
        className="mt-3 w-full cursor-pointer accent-brand-700"
      />
      <div className="mt-1 flex justify-between text-xs text-neutral-600" aria-hidden>
        {ENERGIES.map((energy) => (
          <span key={energy.value}>{energy.label}</span>
        ))}
      </div>
    </div>
  );
}

function SymptomPicker({ selected, onChange }: { selected: Symptom[]; onChange: (symptoms: Symptom[]) => void }) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const countId = useId();
  const shown = useMemo(() => matchingSymptoms(query), [query]);
  const toggle = (symptom: Symptom) => onChange(selected.includes(symptom) ? selected.filter((s) => s !== symptom) : [...selected, symptom]);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <label htmlFor={searchId} className="text-sm font-semibold text-neutral-900">
          Search symptoms
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          aria-describedby={countId}
          placeholder="Type to filter, e.g. head"
          className="mt-2 w-full rounded-control border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 placeholder:text-neutral-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        />
        <p id={countId} className="mt-1.5 text-xs text-neutral-600" aria-live="polite" data-testid="symptom-count">
          {shown.length} {shown.length === 1 ? 'symptom' : 'symptoms'}
          {selected.length ? ` · ${selected.length} selected` : ''}
        </p>
      </div>
      <fieldset>
        <legend className="sr-only">Symptoms</legend>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {shown.map((symptom) => (
            <li key={symptom}>
              <label
                className={cx(
                  'flex cursor-pointer items-center gap-2.5 rounded-control border px-3 py-2 text-sm transition-colors',
                  selected.includes(symptom) ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-neutral-200 bg-white text-neutral-800 hover:border-neutral-300',
                )}
              >
                <input type="checkbox" checked={selected.includes(symptom)} onChange={() => toggle(symptom)} className="size-4 shrink-0 accent-brand-700" />
                {symptom}
              </label>
            </li>
          ))}
        </ul>
        {shown.length === 0 ? <p className="text-sm text-neutral-600">No symptom matches “{query.trim()}”.</p> : null}
      </fieldset>
    </div>
  );
}
