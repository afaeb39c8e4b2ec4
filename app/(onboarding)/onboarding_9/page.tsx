import type { Metadata } from 'next';
import Link from 'next/link';
import { StepShell } from '@/components/onboarding/step-shell';
import { buttonClassName } from '@/components/ui/button-styles';
import { guardOnboardingStep } from '@/lib/onboarding/guard';
import { stepPath } from '@/lib/onboarding/steps';

export const metadata: Metadata = { title: 'Vital-signs measurement' };

// Until the camera measurement lands (a later issue), this step explains itself and lets the user go on.
export default async function VitalSignsMeasurementPage() {
  await guardOnboardingStep('vital-signs-measurement');
  return (
    <StepShell step="vital-signs-measurement" title="Measure your vital signs" backHref={stepPath('vital-signs-tutorial')} reloadOnBack>
      <div className="flex flex-col items-center rounded-card border border-dashed border-brand-200 bg-brand-50/60 px-8 py-10 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm">
          <svg aria-hidden viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="size-7">
            <path d="M3 8.5A2.5 2.5 0 0 1 5.5 6h1.7l1.3-2h7l1.3 2h1.7A2.5 2.5 0 0 1 21 8.5v9a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 17.5v-9Z" />
            <circle cx="12" cy="13" r="3.5" />
          </svg>
        </span>
        <h2 className="mt-5 text-xl font-semibold tracking-tight text-neutral-950">Camera measurement is coming soon</h2>
        <p className="mt-3 max-w-md text-base leading-relaxed text-neutral-600">
          You can skip this step for now. The 40-second camera scan will be available later, from your weekly check-in.
        </p>
      </div>
      <div className="mt-8 flex justify-end">
        <Link href={stepPath('biohacking-experience')} className={buttonClassName({ size: 'lg' })}>
          Next
        </Link>
      </div>
    </StepShell>
  );
}
