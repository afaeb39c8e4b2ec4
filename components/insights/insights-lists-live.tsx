'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { LocationButton } from '@/components/dashboard/location-button';
import { NO_PLACE, usePosition } from '@/components/dashboard/use-position';
import { live } from '@/components/query/live';
import { queries } from '@/components/query/queries';
import { signedOut } from '@/lib/client/browser-loads';
import { LOGIN_PATH } from '@/lib/routes';
import { StrategiesView, TrendsView } from './insights-lists-view';

/** SPEC §8: a lost session goes to /login. */
function useSignedOut(error: Error | null) {
  useEffect(() => {
    if (signedOut(error)) window.location.assign(LOGIN_PATH);
  }, [error]);
}

/** 'My longevity trends', read for the page's position (./insights-lists.tsx). */
export const TrendsLive = live(function TrendsLive() {
  const { place } = usePosition();
  // The statements stay on screen while those for a newly found position are worked out.
  const trends = useQuery({ ...queries.patterns(place ?? NO_PLACE), enabled: place !== null, placeholderData: keepPreviousData });
  useSignedOut(trends.error);
  return <TrendsView trends={trends.data} error={trends.error} />;
});

/** 'Optimisation strategies', read for the page's position, with the button that asks for it. */
export const StrategiesLive = live(function StrategiesLive() {
  const { position, place, ask } = usePosition();
  const strategies = useQuery({ ...queries.recommendations(place ?? NO_PLACE), enabled: place !== null, placeholderData: keepPreviousData });
  useSignedOut(strategies.error);
  return (
    <StrategiesView strategies={strategies.data} error={strategies.error}>
      <LocationButton position={position} ask={ask}>
        Add today’s daylight where I am
      </LocationButton>
    </StrategiesView>
  );
});
