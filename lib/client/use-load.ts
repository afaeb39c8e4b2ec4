'use client';

import { useCallback, useEffect, useState } from 'react';

export type Loaded<T> = {
  /** The last answer, kept while a reload runs. */
  data: T | undefined;
  /** The last load's failure (cleared by the next success). */
  error: Error | null;
  /** Loads again now. */
  reload: () => void;
};

/**
 * A browser-side load for what the server could not prefetch (it needs the browser's position, say):
 * runs `load` when `key` is set and again whenever `key` changes, ignoring an answer that arrives after
 * the key moved on. `key: null` waits (no call). Pages keep this small hook instead of a query library,
 * so their first-load JavaScript stays within the budget bench:bundle checks.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string | null; data: T | undefined; error: Error | null }>({ key: null, data: undefined, error: null });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (key === null) return;
    let current = true;
    load().then(
      (data) => current && setState({ key, data, error: null }),
      (error: unknown) => current && setState((before) => ({ key, data: before.key === key ? before.data : undefined, error: error instanceof Error ? error : new Error(String(error)) })),
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure on every render; the key says when the call changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  const mine = state.key === key;
  return { data: mine ? state.data : undefined, error: mine ? state.error : null, reload };
}
