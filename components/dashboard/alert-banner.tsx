'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import type { NotificationRecord } from '@/lib/dashboard/banner-notification';
import { postJson } from '@/lib/client/api-call';

// Colours come from the notification (SPEC §3); only plain hex colours are used, anything else falls back.
const HEX = /^#[0-9a-f]{3,8}$/i;
const colour = (value: string | null, fallback: string) => (value && HEX.test(value) ? value : fallback);
const ICON = /^data:image\/(png|svg\+xml|jpeg|webp);base64,[a-z0-9+/=]+$/i;

const logFailure = (message: string) => console.error('Could not dismiss the notification:', message);

/** The AI alert banner: the newest undismissed notification (the server's), with Dismiss. */
export function AlertBanner({ notification: data }: { notification: NotificationRecord | null }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  // Dismissed: the banner waits (busy) until the page's data comes again, with the next notification or none.
  const [refreshing, startRefresh] = useTransition();

  async function dismiss(id: string) {
    setBusy(true);
    try {
      const result = await postJson(`/api/notifications/${encodeURIComponent(id)}/dismiss`, {});
      if (!result.ok) return logFailure(result.message ?? `HTTP ${result.status}`);
      startRefresh(() => router.refresh());
    } catch (error) {
      logFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  if (!data) return null;
  const icon = data.icon_base64 ? (data.icon_base64.startsWith('data:') ? data.icon_base64 : `data:image/png;base64,${data.icon_base64}`) : null;
  return (
    <section
      aria-label="Alert"
      className="flex items-start gap-4 rounded-card border px-5 py-4"
      style={{ backgroundColor: colour(data.background_color, '#eff6ff'), borderColor: colour(data.border, '#bfdbfe') }}
    >
      {icon && ICON.test(icon) ? (
        // eslint-disable-next-line @next/next/no-img-element -- a data URL from the notification itself
        <img src={icon} alt="" width={32} height={32} className="mt-0.5 size-8 shrink-0" />
      ) : (
        <svg aria-hidden viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-6 shrink-0 text-neutral-800">
          <path fillRule="evenodd" clipRule="evenodd" d="M10 2a6 6 0 0 0-6 6c0 1.89-.45 3.67-1.25 5.25a.75.75 0 0 0 .65 1.1h13.2a.75.75 0 0 0 .65-1.1A11.45 11.45 0 0 1 16 8a6 6 0 0 0-6-6Zm0 16a2.75 2.75 0 0 1-2.6-1.85h5.2A2.75 2.75 0 0 1 10 18Z" />
        </svg>
      )}
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-neutral-950">{data.title}</p>
        {data.subtitle ? <p className="mt-0.5 text-sm text-neutral-800">{data.subtitle}</p> : null}
      </div>
      <Button type="button" variant="secondary" size="sm" loading={busy || refreshing} onClick={() => void dismiss(data.id)}>
        Dismiss
      </Button>
    </section>
  );
}
