import Link from 'next/link';
import { buttonClassName } from '@/components/ui/button-styles';
import { Card } from '@/components/ui/card';
import type { StartStep, StartStepKey } from '@/lib/dashboard/contract';
import { UPLOAD_PATH } from '@/lib/routes';

/** What each step is, what it fills, and where to do it. */
const STEPS: Readonly<Record<StartStepKey, { title: string; fills: string; href: string; action: string }>> = {
  data: {
    title: 'Import your history or connect a device',
    fills: 'Your sleep, steps, heart rate, HRV and weight fill in from an export you already have, or from a Whoop, Oura or Withings you connect.',
    href: '/my_devices',
    action: 'Go to My devices',
  },
  checkin: { title: 'Do your first daily check-in', fills: 'Two minutes on your mood, energy and any symptoms start the trends your actions are chosen from.', href: '/daily_checkins', action: 'Check in now' },
  scan: { title: 'Take your weekly scan', fills: 'A 45-second camera scan measures your pulse and, with a cuff, your blood pressure.', href: '/weekly_checkin', action: 'Start the scan' },
  blood: { title: 'Upload a blood test', fills: 'Your testosterone and blood panel come from a lab report, as a PDF or a photo.', href: UPLOAD_PATH, action: 'Upload a report' },
  profile: { title: 'Complete your profile', fills: 'Your gender and activity level, with the date of birth and height you gave at sign-up, set your calorie goal and cardio age.', href: '/complete-profile', action: 'Complete your profile' },
};

function Tick({ done }: { done: boolean }) {
  return done ? (
    <span aria-hidden className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path fillRule="evenodd" clipRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z" />
      </svg>
    </span>
  ) : (
    <span aria-hidden className="size-6 shrink-0 rounded-full border-2 border-neutral-300" />
  );
}

const KIT_STEP = { title: 'Order your blood testing kit', fills: 'Track one starts with a blood test from us: tell us where to post your kit.', href: '/profile#kit', action: 'Order my kit' };

/** The data step with only the wearables this install connects, or the import alone where it connects none. */
function dataStep(wearables: string) {
  if (wearables) return { ...STEPS.data, fills: `Your sleep, steps, heart rate, HRV and weight fill in from an export you already have, or from a ${wearables} you connect.` };
  return { ...STEPS.data, title: 'Import your history', fills: 'Your sleep, steps, heart rate, HRV and weight fill in from the export file your watch, ring or scale’s app makes.' };
}

/** A new member's first steps, with progress; gone once every step is done. */
export function GettingStartedCard({ steps }: { steps: StartStep[] }) {
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return null;
  const percent = Math.round((100 * done) / steps.length);
  return (
    <Card title="Get started" className="col-span-3" header={<p className="text-sm font-medium text-neutral-600" data-testid="getting-started-progress">{done} of {steps.length} done</p>}>
      <div role="progressbar" aria-label="Getting started" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-neutral-100">
        <div className="h-full rounded-full bg-brand-500" style={{ width: `${percent}%` }} />
      </div>
      <ol className="mt-5 grid grid-cols-5 gap-4" aria-label="Your first steps">
        {steps.map(({ key, done: finished, kit, wearables }) => {
          const step = kit ? KIT_STEP : key === 'data' && wearables !== undefined ? dataStep(wearables) : STEPS[key];
          return (
            <li key={key} className="flex flex-col gap-2 rounded-control border border-neutral-200 p-4" data-testid={`start-${key}`} data-done={finished}>
              <div className="flex items-start gap-2">
                <Tick done={finished} />
                <p className="text-sm font-semibold text-neutral-900">
                  {step.title}
                  {finished ? <span className="sr-only"> (done)</span> : null}
                </p>
              </div>
              <p className="flex-1 text-xs leading-relaxed text-neutral-600">{step.fills}</p>
              {finished ? (
                <p className="text-xs font-medium text-brand-800">Done</p>
              ) : (
                <Link href={step.href} prefetch={false} className={buttonClassName({ size: 'sm', variant: 'secondary', className: 'self-start' })}>
                  {step.action}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
