'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Select } from '@/components/ui/select';
import { postJson } from '@/lib/client/api-call';
import type { LabUnitSystem } from '@/lib/labs/lab-units';
import { LOGIN_PATH } from '@/lib/routes';
import type { UnitsPreferenceLabel } from '@/lib/validation/profile';

type Status = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'failed'; message: string };

type PreferenceProps<Value extends string> = {
  id: string;
  label: string;
  hint: string;
  options: { value: Value; label: string }[];
  initial: Value;
  /** Where the choice is posted, as `{ [field]: value }`. */
  endpoint: string;
  field: string;
  failed: string;
};

/** One preference of Settings → Units: saved as soon as it is chosen, and every page follows it. */
function PreferenceSelect<Value extends string>({ id, label, hint, options, initial, endpoint, field, failed }: PreferenceProps<Value>) {
  const router = useRouter();
  const [value, setValue] = useState(initial);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const choose = async (next: Value) => {
    const previous = value;
    setValue(next);
    setStatus({ kind: 'saving' });
    try {
      const result = await postJson(endpoint, { [field]: next });
      if (result.status === 401) {
        window.location.assign(LOGIN_PATH);
        return;
      }
      if (!result.ok) {
        setValue(previous);
        setStatus({ kind: 'failed', message: result.message ?? failed });
        return;
      }
      setStatus({ kind: 'saved' });
      router.refresh();
    } catch {
      setValue(previous);
      setStatus({ kind: 'failed', message: failed });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <Select
        id={id}
        label={label}
        hint={hint}
        options={options}
        value={value}
        disabled={status.kind === 'saving'}
        onChange={(event) => void choose(event.target.value as Value)}
        containerClassName="max-w-xs"
      />
      <div role="status" aria-live="polite">
        {status.kind === 'saved' ? <Alert variant="success">Units saved.</Alert> : null}
      </div>
      {status.kind === 'failed' ? <Alert variant="error">{status.message}</Alert> : null}
    </div>
  );
}

const BODY_OPTIONS: { value: UnitsPreferenceLabel; label: string }[] = [
  { value: 'cm/kg', label: 'Cm / Kg' },
  { value: 'ft/in/lbs', label: 'Ft/In / Lbs' },
];

/** Settings → Units (SPEC §2): heights and weights. */
export function UnitsForm({ initial }: { initial: UnitsPreferenceLabel }) {
  return (
    <PreferenceSelect
      id="units"
      label="Units preference"
      hint="How heights and weights are shown across Vitality."
      options={BODY_OPTIONS}
      initial={initial}
      endpoint="/api/set-metric-pref"
      field="units_preference"
      failed="Failed to update units preference"
    />
  );
}

const LAB_OPTIONS: { value: LabUnitSystem; label: string }[] = [
  { value: 'si', label: 'SI (nmol/L, mmol/L)' },
  { value: 'conventional', label: 'Conventional (ng/dL, mg/dL)' },
];

/** Settings → Units, blood results: every screen, chart and the PDF follow it; each result keeps the lab’s own figure beside it. */
export function LabUnitsForm({ initial }: { initial: LabUnitSystem }) {
  return (
    <PreferenceSelect
      id="lab-units"
      label="Blood results"
      hint="How your blood results are shown, on every page and in the PDF for your doctor. The figure your lab printed stays beside each converted one."
      options={LAB_OPTIONS}
      initial={initial}
      endpoint="/api/set-lab-units"
      field="lab_units"
      failed="Failed to update the units of your blood results"
    />
  );
}
