'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { AppleWatchModal } from './apple-watch-modal';

/** SPEC §8. */
export const APPLE_WATCH_VIA_IOS = 'Apple Watch integration is via iOS app.';

/** The Apple Watch card's "How to connect", and the message it opens. */
export function AppleWatchHelp() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
        How to connect
      </Button>
      <AppleWatchModal open={open} onClose={() => setOpen(false)} message={APPLE_WATCH_VIA_IOS} />
    </>
  );
}
