'use client';

import { useSyncExternalStore } from 'react';

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

// One position for the whole page, whichever island asks for it: the supplements, the trends and the
// strategies each read this store, so the member's one press serves them all. It starts with the first
// island that reads it, and starts afresh once no island on screen reads it any more (the next page).
const PENDING: PositionState = { state: 'pending' };
let current: PositionState = PENDING;
let started = false;
const listeners = new Set<() => void>();

function set(next: PositionState) {
  current = next;
  for (const listener of listeners) listener();
}

function locate(asked: boolean) {
  set({ state: asked ? 'asking' : 'pending' });
  navigator.geolocation.getCurrentPosition(
    (p) => set({ state: 'located', place: { lat: Number(p.coords.latitude.toFixed(4)), lon: Number(p.coords.longitude.toFixed(4)) } }),
    () => set({ state: 'failed', message: DENIED }),
    { timeout: 10_000, maximumAge: 3_600_000 },
  );
}

function start() {
  started = true;
  if (!('geolocation' in navigator)) return set({ state: 'failed', message: UNSUPPORTED });
  // Only a permission already given is used without a press: a query never prompts.
  const permissions = navigator.permissions?.query({ name: 'geolocation' }) ?? Promise.reject(new Error('no Permissions API'));
  permissions.then(
    (status) => {
      if (!started || current.state !== 'pending') return;
      if (status.state === 'granted') locate(false);
      else set({ state: 'unasked' });
    },
    () => started && current.state === 'pending' && set({ state: 'unasked' }),
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!started) start();
  return () => {
    listeners.delete(listener);
    if (listeners.size) return;
    started = false;
    current = PENDING;
  };
}

const ask = () => locate(true);

export function usePosition(): { position: PositionState; place: Place | null; ask: () => void } {
  const position = useSyncExternalStore(
    subscribe,
    () => current,
    () => PENDING,
  );
  // The lists load as soon as it is known whether there is a position: with it, or without one (and
  // they keep that answer while the member is asked).
  const place = position.state === 'located' ? position.place : position.state === 'pending' ? null : NO_PLACE;
  return { position, place, ask };
}
