'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

// SPEC §8, Geolocation.
export const LOCATION_DENIED = 'Location access was denied or an error occurred.';
export const GEOLOCATION_UNAVAILABLE = 'Geolocation is not available in your browser';
export const LOCATION_DISABLED = 'Location tracking has been disabled.';

export type LocationNotice = { variant: 'error' | 'info'; text: string };

/**
 * The location-access switch (SPEC §4): on starts a browser geolocation watch; a denial or an error
 * turns it back off; off clears the watch. The watch also ends when the page goes away.
 */
export function useLocationAccess() {
  const [enabled, setEnabled] = useState(false);
  const [notice, setNotice] = useState<LocationNotice | null>(null);
  const watchId = useRef<number | null>(null);

  const stopWatching = useCallback(() => {
    if (watchId.current === null) return;
    navigator.geolocation.clearWatch(watchId.current);
    watchId.current = null;
  }, []);

  useEffect(() => stopWatching, [stopWatching]);

  const turnOn = () => {
    if (!('geolocation' in navigator)) {
      setNotice({ variant: 'error', text: GEOLOCATION_UNAVAILABLE });
      return;
    }
    stopWatching();
    setNotice(null);
    setEnabled(true);
    // The position itself is not used here; asking for it is what makes the browser ask the user.
    watchId.current = navigator.geolocation.watchPosition(
      () => undefined,
      () => {
        stopWatching();
        setEnabled(false);
        setNotice({ variant: 'error', text: LOCATION_DENIED });
      },
    );
  };

  const turnOff = () => {
    stopWatching();
    setEnabled(false);
    setNotice({ variant: 'info', text: LOCATION_DISABLED });
  };

  return { enabled, notice, setEnabled: (on: boolean) => (on ? turnOn() : turnOff()) };
}
