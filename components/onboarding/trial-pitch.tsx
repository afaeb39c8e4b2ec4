import { CheckList } from '@/components/ui/check-list';

const INCLUDED = [
  'Your T-Score and the four pillar scores',
  'Four daily actions chosen for you',
  'Wearable sync, check-ins and insights',
];

/** The free-trial summary above the terms tick on /onboarding_14; without billing, what is included, with nothing to pay. */
export function TrialPitch({ billing }: { billing: boolean }) {
  return (
    <div className="rounded-card border border-brand-100 bg-brand-50/70 p-6">
      <div className="flex items-baseline gap-2">
        <span className="text-4xl font-semibold tracking-tight text-brand-900 tabular-nums">{billing ? '30 days' : 'Included'}</span>
        <span className="text-base font-medium text-brand-800">{billing ? 'free' : 'no subscription'}</span>
      </div>
      <CheckList items={INCLUDED} className="mt-5 flex flex-col gap-2.5" />
      <p className="mt-5 border-t border-brand-100 pt-4 text-sm font-medium text-neutral-700">
        {billing ? 'No commitment. Cancel anytime.' : 'Nothing to pay and no card needed.'}
      </p>
    </div>
  );
}
