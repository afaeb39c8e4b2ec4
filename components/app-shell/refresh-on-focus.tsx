'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/**
 * Server-rendered cards stay current: when the member comes back to the tab after `staleMs`, the page's
 * server data is fetched again and the cards update in place (router.refresh keeps scroll and state).
 */
export function RefreshOnFocus({ staleMs = 60_000 }: { staleMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    let fetchedAt = Date.now();
    const back = () => {
      if (document.visibilityState !== 'visible' || Date.now() - fetchedAt < staleMs) return;
      fetchedAt = Date.now();
      router.refresh();
    };
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', back);
    return () => {
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', back);
    };
  }, [router, staleMs]);
  return null;
}
