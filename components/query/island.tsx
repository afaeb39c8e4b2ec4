'use client';

import { useEffect, useState, type ComponentType } from 'react';
import { afterLoad } from '@/lib/client/after-load';
import { loadOnce, useTakeOver } from '@/lib/client/turns';

/**
 * What an island's live part is given: the island's props, and where to hand the view's props each time
 * they change (memoised, so that the same figures are handed once).
 */
export type LiveProps<P, V> = P & { onView: (view: V) => void };

/**
 * A part of a page whose browser-side server state is held by TanStack Query. The library and the part's
 * live code are asked for once the page has loaded, so neither weighs on the page's first load (150 kB,
 * bench:bundle). In the server's HTML and until the live part is in, `View` shows the part as it first
 * looks, with `shell(props)`: the figures the server read, a loading line, controls disabled.
 *
 * The live part renders nothing itself: it holds the queries and hands `View`'s props up (`onView`), so
 * `View` stays where it is and React changes only what differs, rather than throwing the shell's elements
 * away and building them again (on /insights more than half the page's elements, in one long task:
 * bench:lighthouse). It takes over in a turn of its own (lib/client/turns.ts), not through Suspense, which
 * holds reveals back and makes those of a page's islands one commit.
 */
export function island<P extends object, V extends object>(View: ComponentType<V>, shell: (props: P) => V, load: () => Promise<ComponentType<LiveProps<P, V>>>): ComponentType<P> {
  const loadLive = loadOnce(() => afterLoad().then(load));
  return function Island(props: P) {
    const Live = useTakeOver(loadLive);
    const [view, setView] = useState<V | null>(null);
    return (
      <>
        <View {...(view ?? shell(props))} />
        {Live ? <Live {...props} onView={setView} /> : null}
      </>
    );
  };
}

/** In a live part: hands `view` to its island whenever it is a new object (memoise it on its figures). */
export function useView<V>(onView: (view: V) => void, view: V): null {
  useEffect(() => onView(view), [onView, view]);
  return null;
}
