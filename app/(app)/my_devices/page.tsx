import type { Metadata } from 'next';
import { BackLink } from '@/components/back-link';
import { DataSourcesCard } from '@/components/devices/data-sources-card';
import { DeviceTokens } from '@/components/devices/device-tokens';
import { ImportHistory } from '@/components/devices/import-history';
import { MyDevices } from '@/components/devices/my-devices';
import { Card } from '@/components/ui/card';
import { DEVICE_SHOPS } from '@/lib/device-shops';
import { listImports } from '@/lib/imports/history';
import { dataSources } from '@/lib/metrics/data-sources';
import { requireOnboardedUser } from '@/lib/onboarding/guard';
import { listDeviceTokens } from '@/lib/wearables/apple-health';
import { deviceStates } from '@/lib/wearables/connection-status';
import { DASHBOARD_PATH } from '@/lib/routes';

export const metadata: Metadata = { title: 'My devices' };

/** SPEC §2 "My devices": the import of history first, then Apple Watch, Whoop, Oura Ring and Withings Scale, and where to order one. */
export default async function MyDevicesPage() {
  const user = await requireOnboardedUser();
  const [devices, tokens, sources, imports] = await Promise.all([deviceStates(user.id), listDeviceTokens(user.id), dataSources(user.id), listImports(user.id)]);
  return (
    <main className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-8 py-10">
      <BackLink href={DASHBOARD_PATH}>Back to dashboard</BackLink>
      <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">My devices</h1>
      <Card title="Import your history">
        <ImportHistory initial={imports} />
      </Card>
      <MyDevices devices={devices} shops={DEVICE_SHOPS} />
      <DataSourcesCard data={sources} />
      <Card title="Companion app (Apple Health)">
        <DeviceTokens initial={tokens} />
      </Card>
    </main>
  );
}
