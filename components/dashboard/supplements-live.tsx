'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { live } from '@/components/query/live';
import { queries } from '@/components/query/queries';
import { LocationButton } from './location-button';
import { SupplementList } from './supplement-list';
import { SupplementsLoading } from './supplements-loading';
import { NO_PLACE, usePosition } from './use-position';

/** The highlight's live part (./supplements.tsx): the ranking read through TanStack Query. */
export const SupplementHighlightLive = live(function SupplementHighlightLive() {
  const { position, place, ask } = usePosition();
  // The ranking loads with the position where the browser already allows it, else without one (today's
  // daylight left out); the browser is asked only when the member presses for it.
  const ranking = useQuery({ ...queries.recommendations(place ?? NO_PLACE), enabled: place !== null, placeholderData: keepPreviousData });
  if (ranking.error) return <p className="text-sm text-danger-700">Error: {ranking.error.message}</p>;
  if (!ranking.data) return <SupplementsLoading />;
  return (
    <>
      <SupplementList items={ranking.data.supplement_data.slice(0, 2)} />
      <LocationButton position={position} ask={ask}>
        Use my location for today’s daylight
      </LocationButton>
    </>
  );
});
