'use client';

import type { ComponentType } from 'react';
import { afterLoad } from '@/lib/client/after-load';
import { loadOnce, useTakeOver } from '@/lib/client/turns';

/**
 * A part of a page whose browser-side server state is held by TanStack Query. The library and the part's
 * live code are asked for once the page has loaded, so neither weighs on the page's first load (150 kB,
 * bench:bundle). Until they are in, and in the server's HTML, `Shell` shows the part as it first looks,
 * from the same props: the figures the server read, a loading line, controls disabled.
 *
 * The live part takes over in a turn of its own (lib/client/turns.ts), not through Suspense: React holds
 * Suspense reveals back and makes those of a page's islands one commit, the longest task /insights had.
 */
export function island<P extends object>(load: () => Promise<ComponentType<P>>, Shell: ComponentType<P>): ComponentType<P> {
  const loadLive = loadOnce(() => afterLoad().then(load));
  return function Island(props: P) {
    const Live = useTakeOver(loadLive);
    return Live ? <Live {...props} /> : <Shell {...props} />;
  };
}
