'use client';

import { useRouter } from 'next/navigation';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

// The dialog (the WHO-5 and the modal) is not needed to see the page: its code is fetched when the
// member reaches for the button, and it renders once they have pressed it.
const loadDialog = () => import('./mindset-dialog');
const MindsetDialog = lazy(() => loadDialog().then((module) => ({ default: module.MindsetDialog })));
const preload = () => {
  // A failed fetch is tried again when the dialog renders.
  loadDialog().catch(() => undefined);
};

/** The profile's Mindset form button; a saved score refreshes the server-rendered row beside it. */
export function MindsetStart({ taken }: { taken: boolean }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pressed, setPressed] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setPressed(true);
          setOpen(true);
        }}
      >
        {taken ? 'Take again' : 'Start'}
        <span className="sr-only"> the mindset form</span>
      </Button>
      {pressed ? (
        <Suspense fallback={null}>
          <MindsetDialog open={open} onClose={() => setOpen(false)} onSaved={() => router.refresh()} />
        </Suspense>
      ) : null}
    </>
  );
}
