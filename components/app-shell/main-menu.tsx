'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { LogoutButton } from '@/components/auth/logout-button';
import { cx } from '@/components/ui/cx';
import { ExternalLinkIcon } from '@/components/ui/external-link-icon';
import { DASHBOARD_PATH } from '@/lib/routes';

/** SPEC §2 "Main dashboard → Header": the menu's entries, in SPEC's order, with the blood results beside the insights and the experiments last. */
export const MENU_ENTRIES = [
  { href: DASHBOARD_PATH, label: 'Home' },
  { href: '/profile', label: 'Profile' },
  { href: '/my_devices', label: 'My devices' },
  { href: '/help', label: 'Help' },
  { href: '/settings', label: 'Settings' },
  { href: '/refer_a_friend', label: 'Refer a friend' },
  { href: '/daily_checkins', label: 'Daily checkins' },
  { href: '/insights', label: 'Insights' },
  { href: '/my_results', label: 'My results' },
  { href: '/my_actions', label: 'My actions' },
  { href: '/experiments', label: 'Experiments' },
] as const;

/** The three-bar menu: every signed-in destination, the current one highlighted, and Log out. */
export function MainMenu({ communityUrl }: { communityUrl?: string }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Closes on choosing an entry, on Escape (focus back to the button) and on a click elsewhere.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  // px-4 as the ghost button's, so the entries line up with Log out.
  const item = 'flex h-10 items-center rounded-control px-4 text-sm font-medium transition-colors';
  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Menu"
        onClick={() => setOpen((value) => !value)}
        className="flex size-10 items-center justify-center rounded-control text-neutral-700 transition-colors hover:bg-neutral-100 hover:text-neutral-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-5">
          <path fillRule="evenodd" clipRule="evenodd" d="M2.75 5a.75.75 0 0 1 .75-.75h13a.75.75 0 0 1 0 1.5h-13A.75.75 0 0 1 2.75 5Zm0 5a.75.75 0 0 1 .75-.75h13a.75.75 0 0 1 0 1.5h-13a.75.75 0 0 1-.75-.75Zm.75 4.25a.75.75 0 0 0 0 1.5h13a.75.75 0 0 0 0-1.5h-13Z" />
        </svg>
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full right-0 z-30 mt-2 w-64 rounded-card border border-neutral-200 bg-white p-2 shadow-card"
      >
        <nav aria-label="Menu">
          <ul className="flex flex-col">
            {MENU_ENTRIES.map((entry) => {
              const current = pathname === entry.href;
              return (
                <li key={entry.href}>
                  <Link
                    href={entry.href}
                    aria-current={current ? 'page' : undefined}
                    onClick={() => setOpen(false)}
                    className={cx(item, current ? 'bg-brand-50 text-brand-800' : 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900')}
                  >
                    {entry.label}
                  </Link>
                </li>
              );
            })}
            {communityUrl ? (
              <li>
                <a href={communityUrl} target="_blank" rel="noopener noreferrer" className={cx(item, 'justify-between text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900')}>
                  Community chat
                  <span className="sr-only"> (opens in a new tab)</span>
                  <ExternalLinkIcon className="text-neutral-500" />
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="mt-2 border-t border-neutral-100 pt-2">
          <LogoutButton />
        </div>
      </div>
    </div>
  );
}
