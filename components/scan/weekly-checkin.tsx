'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useTimeZone } from '@/components/time/time-zone-provider';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { afterLoad } from '@/lib/client/after-load';
import { getJson, postJson } from '@/lib/client/api-call';
import type { Problem } from '@/lib/client/problem';
import type { VendorConfig } from '@/lib/client/scan-vendor-sdk';
import { formatTimestamp } from '@/lib/format';
import { DASHBOARD_PATH, LOGIN_PATH } from '@/lib/routes';
import { CUFF, cuffFormErrors, type CuffErrors } from '@/lib/validation/cuff-reading';
import { CameraFrame } from './camera-frame';
import { measurementFields } from './scan-fields';
import type { ScanOutcome } from './weekly-scan';

/** SPEC §8. */
const ALREADY_DONE = "You've already completed your weekly check-in.";
const SAVE_FAILED = 'Failed to save check-in.';

/**
 * /weekly_checkin ('Pulse & blood pressure'): the camera scan, and a cuff reading the user may type so
 * that blood pressure is real when measured; 'Done for today' posts both (POST /api/weekly_checkin).
 * The scan's code (the camera, the engine's worker, the face finder) is asked for once the page has
 * loaded, so the form's own code comes first; until it arrives the camera shows as starting.
 */
export function WeeklyCheckin({ vendor = null }: { vendor?: VendorConfig | null }) {
  const router = useRouter();
  const timeZone = useTimeZone();
  const [scanCode, setScanCode] = useState<typeof import('./weekly-scan') | null>(null);
  const [scanUnavailable, setScanUnavailable] = useState(false);
  const [{ phase, result, confirmed }, setOutcome] = useState<ScanOutcome>({ phase: 'starting', result: null, confirmed: false });
  const [cuff, setCuff] = useState({ systolic: '', diastolic: '' });
  const [errors, setErrors] = useState<CuffErrors>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    afterLoad()
      .then(() => import('./weekly-scan'))
      .then(
        (code) => live && setScanCode(code),
        (error: unknown) => {
          if (!live) return;
          console.warn(`[scan] the scan's code could not load: ${error instanceof Error ? error.message : String(error)}`);
          setScanUnavailable(true);
          setOutcome({ phase: 'failed', result: null, confirmed: false });
        },
      );
    return () => {
      live = false;
    };
  }, []);

  const finished = phase === 'done' || phase === 'failed';
  const scanned = measurementFields(result, confirmed);
  const hasCuff = cuff.systolic.trim() !== '' && cuff.diastolic.trim() !== '';

  async function submit() {
    setProblem(null);
    const found = cuffFormErrors(cuff);
    if (found.systolic || found.diastolic) {
      setErrors(found);
      return;
    }
    setErrors({});
    if (!('heart_rate_bpm' in scanned) && !hasCuff) {
      setProblem({ title: 'Nothing to save yet.', detail: 'Scan your pulse again, or enter your cuff reading.' });
      return;
    }
    setSaving(true);
    try {
      const answer = await postJson('/api/weekly_checkin', {
        ...scanned,
        ...(hasCuff ? { systolic_blood_pressure_mmhg: Number(cuff.systolic.trim()), diastolic_blood_pressure_mmhg: Number(cuff.diastolic.trim()), blood_pressure_source: 'cuff' } : {}),
      });
      if (answer.ok) return router.push(DASHBOARD_PATH);
      if (answer.status === 401) return window.location.assign(LOGIN_PATH);
      if (answer.status === 409) {
        // Submitted meanwhile (another tab): say when the next one opens.
        const status = await getJson('/api/weekly_checkin/status').catch(() => null);
        const next = (status?.data as { next_refresh?: unknown } | undefined)?.next_refresh;
        setProblem({ title: ALREADY_DONE, detail: typeof next === 'string' ? `Next available: ${formatTimestamp(next, timeZone)}` : undefined });
      } else setProblem({ title: answer.message ?? SAVE_FAILED });
    } catch {
      setProblem({ title: SAVE_FAILED, detail: 'Check your connection and try again.' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      {problem ? (
        <Alert variant="error" title={problem.title}>
          {problem.detail}
        </Alert>
      ) : null}
      <Card title="Camera scan">
        {scanCode ? (
          <scanCode.WeeklyScan vendor={vendor} onChange={setOutcome} />
        ) : scanUnavailable ? (
          <Alert variant="warning" title="The measurement isn’t available">
            The scan could not start. You can carry on without it. You can still save a cuff reading below.
          </Alert>
        ) : (
          <div className="flex flex-col gap-4">
            <CameraFrame starting />
          </div>
        )}
      </Card>
      <Card title="Blood pressure cuff (optional)">
        <p className="mb-4 text-sm text-neutral-600">If you measured your blood pressure with a cuff today, enter it here so your vital signs show a real reading.</p>
        <div className="grid grid-cols-2 gap-4">
          <Input
            label="Systolic (upper), mmHg"
            inputMode="numeric"
            value={cuff.systolic}
            onChange={(event) => setCuff((c) => ({ ...c, systolic: event.target.value }))}
            error={errors.systolic}
            hint={`${CUFF.systolic.min}–${CUFF.systolic.max}`}
          />
          <Input
            label="Diastolic (lower), mmHg"
            inputMode="numeric"
            value={cuff.diastolic}
            onChange={(event) => setCuff((c) => ({ ...c, diastolic: event.target.value }))}
            error={errors.diastolic}
            hint={`${CUFF.diastolic.min}–${CUFF.diastolic.max}`}
          />
        </div>
      </Card>
      <div className="flex justify-end">
        <Button type="button" size="lg" loading={saving} disabled={!finished && !hasCuff} onClick={() => void submit()}>
          Done for today
        </Button>
      </div>
    </div>
  );
}
