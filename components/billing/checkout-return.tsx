'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { DASHBOARD_PATH } from '@/lib/routes';
import { getJson } from '@/lib/client/api-call';

// SPEC §9: after checkout, the subscription is polled once a second, ten times at most.
export const SUBSCRIPTION_POLL_TRIES = 10;
export const SUBSCRIPTION_POLL_INTERVAL_MS = 1_000;

type Phase = 'polling' | 'timeout';

async function subscriptionActive(): Promise<boolean> {
  try {
    const result = await getJson('/api/check-subscription-status');
    return result.ok && typeof result.data === 'object' && result.data !== null && (result.data as { subscription_active?: unknown }).subscription_active === true;
  } catch {
    return false;
  }
}

/** Polls until the subscription is active, up to SPEC's ten tries; calls `onActive` or `onTimeout` once. */
function usePoll(run: number, onActive: () => void, onTimeout: () => void) {
  useEffect(() => {
    let stopped = false;
    let timer: number | undefined;
    async function attempt(n: number) {
      if (await subscriptionActive()) return stopped || onActive();
      if (stopped) return;
      if (n + 1 >= SUBSCRIPTION_POLL_TRIES) return onTimeout();
      timer = window.setTimeout(() => void attempt(n + 1), SUBSCRIPTION_POLL_INTERVAL_MS);
    }
    void attempt(0);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
    // A new run (Retry) starts the ten tries again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run]);
}

/** Back from checkout with the subscription already confirmed: one check, then the URL loses its session_id. */
export function CheckoutConfirmed() {
  usePoll(
    0,
    () => window.history.replaceState(null, '', DASHBOARD_PATH),
    () => console.log('Webhook processing timeout'),
  );
  return null;
}

/** Back from checkout before Stripe has confirmed the subscription: waits for it, and says so. */
export function ConfirmingPayment() {
  const [run, setRun] = useState(0);
  const [phase, setPhase] = useState<Phase>('polling');
  usePoll(
    run,
    () => window.location.replace(DASHBOARD_PATH),
    () => {
      // SPEC §4: the console message on timeout.
      console.log('Webhook processing timeout');
      setPhase('timeout');
    },
  );

  return (
    <main className="mx-auto flex max-w-xl flex-col gap-6 px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight text-neutral-950">
        {phase === 'polling' ? 'Confirming your payment' : 'We are still confirming your payment'}
      </h1>
      <Card>
        {phase === 'polling' ? (
          <div className="flex items-center gap-3 text-sm text-neutral-700">
            <Spinner label="Confirming your payment" />
            <p>This usually takes a few seconds. Your dashboard opens as soon as your free trial is confirmed.</p>
          </div>
        ) : (
          <div className="flex flex-col items-start gap-4 text-sm text-neutral-700">
            <p role="status">
              Your payment provider has not confirmed your subscription yet. Nothing more is needed from you: try again in a moment, and your
              dashboard opens once it is confirmed.
            </p>
            <Button
              onClick={() => {
                setPhase('polling');
                setRun((n) => n + 1);
              }}
            >
              Retry
            </Button>
          </div>
        )}
      </Card>
    </main>
  );
}
