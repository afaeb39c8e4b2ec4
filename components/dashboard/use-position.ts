'use client';

import { useCallback, useEffect, useState } from 'react';
import { useHydrated } from '@/lib/client/use-hydrated';

// Where the member is, for today's daylight in the advice: never asked as a page loads. A browser that has
// already been allowed gives it without a prompt; otherwise the lists load without it, and the browser is
// asked only when the member presses the button that needs it (LocationButton).

export type Place = { lat: number; lon: number };

export type PositionState =
  /** Finding out whether the browser already allows it (no prompt), and reading it if so. */
  | { state: 'pending' }
  /** The member pressed for it: the browser asks them, or reads it. */
  | { state: 'asking' }
  | { state: 'located'; place: Place }
  /** Not asked (yet): the lists load without a position. */
  | { state: 'unasked' }
  /** SPEC §8's geolocation texts: refused, failed, or no geolocation in this browser. */
  | { state: 'failed'; message: string };

/** lat 0, lon 0: the server's "no position" (the advice then leaves daylight out). */
export const NO_PLACE: Place = { lat: 0, lon: 0 };

const DENIED = 'Location access was denied or an error occurred.';
const UNSUPPORTED = 'Geolocation is not available in your browser';

export function usePosition(): { position: PositionState; place: Place | null; ask: () => void } {
  const hydrated = useHydrated();
  const supported = hydrated && 'geolocation' in navigator;
  const [state, setPosition] = useState<PositionState>({ state: 'pending' });
  const position: PositionState = hydrated && !supported ? { state: 'failed', message: UNSUPPORTED } : state;

  const locate = useCallback((asked: boolean) => {
    setPosition({ state: asked ? 'asking' : 'pending' });
    navigator.geolocation.getCurrentPosition(
      (p) => setPosition({ state: 'located', place: { lat: Number(p.coords.latitude.toFixed(4)), lon: Number(p.coords.longitude.toFixed(4)) } }),
      () => setPosition({ state: 'failed', message: DENIED }),
      { timeout: 10_000, maximumAge: 3_600_000 },
    );
  }, []);

  useEffect(() => {
    if (!supported) return;
    let current = true;
    // Only a permission already given is used without a press: a query never prompts.
    const permissions = navigator.permissions?.query({ name: 'geolocation' }) ?? Promise.reject(new Error('no Permissions API'));
    permissions.then(
      (status) => {
        if (!current) return;
        if (status.state === 'granted') locate(false);
        else setPosition({ state: 'unasked' });
      },
      () => current && setPosition({ state: 'unasked' }),
    );
    return () => {
      current = false;
    };
  }, [supported, locate]);

  // The lists load as soon as it is known whether there is a position: with it, or without one (and
  // they keep that answer while the member is asked).
  const place = position.state === 'located' ? position.place : position.state === 'pending' ? null : NO_PLACE;
  const ask = useCallback(() => locate(true), [locate]);
  return { position, place, ask };
}
