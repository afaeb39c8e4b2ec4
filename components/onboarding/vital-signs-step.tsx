'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { measurementFields, rateNeedsConfirming } from '@/components/scan/scan-fields';
import { useVitalScan } from '@/components/scan/use-vital-scan';
import { ScanResult, ScanView } from '@/components/scan/vital-scan';
import { LOGIN_PATH } from '@/lib/routes';
import { postJson } from '@/lib/client/api-call';
import type { VendorConfig } from '@/lib/client/scan-vendor-sdk';
import { stepPath } from '@/lib/routes';
import { SCAN_DURATION_MS, type ScanMeasurement } from '@/lib/scan-engine/types';

/**
 * /onboarding_9: the live camera measurement. A spinner stands for Next until the scan finishes or the
 * camera fails; a result with a heart rate is saved (POST /api/update_shen_ai); a blocked camera says
 * what to do and lets the user go on.
 */
export function VitalSignsStep({ vendor = null }: { vendor?: VendorConfig | null }) {
  const router = useRouter();
  const [saving, setSaving] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const [confirmed, setConfirmed] = useState(false);
  // Saved as it arrives; a rate outside the resting range once the member confirms it (ScanResult asks).
  const save = useCallback((result: ScanMeasurement, confirm = false) => {
    const fields = measurementFields(result, confirm);
    if (!('heart_rate_bpm' in fields)) return;
    setSaving('saving');
    postJson('/api/update_shen_ai', fields)
      .then((answer) => {
        if (answer.status === 401) return window.location.assign(LOGIN_PATH);
        setSaving(answer.ok ? 'saved' : 'failed');
      })
      .catch(() => setSaving('failed'));
  }, []);
  const scan = useVitalScan({ vendor, onResult: save });
  const { phase, result, problem: scanProblem, restart } = scan;

  const finished = phase === 'done' || phase === 'failed';
  return (
    <div className="flex flex-col gap-6">
      {phase === 'failed' ? (
        <div className="flex flex-col items-start gap-3">
          <Alert variant="warning" title={scanProblem?.title}>
            {scanProblem?.detail} You can measure later from your weekly check-in.
          </Alert>
          {scanProblem?.retry ? (
            <Button type="button" variant="secondary" onClick={restart}>
              Scan again
            </Button>
          ) : null}
        </div>
      ) : (
        <ScanView scan={scan} durationMs={SCAN_DURATION_MS} />
      )}
      {phase === 'done' && result ? (
        <ScanResult
          result={result}
          onRetry={
            result.confident && !rateNeedsConfirming(result)
              ? undefined
              : () => {
                  setConfirmed(false);
                  restart();
                }
          }
          confirmed={confirmed}
          onConfirm={
            saving === 'idle' || saving === 'failed'
              ? (value) => {
                  setConfirmed(value);
                  if (value) save(result, true);
                }
              : undefined
          }
        />
      ) : null}
      {saving === 'saved' ? <p className="text-sm text-brand-800">Your measurement is saved.</p> : null}
      {saving === 'failed' ? <Alert variant="error" title="Your measurement could not be saved.">You can carry on; measure again from your weekly check-in.</Alert> : null}
      <div className="flex justify-end">
        {finished && saving !== 'saving' ? (
          <Button type="button" size="lg" onClick={() => router.push(stepPath('biohacking-experience'))}>
            Next
          </Button>
        ) : (
          <div className="flex h-12 items-center">
            <Spinner label={saving === 'saving' ? 'Saving your measurement' : 'Measuring your vital signs'} className="size-6 text-brand-700" />
          </div>
        )}
      </div>
    </div>
  );
}
