import type { ReactNode } from 'react';
import { cx } from '@/components/ui/cx';
import { Spinner } from '@/components/ui/spinner';
import { DeviceIcon, type DeviceIconName } from './device-icon';

/** SPEC §4 "Device card", plus `unavailable` for a provider this server has no OAuth client for. */
export type DeviceStatus = 'loading' | 'available' | 'integrating' | 'connected' | 'unavailable';

// Shown on a wearable whose provider this server has not set up (the server log says how).
export const UNAVAILABLE_TEXT = 'Can’t be connected to Vitality. Continue, and import its history from its app on My devices.';

type Props = { title: string; description: string; icon: DeviceIconName; status: DeviceStatus; onConnect: () => void };

const frame = 'flex w-full items-center gap-4 rounded-card border px-4 py-3.5 text-left transition-colors';

function Badge({ tone, children }: { tone: 'brand' | 'neutral'; children: ReactNode }) {
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-medium',
        tone === 'brand' ? 'bg-brand-100 text-brand-800' : 'bg-neutral-100 text-neutral-600',
      )}
    >
      {children}
    </span>
  );
}

function Trailing({ status }: { status: DeviceStatus }) {
  if (status === 'loading') return <Spinner decorative className="size-5 text-neutral-400" />;
  if (status === 'integrating') {
    return (
      <span className="flex shrink-0 items-center gap-2 text-sm font-medium text-brand-700">
        <Spinner decorative className="size-4" />
        Connecting…
      </span>
    );
  }
  if (status === 'unavailable') return <Badge tone="neutral">Unavailable</Badge>;
  if (status === 'connected') {
    return (
      <Badge tone="brand">
        <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-3.5">
          <path fillRule="evenodd" clipRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z" />
        </svg>
        Connected
      </Badge>
    );
  }
  return (
    <span className="flex shrink-0 items-center gap-1 text-sm font-medium text-brand-700">
      Connect
      <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="size-4 transition-transform group-hover:translate-x-0.5">
        <path fillRule="evenodd" clipRule="evenodd" d="M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.26a.75.75 0 1 1 1.06-1.06l4.27 4.27a.75.75 0 0 1 0 1.06L8.26 14.8a.75.75 0 0 1-1.06 0Z" />
      </svg>
    </span>
  );
}

/** One row of the devices step: clickable only while it can still be connected. */
export function DeviceCard({ title, description, icon, status, onConnect }: Props) {
  const body = (
    <>
      <span
        className={cx(
          'flex size-11 shrink-0 items-center justify-center rounded-full',
          status === 'unavailable' ? 'bg-neutral-100 text-neutral-400' : 'bg-brand-50 text-brand-700',
        )}
      >
        <DeviceIcon name={icon} className="size-6" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold text-neutral-900">{title}</span>
        <span className="text-sm text-neutral-500">{status === 'unavailable' ? UNAVAILABLE_TEXT : description}</span>
      </span>
      <Trailing status={status} />
    </>
  );
  if (status === 'connected') return <div className={cx(frame, 'border-brand-200 bg-brand-50/60')}>{body}</div>;
  const busy = status === 'loading' || status === 'integrating';
  return (
    <button
      type="button"
      onClick={onConnect}
      disabled={status !== 'available'}
      aria-busy={busy || undefined}
      className={cx(
        frame,
        'group border-neutral-200 bg-white shadow-sm',
        'enabled:hover:border-brand-300 enabled:hover:bg-brand-50/40 disabled:cursor-not-allowed',
        status === 'unavailable' && 'bg-neutral-50 shadow-none',
      )}
    >
      {body}
    </button>
  );
}
