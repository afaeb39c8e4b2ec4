'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Select } from '@/components/ui/select';
import { postJson } from '@/lib/client/api-call';
import { LOGIN_PATH } from '@/lib/routes';
import type { UnitsPreferenceLabel } from '@/lib/validation/profile';

const OPTIONS: { value: UnitsPreferenceLabel; label: string }[] = [
  { value: 'cm/kg', label: 'Cm / Kg' },
  { value: 'ft/in/lbs', label: 'Ft/In / Lbs' },
];
const FAILED = 'Failed to update units preference';

type Status = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'failed'; message: string };

/** Settings → Units: saved as soon as it is chosen; every page that shows a height or weight follows it. */
export function UnitsForm({ initial }: { initial: UnitsPreferenceLabel }) {
  const router = useRouter();
  const [units, setUnits] = useState(initial);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const choose = async (next: UnitsPreferenceLabel) => {
    const previous = units;
    setUnits(next);
    setStatus({ kind: 'saving' });
    try {
      const result = await postJson('/api/set-metric-pref', { units_preference: next });
      if (result.status === 401) {
        window.location.assign(LOGIN_PATH);
        return;
      }
      if (!result.ok) {
        setUnits(previous);
        setStatus({ kind: 'failed', message: result.message ?? FAILED });
        return;
      }
      setStatus({ kind: 'saved' });
      router.refresh();
    } catch {
      setUnits(previous);
      setStatus({ kind: 'failed', message: FAILED });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <Select
        id="units"
        label="Units preference"
        hint="How heights and weights are shown across Vitality."
        options={OPTIONS}
        value={units}
        disabled={status.kind === 'saving'}
        onChange={(event) => void choose(event.target.value as UnitsPreferenceLabel)}
        containerClassName="max-w-xs"
      />
      <div role="status" aria-live="polite">
        {status.kind === 'saved' ? <Alert variant="success">Units saved.</Alert> : null}
      </div>
      {status.kind === 'failed' ? <Alert variant="error">{status.message}</Alert> : null}
    </div>
  );
}
