'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** Once `when` turns true, goes to `href` after `delayMs`, so the user can read the message first. */
export function useRedirectAfter(when: boolean, href: string, delayMs: number): void {
  const router = useRouter();
  useEffect(() => {
    if (!when) return;
    const timer = window.setTimeout(() => router.push(href), delayMs);
    return () => window.clearTimeout(timer);
  }, [when, href, delayMs, router]);
}
