'use client';

import { ProblemAlert } from '@/components/auth/problem-alert';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { stepPath } from '@/lib/routes';
import { trackSchema } from '@/lib/validation/onboarding';

type Track = 'one' | 'two';

const TRACK_FAILED = 'There was a problem setting your track. Please try again.';
const NO_CONNECTION = 'There was a problem connecting to the server. Please try again.';

const TRACKS: { value: Track; name: string; who: string; steps: string[] }[] = [
  {
    value: 'one',
    name: 'Track one',
    who: 'I don’t have a blood panel yet',
    steps: ['Complete your onboarding', 'Fill in your address details', 'We post you a blood testing kit'],
  },
  {
    value: 'two',
    name: 'Track two',
    who: 'I already have a blood test result',
    steps: ['Complete your onboarding', 'Upload your results', 'Your data is added to your profile'],
  },
];

/** Track one's last step, where this install sends no kits yet (KIT_ORDERS_EMAIL unset): what the member can do meanwhile. */
const KIT_LATER = 'Save your address for a kit, or upload a result from your own doctor or lab';

/** /onboarding_13: two cards, each with its own button that saves the track and moves on; `kits`: kit orders go out. */
export function TrackChoice({ saved, kits }: { saved: Track | null; kits: boolean }) {
  const { form, submit, problem, saving } = useSubmitForm({
    schema: trackSchema,
    defaultValues: { track: saved ?? 'one' },
    url: '/api/set-track',
    failed: TRACK_FAILED,
    offline: NO_CONNECTION,
    // Stays busy until the next step has loaded.
    success: { navigate: stepPath('terms') },
  });
  const pending = saving ? form.watch('track') : null;

  function choose(track: Track) {
    form.setValue('track', track);
    void submit();
  }

  return (
    <div className="flex flex-col gap-6">
      <ProblemAlert problem={problem} />
      <div className="grid grid-cols-2 gap-5">
        {TRACKS.map(({ steps, ...track }) => ({ ...track, steps: kits || track.value !== 'one' ? steps : [...steps.slice(0, -1), KIT_LATER] })).map((track) => (
          <section
            key={track.value}
            aria-labelledby={`track-${track.value}`}
            className={cx(
              'flex flex-col rounded-card border p-6',
              saved === track.value ? 'border-brand-600 bg-brand-50/50 ring-1 ring-brand-600' : 'border-neutral-200 bg-white',
            )}
          >
            <div className="flex items-center justify-between gap-3">
              <h2 id={`track-${track.value}`} className="text-lg font-semibold text-neutral-950">
                {track.name}
              </h2>
              {saved === track.value ? (
                <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-medium text-brand-800">Your current track</span>
              ) : null}
            </div>
            <p className="mt-1 text-sm font-medium text-brand-700">{track.who}</p>
            <ol className="mt-5 flex flex-1 flex-col gap-3">
              {track.steps.map((step, i) => (
                <li key={step} className="flex items-center gap-3 text-sm text-neutral-700">
                  <span aria-hidden className="flex size-6 shrink-0 items-center justify-center rounded-full bg-neutral-100 text-xs font-semibold text-neutral-700 tabular-nums">
                    {i + 1}
                  </span>
                  {step}
                </li>
              ))}
            </ol>
            <Button
              size="lg"
              loading={pending === track.value}
              disabled={pending !== null}
              onClick={() => choose(track.value)}
              className="mt-6 w-full"
            >
              Get started with {track.name.toLowerCase()}
            </Button>
          </section>
        ))}
      </div>
    </div>
  );
}
