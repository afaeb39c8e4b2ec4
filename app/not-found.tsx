import type { Metadata } from 'next';
import Link from 'next/link';
import { buttonClassName } from '@/components/ui/button-styles';
import { Logo } from '@/components/logo';

export const metadata: Metadata = {
  title: 'Page not found',
};

export default function NotFound() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-neutral-50 px-6 py-16 text-center">
      <Logo size={40} alt="Vitality" />
      <p className="mt-10 text-sm font-semibold tracking-widest text-brand-700 uppercase">Error 404</p>
      <h1 className="mt-3 text-4xl font-semibold tracking-tight text-neutral-950">Page not found</h1>
      <p className="mt-4 max-w-md text-base leading-relaxed text-neutral-600">
        We couldn&apos;t find the page you were looking for. It may have moved, or the link may be mistyped.
      </p>
      <Link href="/" className={buttonClassName({ className: 'mt-10' })}>
        Back to home
      </Link>
    </main>
  );
}
