import type { Metadata } from 'next';
import { InstructionsForm } from '@/components/onboarding/instructions-form';
import { Card } from '@/components/ui/card';
import { requireUser } from '@/lib/auth/sessions';
import { redirectHome } from '@/lib/onboarding/guard';
import { olderScreenFlags } from '@/lib/onboarding/user-record';
import { installOffers, wearableChoice, type InstallOffers } from '@/lib/offers/install-offers';

export const metadata: Metadata = { title: 'Welcome' };

/** The first habit in this install's words: only the wearables it can connect, and the iPhone app only once there is one. */
function connectStep({ wearables, iosApp }: InstallOffers): [string, string] {
  const sources = [...(wearables.length ? [`${wearableChoice(wearables)} from My devices`] : []), ...(iosApp ? ['Apple Health through our iOS app'] : [])];
  if (sources.length) return ['Connect a wearable', `${sources.join(', or ')}. Your last 90 days come in within minutes; an export from your device’s app brings in all of your history.`];
  return ['Bring in your history', 'Import the export file your watch, ring or scale’s app makes, on My devices: your sleep, steps, heart rate and weight come in all at once.'];
}

const HABITS = [
  ['Check in every day', 'Mood, energy and symptoms in a minute, with a short reflection. It feeds your T-Score and your daily actions.'],
  ['Scan your pulse each week', 'A 45-second camera scan, plus your blood-pressure cuff reading if you have one.'],
  ['Follow your dashboard', 'Your T-Score, sleep, activity and vital signs, and four actions a day chosen from your own data.'],
] as const;

/** SPEC §2 "Instructions" (an older screen): welcome text and a confirm-read tick; already read goes to /dashboard at once. */
export default async function InstructionsPage() {
  const user = await requireUser();
  const { instructionsRead } = await olderScreenFlags(user.id);
  if (instructionsRead) await redirectHome(user.id);
  const steps = [connectStep(installOffers()), ...HABITS];
  return (
    <main className="mx-auto flex w-full max-w-xl flex-col gap-6 px-8 py-10">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">Welcome to Vitality</h1>
        <p className="text-neutral-600">How to get the most from it, in four habits.</p>
      </div>
      <Card>
        <ol className="mb-6 flex flex-col gap-4">
          {steps.map(([title, text], index) => (
            <li key={title} className="flex gap-4">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-800">{index + 1}</span>
              <div>
                <h2 className="font-semibold text-neutral-900">{title}</h2>
                <p className="text-sm text-neutral-600">{text}</p>
              </div>
            </li>
          ))}
        </ol>
        <InstructionsForm />
      </Card>
    </main>
  );
}
