'use client';

import { ErrorFallback } from '@/components/error-fallback';

// Next 16.3+ passes `retry` (re-fetches the segment) as well as `reset` (re-renders only);
// retry is the one that can recover from a failed server render.
export default function Error({ error, retry }: { error: unknown; retry: () => void }) {
  return <ErrorFallback error={error} retry={retry} />;
}
