'use client';

import { useQuery } from '@tanstack/react-query';
import Image from 'next/image';
import { useEffect, useState } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import { DeviceIcon, type DeviceIconName } from '@/components/onboarding/device-icon';
import { useWearableConnections } from '@/components/onboarding/use-wearable-connections';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/cx';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { AppleWatchModal } from './apple-watch-modal';
import { postJson } from '@/lib/client/api-call';
import { WEARABLE_CARDS, WEARABLE_KEYS, type WearableKey } from '@/lib/wearables/catalogue';
import type { DeviceShop } from '@/lib/device-shops';
import { formatTimestampGB } from '@/lib/format';
import { LOGIN_PATH } from '@/lib/routes';
import type { DeviceState } from '@/lib/wearables/connection-status';

/** SPEC §8. */
export const APPLE_WATCH_VIA_IOS = 'Apple Watch integration is via iOS app.';

/** A card's state as the server gives it (lib/wearables/connection-status.ts). */
export type DeviceRow = DeviceState;

/** While a card syncs, its state is asked for this often. */
const SYNC_POLL_MS = 2000;

async function fetchDevices(): Promise<DeviceRow[]> {
  const response = await fetch('/api/wearable-devices', { credentials: 'same-origin', cache: 'no-store' });
  if (response.status === 401) {
    window.location.assign(LOGIN_PATH);
    throw new Error('signed out');
  }
  if (!response.ok) throw new Error('Unexpected answer');
  return ((await response.json()) as { devices: DeviceRow[] }).devices;
}

function SyncProgress({ title, percent }: { title: string; percent: number }) {
  return (
    <div className="mt-3 flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-label={`${title} sync progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-neutral-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${Math.max(percent, 3)}%` }} />
      </div>
      <p className="text-xs text-neutral-600">Syncing your history… {percent}%</p>
    </div>
  );
}

const CARDS = Object.fromEntries(
  WEARABLE_KEYS.map((key) => [key, { title: WEARABLE_CARDS[key].device, description: WEARABLE_CARDS[key].blurb.myDevices, icon: WEARABLE_CARDS[key].icon }]),
) as Record<WearableKey, { title: string; description: string; icon: DeviceIconName }>;

function Badge({ tone, children }: { tone: 'brand' | 'warning' | 'neutral'; children: string }) {
  const tones = { brand: 'bg-brand-100 text-brand-900', warning: 'bg-warning-100 text-warning-900', neutral: 'bg-neutral-100 text-neutral-700' };
  return <span className={cx('rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone])}>{children}</span>;
}

/** SPEC §2 "My devices": the four cards with their state and actions, then the shops. */
export function MyDevices({ devices: initial, shops }: { devices: DeviceRow[]; shops: readonly DeviceShop[] }) {
  const { statuses, setStatus, problem, setProblem, connect } = useWearableConnections();
  const [appleOpen, setAppleOpen] = useState(false);
  const [leaving, setLeaving] = useState<WearableKey | null>(null);
  const [disconnecting, setDisconnecting] = useState(false);
  const [syncAsked, setSyncAsked] = useState<WearableKey | null>(null);
  // The cards' state from the server; asked for again every SYNC_POLL_MS while a sync runs.
  const query = useQuery({
    queryKey: ['wearable-devices'],
    queryFn: fetchDevices,
    initialData: initial,
    refetchInterval: (current) => (current.state.data?.some((device) => device.status === 'syncing') ? SYNC_POLL_MS : false),
  });
  const devices = query.data;
  const { refetch } = query;
  // A popup that just connected a card: its backfill has been queued, so the card now shows it.
  const justConnected = WEARABLE_KEYS.filter((key) => statuses[key] === 'connected').join();
  useEffect(() => {
    if (justConnected) void refetch();
  }, [justConnected, refetch]);

  const syncNow = async (wearable: WearableKey) => {
    setSyncAsked(wearable);
    try {
      const result = await postJson('/api/sync-wearable', { source: wearable });
      if (result.status === 401) return window.location.assign(LOGIN_PATH);
      if (!result.ok) setProblem({ title: result.message ?? `Could not sync ${CARDS[wearable].title}. Please try again.` });
      await refetch();
    } catch {
      setProblem({ title: `Could not sync ${CARDS[wearable].title}. Check your connection and try again.` });
    } finally {
      setSyncAsked(null);
    }
  };

  const disconnectNow = async (wearable: WearableKey) => {
    setDisconnecting(true);
    try {
      const result = await postJson('/api/disconnect-wearable', { source: wearable });
      if (result.status === 401) return window.location.assign(LOGIN_PATH);
      if (!result.ok) {
        setProblem({ title: result.message ?? `Could not disconnect ${CARDS[wearable].title}. Please try again.` });
        return;
      }
      setStatus(wearable, 'available');
      await refetch();
    } catch {
      setProblem({ title: `Could not disconnect ${CARDS[wearable].title}. Check your connection and try again.` });
    } finally {
      setDisconnecting(false);
      setLeaving(null);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <ProblemAlert problem={problem} />
      <ul className="grid grid-cols-2 gap-4">
        <li>
          <Card className="h-full">
            <div className="flex items-start gap-4">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <DeviceIcon name="watch" className="size-6" />
              </span>
              <div className="min-w-0 flex-1">
                <h2 className="font-semibold text-neutral-900">Apple Watch</h2>
                <p className="text-sm text-neutral-600">Apple Health, through our iOS app</p>
                <p className="mt-2 text-xs text-neutral-600">Live syncing from your Apple Watch comes with our iPhone app. Until then, import your Apple Health export above: it brings all your history at once.</p>
              </div>
            </div>
            <div className="mt-4">
              <Button type="button" variant="secondary" onClick={() => setAppleOpen(true)}>
                How to connect
              </Button>
            </div>
          </Card>
        </li>
        {devices.map((device) => {
          const card = CARDS[device.wearable];
          const live = statuses[device.wearable];
          // The server's state, except that a popup which has just connected shows at once.
          const state = live === 'connected' && device.status === 'not_connected' ? 'connected' : device.status;
          const syncing = state === 'syncing';
          const connected = state === 'connected' || syncing;
          const needsReauth = state === 'needs_reauth';
          const unavailable = live === 'unavailable' || !device.configured;
          return (
            <li key={device.wearable}>
              <Card className="h-full" aria-label={card.title}>
                <div className="flex items-start gap-4">
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                    <DeviceIcon name={card.icon} className="size-6" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <div className="flex items-center justify-between gap-3">
                      <h2 className="font-semibold text-neutral-900">{card.title}</h2>
                      {syncing ? (
                        <Badge tone="brand">Syncing</Badge>
                      ) : connected ? (
                        <Badge tone="brand">Connected</Badge>
                      ) : needsReauth ? (
                        <Badge tone="warning">Needs reconnecting</Badge>
                      ) : unavailable ? (
                        <Badge tone="neutral">Unavailable</Badge>
                      ) : (
                        <Badge tone="neutral">Not connected</Badge>
                      )}
                    </div>
                    <p className="text-sm text-neutral-600">{card.description}</p>
                    {syncing ? <SyncProgress title={card.title} percent={device.progress ?? 0} /> : null}
                    {connected ? (
                      <p className="mt-2 text-xs text-neutral-600">
                        Last sync: {device.lastSyncAt ? formatTimestampGB(device.lastSyncAt) : 'waiting for the first sync'}
                      </p>
                    ) : null}
                    {needsReauth ? <p className="mt-2 text-xs text-warning-800">{card.title} stopped accepting our access. Reconnect to carry on syncing.</p> : null}
                    {unavailable && !connected && !needsReauth ? (
                      <p className="mt-2 text-xs text-neutral-600">
                        Connecting {card.title} isn’t available yet. Import its data export above to bring your history now.
                      </p>
                    ) : null}
                  </div>
                </div>
                <div className="mt-4 flex gap-3">
                  {live === 'integrating' ? (
                    <span className="flex items-center gap-2 text-sm font-medium text-brand-700">
                      <Spinner decorative className="size-4" /> Connecting…
                    </span>
                  ) : connected ? (
                    <>
                      <Button type="button" variant="secondary" disabled={syncing} loading={syncAsked === device.wearable} onClick={() => void syncNow(device.wearable)}>
                        {syncing ? 'Syncing…' : 'Sync now'}
                      </Button>
                      <Button type="button" variant="secondary" onClick={() => setLeaving(device.wearable)}>
                        Disconnect
                      </Button>
                    </>
                  ) : unavailable && !needsReauth ? null : (
                    <>
                      <Button type="button" disabled={unavailable || live === 'loading'} onClick={() => void connect(device.wearable)}>
                        {needsReauth ? 'Reconnect' : `Connect ${card.title}`}
                      </Button>
                      {needsReauth ? (
                        <Button type="button" variant="secondary" onClick={() => setLeaving(device.wearable)}>
                          Disconnect
                        </Button>
                      ) : null}
                    </>
                  )}
                </div>
              </Card>
            </li>
          );
        })}
      </ul>

      <Card title="Order a device">
        <ul className="grid grid-cols-3 gap-4">
          {shops.map((shop) => (
            <li key={shop.name}>
              <a
                href={shop.href}
                target="_blank"
                rel="noopener noreferrer"
                className="flex h-full flex-col gap-1 rounded-control border border-neutral-200 p-4 transition-colors hover:border-brand-300 hover:bg-brand-50/40"
              >
                <span className="mb-2 block rounded-control bg-brand-50 px-6 py-3">
                  <Image src={shop.image.src} alt="" width={400} height={300} className="mx-auto h-20 w-auto" />
                </span>
                <span className="text-xs font-medium text-neutral-600">{shop.kind}</span>
                <span className="font-semibold text-neutral-900">
                  {shop.name}
                  <span className="sr-only"> (opens the shop in a new tab)</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </Card>

      <AppleWatchModal open={appleOpen} onClose={() => setAppleOpen(false)} message={APPLE_WATCH_VIA_IOS} />
      <Modal
        open={leaving !== null}
        onClose={() => setLeaving(null)}
        title={leaving ? `Disconnect ${CARDS[leaving].title}?` : 'Disconnect'}
        footer={
          <>
            <Button type="button" variant="secondary" onClick={() => setLeaving(null)}>
              Keep it
            </Button>
            <Button type="button" loading={disconnecting} onClick={() => leaving && void disconnectNow(leaving)}>
              Disconnect
            </Button>
          </>
        }
      >
        <p>Vitality stops syncing and deletes its access. The data already synced stays in your history.</p>
      </Modal>
    </div>
  );
}
