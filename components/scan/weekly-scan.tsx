'use client';

import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { VendorConfig } from '@/lib/client/scan-vendor-sdk';
import { SCAN_DURATION_MS, type ScanMeasurement } from '@/lib/scan-engine/types';
import { CameraFrameSpace } from './camera-frame';
import { useVitalScan, type ScanPhase } from './use-vital-scan';
import { ScanResult, ScanView } from './vital-scan';

/** Where the scan is, for the form around it: whether it has ended, what it measured, and whether the member confirmed a rate outside the resting range. */
export type ScanOutcome = { phase: ScanPhase; result: ScanMeasurement | null; confirmed: boolean };

/**
 * The weekly check-in's camera scan, loaded once the page has (components/scan/weekly-checkin.tsx): it
 * starts the camera at once, and tells the form each change of phase and result.
 */
export function WeeklyScan({ vendor, onChange }: { vendor: VendorConfig | null; onChange: (outcome: ScanOutcome) => void }) {
  const scan = useVitalScan({ vendor });
  const { phase, result, problem, restart } = scan;
  // A confirmation belongs to the result it was given for: a new scan asks again.
  const [confirmed, setConfirmed] = useState<{ result: ScanMeasurement | null; value: boolean }>({ result: null, value: false });
  const isConfirmed = confirmed.result === result && confirmed.value;
  useEffect(() => onChange({ phase, result, confirmed: isConfirmed }), [onChange, phase, result, isConfirmed]);
  return (
    <>
      {phase === 'failed' ? (
        <CameraFrameSpace>
          <Alert variant="warning" title={problem?.title}>
            {problem?.detail} You can still save a cuff reading below.
          </Alert>
          <Button type="button" variant="secondary" onClick={restart}>
            Try the camera again
          </Button>
        </CameraFrameSpace>
      ) : (
        <ScanView scan={scan} durationMs={SCAN_DURATION_MS} />
      )}
      {phase === 'done' && result ? <ScanResult result={result} onRetry={restart} confirmed={isConfirmed} onConfirm={(value) => setConfirmed({ result, value })} /> : null}
    </>
  );
}
