import type { Metadata } from 'next';
import Link from 'next/link';
import { buttonClassName } from '@/components/ui/button-styles';
import { Logo } from '@/components/logo';
import { billingEnabled } from '@/lib/billing/stripe';
import { connectableWearables } from '@/lib/offers/install-offers';
import { connectWords } from '@/lib/wearables/connect-words';
import { Tick } from '@/components/ui/check-list';

export const metadata: Metadata = { title: 'Welcome' };

export default function WelcomePage() {
  const facts = billingEnabled() ? ['About five minutes to set up', '30-day free trial', 'No commitment, cancel anytime'] : ['About five minutes to set up', 'No subscription needed', 'No card needed'];
  return (
    <section className="relative overflow-hidden">
      {/* Soft brand glow, as on the landing page; purely decorative. */}
      <div
        aria-hidden
        className="pointer-events-none absolute top-[-20rem] left-1/2 size-[48rem] -translate-x-1/2 bg-[radial-gradient(closest-side,var(--color-brand-100),transparent)]"
      />
      <div className="relative mx-auto flex w-full max-w-2xl flex-col items-center px-8 py-28 text-center">
        <Logo size={64} className="rounded-2xl shadow-xl shadow-brand-900/10" />
        <h1 className="mt-10 text-5xl leading-[1.08] font-semibold tracking-tight text-neutral-950">
          Welcome to Vitality
        </h1>
        <p className="mt-6 text-lg leading-relaxed text-neutral-600">
          Your personal guide to longevity and testosterone health. In a few short steps we will set up your profile,{' '}
          {connectWords(connectableWearables()).welcome} and build your first plan.
        </p>
        <Link href="/onboarding_2" className={buttonClassName({ size: 'lg', className: 'mt-10 min-w-48' })}>
          Get started
        </Link>
        <p className="mt-6 text-sm text-neutral-600">
          Already have an account?{' '}
          <Link
            href="/login"
            className="rounded-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline"
          >
            Log in
          </Link>
        </p>
        <ul className="mt-14 flex flex-wrap items-center justify-center gap-x-8 gap-y-2 text-sm whitespace-nowrap text-neutral-500">
          {facts.map((fact) => (
            <li key={fact} className="flex items-center gap-2">
              <Tick className="size-4 text-brand-600" />
              {fact}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
