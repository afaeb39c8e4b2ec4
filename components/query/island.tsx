'use client';

import { lazy, Suspense, type ComponentType } from 'react';
import { afterLoad } from '@/lib/client/after-load';
import { useHydrated } from '@/lib/client/use-hydrated';

/**
 * A part of a page whose browser-side server state is held by TanStack Query. The library and the part's
 * live code are asked for once the page has loaded, so neither weighs on the page's first load (150 kB,
 * bench:bundle). Until they are in, and in the server's HTML, `Shell` shows the part as it first looks,
 * from the same props: the figures the server read, a loading line, controls disabled.
 */
export function island<P extends object>(load: () => Promise<ComponentType<P>>, Shell: ComponentType<P>): ComponentType<P> {
  const Live = lazy(() =>
    afterLoad()
      .then(load)
      .then((component) => ({ default: component })),
  );
  return function Island(props: P) {
    // React.lazy must not render on the server, nor during hydration: both show the shell.
    const hydrated = useHydrated();
    if (!hydrated) return <Shell {...props} />;
    return (
      <Suspense fallback={<Shell {...props} />}>
        <Live {...props} />
      </Suspense>
    );
  };
}
