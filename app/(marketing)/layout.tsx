import Link from 'next/link';
import type { ReactNode } from 'react';
import { buttonClassName } from '@/components/ui/button-styles';
import { getSessionUser } from '@/lib/auth/sessions';
import { DASHBOARD_PATH } from '@/lib/routes';
import { legalLinks } from '@/lib/legal';
import { Logo } from '@/components/logo';

export default async function MarketingLayout({ children }: { children: ReactNode }) {
  const user = await getSessionUser();
  const legal = legalLinks();
  return (
    <div className="flex min-h-dvh flex-col bg-white">
      <header className="border-b border-neutral-100">
        <nav
          aria-label="Main"
          className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-8"
        >
          <Link href="/" className="flex items-center gap-2.5 rounded-control">
            <Logo />
            <span className="text-lg font-semibold tracking-tight text-neutral-900">Vitality</span>
          </Link>
          {/* Each call to action appears once on the page, so "Get started" lives in the hero only. */}
          {/* Opening /login while signed in would only bounce to the dashboard, so offer it directly. */}
          {user ? (
            <Link href={DASHBOARD_PATH} className={buttonClassName({ variant: 'secondary' })}>
              Dashboard
            </Link>
          ) : (
            <Link href="/login" className={buttonClassName({ variant: 'secondary' })}>
              Log in
            </Link>
          )}
        </nav>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="border-t border-neutral-100">
        <div className="mx-auto flex w-full max-w-6xl items-center justify-between px-8 py-6 text-sm text-neutral-500">
          <div className="flex items-center gap-6">
            <p>© Vitality</p>
            <a href={legal.terms} className="rounded-sm hover:text-neutral-800 hover:underline">
              Terms
            </a>
            <a href={legal.privacy} className="rounded-sm hover:text-neutral-800 hover:underline">
              Privacy
            </a>
          </div>
          <p>Not medical advice. Talk to your doctor before changing treatment.</p>
        </div>
      </footer>
    </div>
  );
}
