'use client';

import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

export type SupplementsViewProps = { error?: Error | null; ranking?: ReactNode };

/**
 * The supplement highlight: its ranking (the live part's list and button, ./supplements-live.tsx), and
 * until it is in, in the server's HTML too, a loading line.
 */
export function SupplementsView({ error, ranking }: SupplementsViewProps) {
  if (error) return <p className="text-sm text-danger-700">Error: {error.message}</p>;
  return (
    ranking ?? (
      <div className="flex items-center gap-2 text-sm text-neutral-600">
        <Spinner decorative className="size-4" /> Finding what suits you today…
      </div>
    )
  );
}
