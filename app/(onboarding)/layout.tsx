import Link from 'next/link';
import type { ReactNode } from 'react';
import { LogoutButton } from '@/components/auth/logout-button';
import { getSessionUser } from '@/lib/auth/sessions';
import { Logo } from '@/components/logo';

export default async function OnboardingLayout({ children }: { children: ReactNode }) {
  const user = await getSessionUser();
  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden bg-white">
      {/* Soft brand glow, as on the landing page; purely decorative. */}
      <div
        aria-hidden
        className="pointer-events-none absolute top-[-22rem] left-1/2 size-[52rem] -translate-x-1/2 bg-[radial-gradient(closest-side,var(--color-brand-100),transparent)]"
      />
      <header className="relative border-b border-neutral-100 bg-white/70 backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-8">
          <Link href="/" className="flex items-center gap-2.5 rounded-control">
            <Logo />
            <span className="text-lg font-semibold tracking-tight text-neutral-900">Vitality</span>
          </Link>
          {user ? <LogoutButton /> : null}
        </div>
      </header>
      <main className="relative flex-1">{children}</main>
    </div>
  );
}
