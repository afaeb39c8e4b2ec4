'use client';

import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@/components/ui/spinner';
import { formatTimestampGB } from '@/lib/format';
import { api, keys } from '@/lib/client/query-calls';
import { SupplementList } from './supplements';

/** /my_actions' 'Curated supplements & tools': the whole ranking, without a position (SPEC: lat and lon 0). */
export function CuratedSupplements() {
  const query = useQuery({ queryKey: keys.recommendations(0, 0), queryFn: () => api.recommendations(0, 0) });
  if (query.error) return <p className="text-sm text-danger-700">Error: {query.error.message}</p>;
  if (!query.data) {
    return (
      <div className="flex items-center gap-2 text-sm text-neutral-600">
        <Spinner decorative className="size-4" /> Loading your supplements…
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <SupplementList items={query.data.supplement_data} full />
      <p className="text-xs text-neutral-600">Next refresh: {formatTimestampGB(query.data.next_refresh)}</p>
    </div>
  );
}
