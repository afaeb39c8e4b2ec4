import Link from 'next/link';
import type { ReactNode } from 'react';
import { MainMenu } from '@/components/app-shell/main-menu';
import { TimeZoneProvider } from '@/components/time/time-zone-provider';
import { getSessionUser } from '@/lib/auth/sessions';
import { env } from '@/lib/env';
import { knownTimeZone } from '@/lib/format';
import { DASHBOARD_PATH } from '@/lib/routes';
import { Logo } from '@/components/logo';

// The signed-in shell: logo home, the profile icon and SPEC's three-bar menu. Each page checks the session itself;
// the member's zone read here is the same cached session read, and every clock time below is shown in it.
export default async function AppLayout({ children }: { children: ReactNode }) {
  const user = await getSessionUser();
  return (
    <div className="flex min-h-dvh flex-col bg-neutral-50">
      <header className="border-b border-neutral-200 bg-white">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-8">
          <Link href={DASHBOARD_PATH} className="flex items-center gap-2.5 rounded-control">
            <Logo />
            <span className="text-lg font-semibold tracking-tight text-neutral-900">Vitality</span>
          </Link>
          <div className="flex items-center gap-1">
            <Link
              href="/profile"
              prefetch={false}
              aria-label="My profile"
              className="flex size-10 items-center justify-center rounded-control text-neutral-700 transition-colors hover:bg-neutral-100 hover:text-neutral-900"
            >
              <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-6">
                <path fillRule="evenodd" clipRule="evenodd" d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-5.5-2.5a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0ZM10 12a5.99 5.99 0 0 0-4.79 2.38A6.48 6.48 0 0 0 10 16.5a6.48 6.48 0 0 0 4.79-2.12A5.99 5.99 0 0 0 10 12Z" />
              </svg>
            </Link>
            <MainMenu communityUrl={env.COMMUNITY_URL} />
          </div>
        </div>
      </header>
      <div className="flex-1">
        <TimeZoneProvider timeZone={knownTimeZone(user?.timeZone)}>{children}</TimeZoneProvider>
      </div>
    </div>
  );
}
