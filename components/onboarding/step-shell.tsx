import Link from 'next/link';
import type { ReactNode } from 'react';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ONBOARDING_STEPS, stepNumber, stepPath, type OnboardingStep } from '@/lib/routes';

type Props = {
  step: OnboardingStep;
  title: string;
  subtitle?: ReactNode;
  /** Defaults to the previous step. */
  backHref?: string;
  /** A plain <a> makes the back arrow a full page load (the tutorial step needs one). */
  reloadOnBack?: boolean;
  children: ReactNode;
  width?: 'md' | 'lg';
};

/** The frame of every onboarding step: back arrow, progress over all steps, and a card. */
export function StepShell({ step, title, subtitle, backHref, reloadOnBack, children, width = 'md' }: Props) {
  const number = stepNumber(step);
  const total = ONBOARDING_STEPS.length;
  const previous = ONBOARDING_STEPS[number - 2];
  const back = backHref ?? (previous ? stepPath(previous) : '/');
  const arrowClass =
    'flex size-10 shrink-0 items-center justify-center rounded-control border border-neutral-200 bg-white text-neutral-600 shadow-sm transition-colors hover:bg-neutral-50 hover:text-neutral-900';
  const arrow = (
    <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path fillRule="evenodd" clipRule="evenodd" d="M17 10a.75.75 0 0 1-.75.75H5.66l3.62 3.72a.75.75 0 1 1-1.08 1.04l-4.9-5a.75.75 0 0 1 0-1.04l4.9-5a.75.75 0 1 1 1.08 1.04L5.66 9.25h10.59A.75.75 0 0 1 17 10Z" />
    </svg>
  );
  return (
    <div className={`mx-auto w-full ${width === 'lg' ? 'max-w-3xl' : 'max-w-xl'} px-8 pt-8 pb-16`}>
      <div className="flex items-center gap-5">
        {reloadOnBack ? (
          <a href={back} aria-label="Back" className={arrowClass}>
            {arrow}
          </a>
        ) : (
          <Link href={back} aria-label="Back" className={arrowClass}>
            {arrow}
          </Link>
        )}
        <ProgressBar value={number} max={total} label={`Step ${number} of ${total}`} valueText={`Step ${number} of ${total}`} className="flex-1" />
      </div>
      <div className="mt-8 rounded-card border border-neutral-200 bg-white p-8 shadow-card">
        <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">{title}</h1>
        {subtitle ? <p className="mt-2 text-base text-neutral-600">{subtitle}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </div>
  );
}
