'use client';

import { Spinner } from '@/components/ui/spinner';

/** The supplement highlight as it first looks, in the server's HTML and until its live part is in. */
export function SupplementsLoading() {
  return (
    <div className="flex items-center gap-2 text-sm text-neutral-600">
      <Spinner decorative className="size-4" /> Finding what suits you today…
    </div>
  );
}
