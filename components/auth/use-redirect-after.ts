'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { LOGIN_PATH } from '@/lib/routes';

/** Once `when` turns true, goes to `href` after `delayMs`, so the user can read the message first. */
export function useRedirectAfter(when: boolean, href: string, delayMs: number): void {
  const router = useRouter();
  useEffect(() => {
    if (!when) return;
    const timer = window.setTimeout(() => router.push(href), delayMs);
    return () => window.clearTimeout(timer);
  }, [when, href, delayMs, router]);
}

/** A form that, once done, shows its success message and then goes to the login page. */
export function useDoneThenLogin(): [done: boolean, markDone: () => void] {
  const [done, setDone] = useState(false);
  useRedirectAfter(done, LOGIN_PATH, 1500);
  return [done, () => setDone(true)];
}
