import Link from 'next/link';
import type { ReactNode } from 'react';
import { AuthShowcase } from '@/components/auth/auth-showcase';
import { Logo } from '@/components/logo';
import { connectableWearables } from '@/lib/offers/install-offers';
import { connectWords } from '@/lib/wearables/connect-words';

// Sign-in screens: the form on the left, the brand panel on the right (desktop only, SPEC §1).
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh grid-cols-[minmax(0,1fr)_minmax(0,1fr)] bg-white">
      <div className="flex flex-col px-12 py-8">
        <header>
          <Link href="/" className="inline-flex items-center gap-2.5 rounded-control">
            <Logo />
            <span className="text-lg font-semibold tracking-tight text-neutral-900">Vitality</span>
          </Link>
        </header>
        <main className="flex flex-1 items-center justify-center py-10">
          <div className="w-full max-w-sm">{children}</div>
        </main>
        <footer className="text-xs text-neutral-500">
          Not medical advice. Talk to your doctor before changing treatment.
        </footer>
      </div>
      <AuthShowcase wearables={connectWords(connectableWearables()).highlight} />
    </div>
  );
}
