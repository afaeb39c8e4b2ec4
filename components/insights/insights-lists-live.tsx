'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { LocationButton } from '@/components/dashboard/location-button';
import { NO_PLACE, usePosition } from '@/components/dashboard/use-position';
import { useView, type LiveProps } from '@/components/query/island';
import { live } from '@/components/query/live';
import { queries } from '@/components/query/queries';
import { signedOut } from '@/lib/client/browser-loads';
import { LOGIN_PATH } from '@/lib/routes';
import type { StrategiesViewProps, TrendsViewProps } from './insights-lists-view';

/** SPEC §8: a lost session goes to /login. */
function useSignedOut(error: Error | null) {
  useEffect(() => {
    if (signedOut(error)) window.location.assign(LOGIN_PATH);
  }, [error]);
}

/** 'My longevity trends', read for the page's position (./insights-lists.tsx). */
export const TrendsLive = live(function TrendsLive({ onView }: LiveProps<object, TrendsViewProps>) {
  const { place } = usePosition();
  // The statements stay on screen while those for a newly found position are worked out.
  const trends = useQuery({ ...queries.patterns(place ?? NO_PLACE), enabled: place !== null, placeholderData: keepPreviousData });
  useSignedOut(trends.error);
  const view = useMemo(() => ({ trends: trends.data, error: trends.error }), [trends.data, trends.error]);
  return useView(onView, view);
});

/** 'Optimisation strategies', read for the page's position, with the button that asks for it. */
export const StrategiesLive = live(function StrategiesLive({ onView }: LiveProps<object, StrategiesViewProps>) {
  const { position, place, ask } = usePosition();
  const strategies = useQuery({ ...queries.recommendations(place ?? NO_PLACE), enabled: place !== null, placeholderData: keepPreviousData });
  useSignedOut(strategies.error);
  const view = useMemo(
    () => ({
      strategies: strategies.data,
      error: strategies.error,
      children: (
        <LocationButton position={position} ask={ask}>
          Add today’s daylight where I am
        </LocationButton>
      ),
    }),
    [strategies.data, strategies.error, position, ask],
  );
  return useView(onView, view);
});
