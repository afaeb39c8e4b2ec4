'use client';

import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

// The dialog's code comes with the first click, not with the page.
const BloodPanelDialog = lazy(() => import('./blood-panel-dialog'));

/** The blood panel card's "Find out more" and the dialog it opens. */
export function BloodPanelDetails() {
  const [open, setOpen] = useState(false);
  // Once opened the dialog stays mounted, so closing it hands focus back to the button.
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="mt-auto self-start"
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        Find out more
      </Button>
      {asked ? (
        <Suspense fallback={null}>
          <BloodPanelDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
