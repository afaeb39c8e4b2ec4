'use client';

import { useRouter } from 'next/navigation';
import { createContext, use, useEffect, useState, useTransition, type ReactNode } from 'react';
import { ProblemAlert } from '@/components/auth/problem-alert';
import type { DeviceStatus } from '@/components/onboarding/device-card';
import { useWearableConnections } from '@/components/onboarding/use-wearable-connections';
import { Button } from '@/components/ui/button';
import { LazyModal } from '@/components/ui/lazy-modal';
import { postJson } from '@/lib/client/api-call';
import { LOGIN_PATH } from '@/lib/routes';
import { WEARABLE_CARDS, WEARABLE_KEYS, type WearableKey } from '@/lib/wearables/catalogue';

/** While a card syncs, the page's state is asked for this often. */
const SYNC_POLL_MS = 2000;

type Connections = {
  /** Each wearable as this tab knows it: its token check, or a connect flow under way or just done. */
  statuses: Record<WearableKey, DeviceStatus>;
  connect: (wearable: WearableKey) => void;
  /** The wearable whose "Sync now" is being sent. */
  syncAsked: WearableKey | null;
  syncNow: (wearable: WearableKey) => void;
  /** Opens the confirmation before disconnecting. */
  askDisconnect: (wearable: WearableKey) => void;
};

const ConnectionsContext = createContext<Connections | null>(null);

/** The device cards' actions, inside DeviceConnections. */
export function useConnections(): Connections {
  const connections = use(ConnectionsContext);
  if (!connections) throw new Error('useConnections outside DeviceConnections');
  return connections;
}

const titleOf = (wearable: WearableKey) => WEARABLE_CARDS[wearable].device;

/**
 * My devices: what the server-rendered device cards (`children`) do in the browser: the connect popups,
 * Sync now and Disconnect (with its confirmation), and the problems they meet. The cards show the page's
 * state, so after each change, and every SYNC_POLL_MS while `syncing`, the page is rendered again.
 */
export function DeviceConnections({ syncing, children }: { syncing: boolean; children: ReactNode }) {
  const router = useRouter();
  const { statuses, setStatus, problem, setProblem, connect } = useWearableConnections();
  const [leaving, setLeaving] = useState<WearableKey | null>(null);
  const [syncAsked, setSyncAsked] = useState<WearableKey | null>(null);
  // Each action stays pending until the page has been rendered again with its effect.
  const [syncPending, startSync] = useTransition();
  const [disconnecting, startDisconnect] = useTransition();

  useEffect(() => {
    if (!syncing) return;
    const timer = setInterval(() => router.refresh(), SYNC_POLL_MS);
    return () => clearInterval(timer);
  }, [syncing, router]);
  // A popup that just connected a card: its backfill has been queued, so the card now shows it.
  const justConnected = WEARABLE_KEYS.filter((key) => statuses[key] === 'connected').join();
  useEffect(() => {
    if (justConnected) router.refresh();
  }, [justConnected, router]);

  const syncNow = (wearable: WearableKey) => {
    setSyncAsked(wearable);
    startSync(async () => {
      const result = await postJson('/api/sync-wearable', { source: wearable }).catch(() => null);
      if (result?.status === 401) return window.location.assign(LOGIN_PATH);
      if (!result) setProblem({ title: `Could not sync ${titleOf(wearable)}. Check your connection and try again.` });
      else if (!result.ok) setProblem({ title: result.message ?? `Could not sync ${titleOf(wearable)}. Please try again.` });
      startSync(() => router.refresh());
    });
  };

  const disconnectNow = (wearable: WearableKey) =>
    startDisconnect(async () => {
      const result = await postJson('/api/disconnect-wearable', { source: wearable }).catch(() => null);
      if (result?.status === 401) return window.location.assign(LOGIN_PATH);
      if (result?.ok) {
        // The dialog closes as the card shows the disconnection.
        startDisconnect(() => {
          setStatus(wearable, 'available');
          setLeaving(null);
          router.refresh();
        });
        return;
      }
      setProblem({ title: result ? (result.message ?? `Could not disconnect ${titleOf(wearable)}. Please try again.`) : `Could not disconnect ${titleOf(wearable)}. Check your connection and try again.` });
      setLeaving(null);
    });

  const connections: Connections = {
    statuses,
    connect: (wearable) => void connect(wearable),
    syncAsked: syncPending ? syncAsked : null,
    syncNow,
    askDisconnect: setLeaving,
  };
  return (
    <div className="flex flex-col gap-6">
      <ProblemAlert problem={problem} />
      <ConnectionsContext value={connections}>{children}</ConnectionsContext>
      <LazyModal
        open={leaving !== null}
        onClose={() => setLeaving(null)}
        title={leaving ? `Disconnect ${titleOf(leaving)}?` : 'Disconnect'}
        footer={
          <>
            <Button type="button" variant="secondary" onClick={() => setLeaving(null)}>
              Keep it
            </Button>
            <Button type="button" loading={disconnecting} onClick={() => leaving && disconnectNow(leaving)}>
              Disconnect
            </Button>
          </>
        }
      >
        <p>Vitality stops syncing and deletes its access. The data already synced stays in your history.</p>
      </LazyModal>
    </div>
  );
}
