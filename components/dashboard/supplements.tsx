'use client';

import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { postJson } from '@/lib/client/api-call';
import { useHydrated } from '@/lib/client/use-hydrated';
import { useLoad } from '@/lib/client/use-load';
import type { RecommendationsResponse } from '@/lib/dashboard/contract';
import { SupplementList } from './supplement-list';

/** The day's ranking for a position; a refusal fails with the server's message. (Its own call: query-calls' table of every call would ride along.) */
async function recommendations(lat: number, lon: number): Promise<RecommendationsResponse> {
  const result = await postJson<RecommendationsResponse>('/api/recommendations', { lat, lon });
  if (!result.ok) throw new Error(result.message ?? `HTTP ${result.status}`);
  return result.data;
}

type Position = { lat: number; lon: number } | { error: string } | null;

/** The browser's position, asked once (SPEC §8's geolocation texts on failure). */
export function usePosition(): Position {
  const [position, setPosition] = useState<Position>(null);
  const hydrated = useHydrated();
  const supported = hydrated && 'geolocation' in navigator;
  useEffect(() => {
    if (!supported) return;
    navigator.geolocation.getCurrentPosition(
      (p) => setPosition({ lat: Number(p.coords.latitude.toFixed(4)), lon: Number(p.coords.longitude.toFixed(4)) }),
      () => setPosition({ error: 'Location access was denied or an error occurred.' }),
      { timeout: 10_000, maximumAge: 3_600_000 },
    );
  }, [supported]);
  if (hydrated && !supported) return { error: 'Geolocation is not available in your browser' };
  return position;
}

/** Supplement highlight: the top 2 recommendations for the user's data and today's daylight where they are. */
export function SupplementHighlight() {
  const position = usePosition();
  const located = position && 'lat' in position ? position : null;
  // The position is the browser's, so the recommendations load here rather than with the page.
  const load = useLoad(located && `${located.lat},${located.lon}`, () => recommendations(located!.lat, located!.lon));
  if (position && 'error' in position) return <p className="text-sm text-neutral-600">{position.error}</p>;
  if (load.error) return <p className="text-sm text-danger-700">Error: {load.error.message}</p>;
  if (!load.data) {
    return (
      <div className="flex items-center gap-2 text-sm text-neutral-600">
        <Spinner decorative className="size-4" /> Finding what suits you today…
      </div>
    );
  }
  return <SupplementList items={load.data.supplement_data.slice(0, 2)} />;
}
