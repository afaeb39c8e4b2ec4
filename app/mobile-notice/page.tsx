import type { Metadata } from 'next';
import { Logo } from '@/components/logo';

export const metadata: Metadata = {
  title: 'Mobile app coming soon',
  robots: { index: false },
};

// The proxy rewrites every phone request here, so this is the one page designed for narrow screens.
export default function MobileNoticePage() {
  return (
    <main className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 via-white to-white px-6 pt-[max(3rem,env(safe-area-inset-top))] pb-[max(2rem,env(safe-area-inset-bottom))]">
      <div className="flex items-center gap-2.5">
        <Logo />
        <span className="text-lg font-semibold tracking-tight text-neutral-900">Vitality</span>
      </div>

      <div className="flex flex-1 flex-col items-center justify-center py-12 text-center">
        <div
          aria-hidden
          className="flex size-20 items-center justify-center rounded-3xl bg-white text-brand-700 shadow-card ring-1 ring-brand-100"
        >
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" className="size-10">
            <rect x="6.5" y="2.75" width="11" height="18.5" rx="2.5" />
            <path strokeLinecap="round" d="M10.5 18h3" />
            <path strokeLinecap="round" strokeLinejoin="round" d="M9 11h1.5l1-2 1.5 4 1-2H15" />
          </svg>
        </div>
        <h1 className="mt-8 text-3xl font-semibold tracking-tight text-balance text-neutral-950">
          Mobile app coming soon
        </h1>
        <p className="mt-4 max-w-xs text-base leading-relaxed text-pretty text-neutral-600">
          We&apos;re building a mobile experience for you. For now, please use a desktop browser.
        </p>
      </div>

      <p className="text-center text-xs text-neutral-400">Vitality · Longevity and testosterone health</p>
    </main>
  );
}
