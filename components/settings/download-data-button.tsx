'use client';

import { useState } from 'react';
import { useStepUp } from '@/components/security/step-up';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** Settings → Download my data: confirms it's the member (step-up) before the browser downloads the ZIP. */
export function DownloadDataButton() {
  const stepUp = useStepUp('download all your data');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      // A download, not a page: the browser keeps this page and saves the ZIP.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      if (await stepUp.ensure()) window.location.assign('/api/export-data');
    } catch {
      setProblem('We couldn’t reach Vitality. Check your connection and try again.');
    }
    setBusy(false);
  };

  return (
    <>
      <Button type="button" variant="secondary" className="mt-4 self-start" loading={busy} onClick={() => void download()}>
        Download my data
      </Button>
      {problem ? <Alert variant="error" className="mt-3">{problem}</Alert> : null}
      {stepUp.dialog}
    </>
  );
}
