'use client';

import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { usePost } from '@/components/forms/use-post';
import { Button } from '@/components/ui/button';
import { AppleWatchModal } from '@/components/devices/apple-watch-modal';
import { Spinner } from '@/components/ui/spinner';
import { WEARABLE_CARDS, WEARABLE_KEYS, type WearableKey } from '@/lib/wearables/catalogue';
import { stepPath } from '@/lib/routes';
import { DeviceCard } from './device-card';
import { DeviceIcon, type DeviceIconName } from './device-icon';
import { useWearableConnections } from './use-wearable-connections';

export const APPLE_WATCH_MESSAGE = 'Apple Watch integration will be available through the iOS app.';
// Back from the shop returns to the screen it was opened from (the step under the 14-step numbering).
const orderDevicesHref = (from: string) => `/order_devices?origin=${from}`;

const WEARABLES: { key: WearableKey; title: string; description: string; icon: DeviceIconName }[] = WEARABLE_KEYS.map((key) => ({
  key,
  title: `Connect ${WEARABLE_CARDS[key].device}`,
  description: WEARABLE_CARDS[key].blurb.onboarding,
  icon: WEARABLE_CARDS[key].icon,
}));

/** How Next confirms the step: onboarding's call and next step, or the older screen's (SPEC §2, §7). */
const CONFIRM = {
  onboarding: { url: '/api/update_devices_integrated', body: () => ({ devices_integrated: true }), navigate: stepPath('track'), path: stepPath('devices') },
  older: { url: '/api/devices-integrated', body: () => ({}), navigate: '/dashboard', path: '/devices-integrated' },
} as const;

/**
 * /onboarding_12 (and the older /devices-integrated): wearable cards, the order link, and Next once the token
 * checks are in. `importCard` (onboarding's "Import the data you already have") comes rendered from the
 * server page, so its words and vendor steps are HTML rather than script in this step's first load.
 */
export function DevicesStep({ variant = 'onboarding', importCard, importOnly = false }: { variant?: keyof typeof CONFIRM; importCard?: ReactNode; /** No wearable can be connected here: the words speak of importing. */ importOnly?: boolean }) {
  const { statuses, problem: connectionProblem, setProblem: setConnectionProblem, connect, checking, integrating } = useWearableConnections();
  const [appleOpen, setAppleOpen] = useState(false);
  const confirm = CONFIRM[variant];
  // Next sends a fixed body (there is nothing to fill in), so no form validation runs here.
  const { send, problem: confirmProblem, setProblem: setConfirmProblem, saving } = usePost<void>({
    url: confirm.url,
    body: confirm.body,
    failed: 'Failed to confirm devices integration. Please try again.',
    offline: 'An error occurred while updating your device status.',
    success: { navigate: confirm.navigate },
  });
  // One alert: the last thing that went wrong, whether connecting a device or confirming the step.
  const problem = confirmProblem ?? connectionProblem;

  function next() {
    setConnectionProblem(null);
    void send();
  }

  function connectWearable(wearable: WearableKey) {
    setConfirmProblem(null);
    void connect(wearable);
  }

  return (
    <div className="flex flex-col gap-5">
      <ProblemAlert problem={problem} />
      <ul className="flex flex-col gap-3">
        <li>
          <DeviceCard title="Connect Apple Watch" description="Apple Health, through our iOS app" icon="watch" status="available" onConnect={() => setAppleOpen(true)} />
        </li>
        {WEARABLES.map((wearable) => (
          <li key={wearable.key}>
            <DeviceCard {...wearable} status={statuses[wearable.key]} onConnect={() => connectWearable(wearable.key)} />
          </li>
        ))}
        <li>
          <Link
            href={orderDevicesHref(confirm.path)}
            className="group flex items-center gap-4 rounded-card border border-dashed border-neutral-300 px-4 py-3.5 transition-colors hover:border-brand-300 hover:bg-brand-50/40"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-neutral-100 text-neutral-600">
              <DeviceIcon name="bag" className="size-6" />
            </span>
            <span className="flex-1 font-semibold text-neutral-900">Don&apos;t have one yet? Order here</span>
            <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4 text-neutral-500 transition-transform group-hover:translate-x-0.5">
              <path fillRule="evenodd" clipRule="evenodd" d="M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.26a.75.75 0 1 1 1.06-1.06l4.27 4.27a.75.75 0 0 1 0 1.06L8.26 14.8a.75.75 0 0 1-1.06 0Z" />
            </svg>
          </Link>
        </li>
      </ul>
      {importCard ? (
        <details className="rounded-card border border-neutral-200 px-4 py-3" data-testid="onboarding-import">
          <summary className="cursor-pointer font-semibold text-neutral-900">No device to connect? Import the data you already have</summary>
          <div className="mt-3">
            {importCard}
          </div>
        </details>
      ) : null}
      <p className="text-center text-sm text-neutral-500">
        {importOnly ? 'You can import the history of several devices - the more data, the more personalised your experience!' : 'You can connect multiple devices - the more data, the more personalised your experience!'}
      </p>
      {checking ? (
        <div className="flex h-12 items-center justify-center">
          <Spinner label="Checking your devices" className="size-6 text-brand-700" />
        </div>
      ) : (
        <Button type="button" size="lg" loading={saving} disabled={integrating} onClick={next} className="w-full">
          Next
        </Button>
      )}
      <AppleWatchModal open={appleOpen} onClose={() => setAppleOpen(false)} message={APPLE_WATCH_MESSAGE} />
    </div>
  );
}
