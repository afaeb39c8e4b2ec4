import Image from 'next/image';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { LogoutButton } from '@/components/auth/logout-button';
import { buttonClassName } from '@/components/ui/button-styles';

// The signed-in shell. Each page checks the session itself; the full menu comes later.
export default function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-neutral-200 bg-white">
        <nav aria-label="Main" className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-8">
          <Link href="/main_dashboard" className="flex items-center gap-2.5 rounded-control">
            <Image src="/logo.svg" alt="" width={32} height={32} priority />
            <span className="text-lg font-semibold tracking-tight text-neutral-900">Vitality</span>
          </Link>
          <div className="flex items-center gap-2">
            <Link href="/settings" className={buttonClassName({ variant: 'ghost' })}>
              Settings
            </Link>
            <LogoutButton />
          </div>
        </nav>
      </header>
      <div className="flex-1">{children}</div>
    </div>
  );
}
