import type { Metadata } from 'next';
import { RefreshOnFocus } from '@/components/app-shell/refresh-on-focus';
import { PageShell } from '@/components/page-shell';
import { DataSourcesCard } from '@/components/devices/data-sources-card';
import { DeviceTokens } from '@/components/devices/device-tokens';
import { ImportHistory } from '@/components/devices/import-history';
import { MyDevices } from '@/components/devices/my-devices';
import { OrderDevices } from '@/components/devices/order-devices';
import { Card } from '@/components/ui/card';
import { DEVICE_SHOPS } from '@/lib/kits/device-shops';
import { listImports } from '@/lib/imports/history';
import { iosAppUrl } from '@/lib/offers/install-offers';
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
  const iosApp = iosAppUrl();
  return (
    <PageShell title="My devices" back={{ href: DASHBOARD_PATH, label: 'Back to dashboard' }} width="wide">
      {/* The device cards' state, and where the figures come from, as they are when the member comes back. */}
      <RefreshOnFocus />
      <Card title="Import your history">
        <ImportHistory initial={imports} />
      </Card>
      <MyDevices devices={devices} iosApp={iosApp} />
      <OrderDevices shops={DEVICE_SHOPS} />
      <DataSourcesCard data={sources} />
      {/* Tokens are for the iPhone app: offered once there is one, and kept in reach while any exists (to revoke). */}
      {iosApp || tokens.length ? (
        <Card title="Companion app (Apple Health)">
          <DeviceTokens tokens={tokens} />
        </Card>
      ) : null}
    </PageShell>
  );
}
