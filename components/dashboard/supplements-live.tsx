'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useView, type LiveProps } from '@/components/query/island';
import { live } from '@/components/query/live';
import { queries } from '@/components/query/queries';
import { LocationButton } from './location-button';
import { SupplementList } from './supplement-list';
import type { SupplementsViewProps } from './supplements-view';
import { NO_PLACE, usePosition } from './use-position';

/** The highlight's live part (./supplements.tsx): the ranking read through TanStack Query. */
export const SupplementHighlightLive = live(function SupplementHighlightLive({ onView }: LiveProps<object, SupplementsViewProps>) {
  const { position, place, ask } = usePosition();
  // The ranking loads with the position where the browser already allows it, else without one (today's
  // daylight left out); the browser is asked only when the member presses for it.
  const ranking = useQuery({ ...queries.recommendations(place ?? NO_PLACE), enabled: place !== null, placeholderData: keepPreviousData });
  const view = useMemo(
    () => ({
      error: ranking.error,
      ranking: ranking.data ? (
        <>
          <SupplementList items={ranking.data.supplement_data.slice(0, 2)} />
          <LocationButton position={position} ask={ask}>
            Use my location for today’s daylight
          </LocationButton>
        </>
      ) : undefined,
    }),
    [ranking.error, ranking.data, position, ask],
  );
  return useView(onView, view);
});
