'use client';

import { Spinner } from '@/components/ui/spinner';
import { postJson } from '@/lib/client/api-call';
import { useLoad } from '@/lib/client/use-load';
import type { RecommendationsResponse } from '@/lib/dashboard/contract';
import { LocationButton } from './location-button';
import { SupplementList } from './supplement-list';
import { usePosition } from './use-position';

/** The day's ranking for a position; a refusal fails with the server's message. (Its own call: query-calls' table of every call would ride along.) */
async function recommendations(lat: number, lon: number): Promise<RecommendationsResponse> {
  const result = await postJson<RecommendationsResponse>('/api/recommendations', { lat, lon });
  if (!result.ok) throw new Error(result.message ?? `HTTP ${result.status}`);
  return result.data;
}

/** Supplement highlight: the top 2 recommendations for the user's data, and today's daylight where they are once known. */
export function SupplementHighlight() {
  const { position, place, ask } = usePosition();
  // The ranking loads with the position where the browser already allows it, else without one (today's
  // daylight left out); the browser is asked only when the member presses for it.
  const load = useLoad(place && `${place.lat},${place.lon}`, () => recommendations(place!.lat, place!.lon));
  if (load.error) return <p className="text-sm text-danger-700">Error: {load.error.message}</p>;
  if (!load.data) {
    return (
      <div className="flex items-center gap-2 text-sm text-neutral-600">
        <Spinner decorative className="size-4" /> Finding what suits you today…
      </div>
    );
  }
  return (
    <>
      <SupplementList items={load.data.supplement_data.slice(0, 2)} />
      <LocationButton position={position} ask={ask}>
        Use my location for today’s daylight
      </LocationButton>
    </>
  );
}
