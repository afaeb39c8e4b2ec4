'use client';

import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { DeviceState } from '@/lib/wearables/connection-status';
import { useConnections } from './device-connections';

/**
 * A wearable card's buttons: Connect (or Reconnect), or Sync now and Disconnect once connected, from the
 * page's state of the device and this tab's connect flow (a popup that has just connected counts at once).
 */
export function DeviceActions({ device, title }: { device: DeviceState; title: string }) {
  const { statuses, connect, syncAsked, syncNow, askDisconnect } = useConnections();
  const live = statuses[device.wearable];
  const state = live === 'connected' && device.status === 'not_connected' ? 'connected' : device.status;
  const syncing = state === 'syncing';
  const needsReauth = state === 'needs_reauth';
  const unavailable = live === 'unavailable' || !device.configured;
  if (live === 'integrating') {
    return (
      <span className="flex items-center gap-2 text-sm font-medium text-brand-700">
        <Spinner decorative className="size-4" /> Connecting…
      </span>
    );
  }
  if (state === 'connected' || syncing) {
    return (
      <>
        <Button type="button" variant="secondary" disabled={syncing} loading={syncAsked === device.wearable} onClick={() => syncNow(device.wearable)}>
          {syncing ? 'Syncing…' : 'Sync now'}
        </Button>
        <Button type="button" variant="secondary" onClick={() => askDisconnect(device.wearable)}>
          Disconnect
        </Button>
      </>
    );
  }
  if (unavailable && !needsReauth) return null;
  return (
    <>
      <Button type="button" disabled={unavailable || live === 'loading'} onClick={() => connect(device.wearable)}>
        {needsReauth ? 'Reconnect' : `Connect ${title}`}
      </Button>
      {needsReauth ? (
        <Button type="button" variant="secondary" onClick={() => askDisconnect(device.wearable)}>
          Disconnect
        </Button>
      ) : null}
    </>
  );
}
