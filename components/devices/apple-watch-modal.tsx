'use client';

import { Button } from '@/components/ui/button';
import { LazyModal } from '@/components/ui/lazy-modal';

/** The smartwatch card's only action (SPEC §4): a message that Apple Health comes through the iOS app. */
export function AppleWatchModal({ open, onClose, message }: { open: boolean; onClose: () => void; message: string }) {
  return (
    <LazyModal
      open={open}
      onClose={onClose}
      title="Apple Watch"
      footer={
        <Button type="button" onClick={onClose}>
          Got it
        </Button>
      }
    >
      <p>{message}</p>
    </LazyModal>
  );
}
