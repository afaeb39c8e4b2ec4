'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { postJson } from '@/lib/client/api-call';
import { problemFrom, type Problem } from '@/lib/client/problem';
import { ACTIVITY_LEVEL, BIOHACKING_EXPERIENCE, DIET_PATTERN, GENDER, PLAN_PREFERENCE } from '@/lib/codecs';
import { LOGIN_PATH } from '@/lib/routes';
import type { HealthHistoryField } from '@/lib/profile/health-history';

export type CompleteProfileValues = Record<HealthHistoryField, string>;

/** SPEC §2: a successful save marks the profile complete in local storage. */
const COMPLETE_FLAG_KEY = 'profileComplete';
const REQUIRED: { field: HealthHistoryField; message: string }[] = [
  { field: 'date_of_birth', message: 'Please enter your date of birth.' },
  { field: 'gender', message: 'Please choose a gender.' },
  { field: 'height', message: 'Please enter your height in cm.' },
  { field: 'weight', message: 'Please enter your weight in kg.' },
];

const options = (labels: readonly string[]) => [{ value: '', label: 'Choose…' }, ...labels.map((label) => ({ value: label, label }))];
// The words the member chose at onboarding's step 10 (SPEC §3 gives both readings; the API still takes the
// older screen's Beginner/Intermediate/Advanced as aliases of these).
const EXPERIENCE = options(BIOHACKING_EXPERIENCE.labels);

/** /complete-profile, the older single form: prefilled, the required fields marked, one Save to /dashboard. */
export function CompleteProfileForm({ initial }: { initial: CompleteProfileValues }) {
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<HealthHistoryField, string>>>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);

  const bind = (field: HealthHistoryField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = REQUIRED.filter(({ field }) => !values[field].trim());
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map(({ field, message }) => [field, message])));
      document.querySelector<HTMLElement>(`[name="${missing[0]!.field}"]`)?.focus();
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const result = await postJson('/api/set-user-info', values);
      if (result.status === 401) {
        window.location.assign(LOGIN_PATH);
        return;
      }
      if (!result.ok) {
        setProblem(problemFrom(result, 'Failed to complete profile. Please try again.'));
        setSaving(false);
        return;
      }
      try {
        localStorage.setItem(COMPLETE_FLAG_KEY, 'true');
      } catch {
        // Storage can be blocked; the server's data decides anyway.
      }
      router.push('/dashboard');
    } catch {
      setProblem({ title: 'An unexpected error occurred. Please try again.' });
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate className="flex flex-col gap-6">
      <p className="text-sm text-neutral-600">
        Fields marked <span aria-hidden>*</span>
        <span className="sr-only">required</span> are required.
      </p>
      <div className="grid grid-cols-2 gap-5">
        <Input label="Date of birth *" type="date" required max={new Date().toISOString().slice(0, 10)} {...bind('date_of_birth')} />
        <Select label="Gender *" required options={options(GENDER.labels)} {...bind('gender')} />
        <Input label="Height (cm) *" required inputMode="numeric" maxLength={3} {...bind('height')} />
        <Input label="Weight (kg) *" required inputMode="decimal" maxLength={5} {...bind('weight')} />
        <Input label="Goal weight (kg)" inputMode="decimal" maxLength={5} {...bind('goal_weight')} />
        <Input label="Daily time for your health (hours)" inputMode="decimal" maxLength={4} {...bind('daily_health_time')} />
        <Select label="Activity level" options={options(ACTIVITY_LEVEL.labels)} {...bind('activity_level')} />
        <Select label="Diet pattern" options={options(DIET_PATTERN.labels)} {...bind('diet_pattern')} />
        <Select label="Biohacking experience" options={EXPERIENCE} {...bind('biohacking_experience')} />
        <Select label="Plan preference" options={options(PLAN_PREFERENCE.labels)} {...bind('plan_preference')} />
      </div>
      <Textarea label="Health goals" {...bind('health_goals')} />
      <Textarea label="Current biohacks" {...bind('current_biohacks')} />
      <Textarea label="Health conditions" {...bind('health_conditions')} />
      <Textarea label="Additional focus areas" {...bind('additional_focus_areas')} />
      <ProblemAlert problem={problem} />
      <div className="flex justify-end">
        <SubmitButton loading={saving}>
          Save
        </SubmitButton>
      </div>
    </form>
  );
}

function Textarea({ label, name, value, onChange, error }: { label: string; name: string; value: string; onChange: (event: { target: { value: string } }) => void; error?: string | undefined }) {
  const id = `field-${name}`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        rows={2}
        maxLength={2000}
        aria-invalid={error ? true : undefined}
        className="rounded-control border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 shadow-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
      />
      {error ? <p className="text-sm text-danger-700">{error}</p> : null}
    </div>
  );
}
