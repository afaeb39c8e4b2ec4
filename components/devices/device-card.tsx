import { DeviceIcon } from '@/components/onboarding/device-icon';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/cx';
import { Timestamp } from '@/components/time/timestamp';
import { WEARABLE_CARDS } from '@/lib/wearables/catalogue';
import type { DeviceState } from '@/lib/wearables/connection-status';
import { DeviceActions } from './device-actions';

function Badge({ tone, children }: { tone: 'brand' | 'warning' | 'neutral'; children: string }) {
  const tones = { brand: 'bg-brand-100 text-brand-900', warning: 'bg-warning-100 text-warning-900', neutral: 'bg-neutral-100 text-neutral-700' };
  return <span className={cx('rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone])}>{children}</span>;
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

/** My devices: one wearable's card, its state as the page read it, and its actions (DeviceActions). */
export function DeviceCard({ device }: { device: DeviceState }) {
  const { device: title, blurb, icon } = WEARABLE_CARDS[device.wearable];
  const syncing = device.status === 'syncing';
  const connected = device.status === 'connected' || syncing;
  const needsReauth = device.status === 'needs_reauth';
  const unavailable = !device.configured;
  return (
    <Card className="h-full" aria-label={title}>
      <div className="flex items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <DeviceIcon name={icon} className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-center justify-between gap-3">
            <h2 className="font-semibold text-neutral-900">{title}</h2>
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
          <p className="text-sm text-neutral-600">{blurb.myDevices}</p>
          {syncing ? <SyncProgress title={title} percent={device.progress ?? 0} /> : null}
          {connected ? <p className="mt-2 text-xs text-neutral-600">Last sync: {device.lastSyncAt ? <Timestamp value={device.lastSyncAt} /> : 'waiting for the first sync'}</p> : null}
          {needsReauth ? <p className="mt-2 text-xs text-warning-800">{title} stopped accepting our access. Reconnect to carry on syncing.</p> : null}
          {unavailable && !connected && !needsReauth ? (
            <p className="mt-2 text-xs text-neutral-600">{title} can’t be connected to Vitality. Import the export from its app above to bring in your history.</p>
          ) : null}
        </div>
      </div>
      <div className="mt-4 flex gap-3">
        <DeviceActions device={device} title={title} />
      </div>
    </Card>
  );
}
