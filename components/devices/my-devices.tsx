import type { DeviceState } from '@/lib/wearables/connection-status';
import { AppleWatchCard } from './apple-watch-card';
import { DeviceCard } from './device-card';
import { DeviceConnections } from './device-connections';

/**
 * SPEC §2 "My devices": Apple Watch, then each wearable's card with its state and actions. The cards are
 * rendered here on the server; DeviceConnections renders the page again as their state changes.
 */
export function MyDevices({ devices, iosApp }: { devices: DeviceState[]; iosApp: string | null }) {
  return (
    <DeviceConnections syncing={devices.some((device) => device.status === 'syncing')}>
      <ul className="grid grid-cols-2 gap-4">
        <li>
          <AppleWatchCard iosApp={iosApp} />
        </li>
        {devices.map((device) => (
          <li key={device.wearable}>
            <DeviceCard device={device} />
          </li>
        ))}
      </ul>
    </DeviceConnections>
  );
}
