'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { CallError } from '@/lib/client/browser-loads';

// The browser's one QueryClient: every island of a page, and of the pages after it, shares its cache, so a
// chart range or a list already read is shown again at once.
let client: QueryClient | undefined;

function browserClient(): QueryClient {
  client ??= new QueryClient({
    defaultOptions: {
      queries: {
        // An answer is kept for a minute; the server pages refresh what they show on focus themselves.
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A refusal (a CallError: the server answered) is shown as it is; a lost connection is tried once more.
        retry: (failures, error) => !(error instanceof CallError) && failures < 1,
      },
    },
  });
  return client;
}

/** An island's live part (components/query/island.tsx) under the browser's QueryClient. */
export function live<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function Live(props: P) {
    return (
      <QueryClientProvider client={browserClient()}>
        <Component {...props} />
      </QueryClientProvider>
    );
  };
}
