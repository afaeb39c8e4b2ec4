import type { Metadata } from 'next';
import { DevicesStep } from '@/components/onboarding/devices-step';
import { Card } from '@/components/ui/card';
import { requireUser } from '@/lib/auth/sessions';
import { connectableWearables } from '@/lib/offers/install-offers';
import { redirectHome } from '@/lib/onboarding/guard';
import { olderScreenFlags } from '@/lib/onboarding/user-record';

export const metadata: Metadata = { title: 'Connect your devices' };

/**
 * /devices-integrated, the older devices screen (SPEC §2): the wearable cards, which connect for real,
 * then Next confirms with POST /api/devices-integrated and goes to /dashboard. Someone who has already
 * confirmed goes straight there.
 */
export default async function DevicesIntegratedPage() {
  const user = await requireUser();
  const { devicesIntegrated } = await olderScreenFlags(user.id);
  if (devicesIntegrated) await redirectHome(user.id);
  const importOnly = connectableWearables().length === 0;
  return (
    <main className="mx-auto flex w-full max-w-xl flex-col gap-6 px-8 py-10">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">Connect your devices</h1>
        <p className="text-neutral-600">
          {importOnly ? 'Import the history file from your wearable’s app for better insights. You can add more later from My devices.' : 'Connect a wearable for better insights. You can add more later from My devices.'}
        </p>
      </div>
      <Card>
        <DevicesStep variant="older" importOnly={importOnly} />
      </Card>
    </main>
  );
}
