'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Problem } from '@/lib/client/problem';
import {
  authorizationUrlFrom,
  isConnectedMessage,
  POPUP_FEATURES,
  POPUP_MESSAGE_WAIT_MS,
  tokenCheckFrom,
} from '@/lib/client/wearable-connect';
import { WEARABLE_KEYS, WEARABLE_NAMES, type WearableKey } from '@/lib/wearables/catalogue';
import { LOGIN_PATH } from '@/lib/routes';
import type { DeviceStatus } from './device-card';

type Statuses = Record<WearableKey, DeviceStatus>;

async function authorizationUrl(wearable: WearableKey): Promise<string | null> {
  const response = await fetch(`/api/get-${wearable}-authorization-url`, { credentials: 'same-origin', cache: 'no-store' });
  return response.ok ? authorizationUrlFrom(await response.text()) : null;
}

/**
 * The devices step's wearables: each card's state from GET /api/{provider}_token_exists, and the
 * connect flow (the authorisation popup, whose page on our server exchanges the code and posts
 * `{source, connected: true}` back).
 */
export function useWearableConnections() {
  const router = useRouter();
  const [statuses, setStatuses] = useState<Statuses>(() => Object.fromEntries(WEARABLE_KEYS.map((key) => [key, 'loading'])) as Statuses);
  const [problem, setProblem] = useState<Problem | null>(null);
  // Undoes the running connect flow: its listener, timer and popup watch.
  const stopFlow = useRef<(() => void) | null>(null);

  const setStatus = useCallback((wearable: WearableKey, status: DeviceStatus) => setStatuses((all) => ({ ...all, [wearable]: status })), []);

  useEffect(() => {
    const controller = new AbortController();
    for (const wearable of WEARABLE_KEYS) {
      fetch(`/api/${wearable}_token_exists`, { credentials: 'same-origin', cache: 'no-store', signal: controller.signal })
        .then(async (response) => {
          if (response.status === 401) return router.replace(LOGIN_PATH);
          const check = response.ok ? tokenCheckFrom(await response.json()) : null;
          if (!check) throw new Error('Unexpected answer');
          setStatus(wearable, check.exists ? 'connected' : check.configured ? 'available' : 'unavailable');
        })
        .catch(() => {
          if (controller.signal.aborted) return;
          setProblem({ title: 'Unable to verify devices integration status.' });
          setStatus(wearable, 'available');
        });
    }
    return () => {
      controller.abort();
      stopFlow.current?.();
    };
  }, [router, setStatus]);

  const connect = useCallback(
    async (wearable: WearableKey) => {
      const name = WEARABLE_NAMES[wearable];
      stopFlow.current?.();
      setProblem(null);
      setStatus(wearable, 'integrating');
      // Opened now, inside the click, so pop-up blockers allow it; it gets its URL once known.
      const popup = window.open('', `connect-${wearable}`, POPUP_FEATURES);
      const url = await authorizationUrl(wearable).catch(() => null);
      if (!url || !popup) {
        popup?.close();
        setStatus(wearable, 'available');
        setProblem(
          url
            ? { title: `Failed to integrate ${name}`, detail: 'Please allow pop-ups for this site and try again.' }
            : { title: `Failed to get ${name} authorization URL. Please try again later.` },
        );
        return;
      }
      popup.location.href = url;

      let received = false;
      const onMessage = (event: MessageEvent) => {
        // Only the app's own popup page, which the server sends once it has stored the connection.
        if (event.origin !== window.location.origin || !isConnectedMessage(event.data, wearable)) return;
        received = true;
        window.removeEventListener('message', onMessage);
        setStatus(wearable, 'connected');
      };
      window.addEventListener('message', onMessage);
      const listening = window.setTimeout(() => window.removeEventListener('message', onMessage), POPUP_MESSAGE_WAIT_MS);
      // Closing the popup ends the attempt. Its message can come after this check sees it closed (the popup
      // posts and closes at once, and a busy browser may run this first): the server, which stored the
      // connection before the popup's page was sent, says whether it is connected.
      const watch = window.setInterval(() => {
        if (!popup.closed) return;
        stop();
        if (!received) void settleFromServer();
      }, 500);
      async function settleFromServer() {
        const check = await fetch(`/api/${wearable}_token_exists`, { credentials: 'same-origin', cache: 'no-store' })
          .then(async (response) => (response.ok ? tokenCheckFrom(await response.json()) : null))
          .catch(() => null);
        if (!received) setStatus(wearable, check?.exists ? 'connected' : 'available');
      }
      function stop() {
        window.removeEventListener('message', onMessage);
        window.clearTimeout(listening);
        window.clearInterval(watch);
        if (stopFlow.current === abandon) stopFlow.current = null;
      }
      // Another card's connect, or leaving the page, abandons this attempt.
      function abandon() {
        stop();
        popup?.close();
        if (!received) setStatus(wearable, 'available');
      }
      stopFlow.current = abandon;
    },
    [setStatus],
  );

  const checking = Object.values(statuses).includes('loading');
  const integrating = Object.values(statuses).includes('integrating');
  return { statuses, setStatus, problem, setProblem, connect, checking, integrating };
}
