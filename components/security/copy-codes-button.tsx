'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/client/copy-text';

export const COPIED = 'Copied';
export const COPY_REFUSED = 'Your browser didn’t let us copy. Select the codes and copy them yourself, or download them as a file.';

/** Copies the recovery codes, one a line; the result is announced politely in the line beside the button. */
export function CopyCodesButton({ codes }: { codes: readonly string[] }) {
  const [status, setStatus] = useState('');

  const copy = async () => {
    setStatus('');
    setStatus((await copyText(codes.join('\n'))) ? COPIED : COPY_REFUSED);
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="secondary" onClick={() => void copy()}>
        Copy codes
      </Button>
      {/* Present from the start, so a screen reader announces each change of its text. */}
      <p role="status" aria-live="polite" className="text-sm text-neutral-700">
        {status}
      </p>
    </div>
  );
}
