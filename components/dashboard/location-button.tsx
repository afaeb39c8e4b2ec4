'use client';

import { Button } from '@/components/ui/button';
import type { PositionState } from './use-position';

/** Asks the browser for the member's position, on their press only; says so when it was refused. */
export function LocationButton({ position, ask, children }: { position: PositionState; ask: () => void; children: string }) {
  if (position.state === 'located' || position.state === 'pending') return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3">
      {position.state === 'failed' ? (
        <p className="text-xs text-neutral-600" role="status">
          {position.message}
        </p>
      ) : (
        <Button type="button" size="sm" variant="secondary" loading={position.state === 'asking'} onClick={ask}>
          {children}
        </Button>
      )}
    </div>
  );
}
