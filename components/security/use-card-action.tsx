'use client';

import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import type { JsonResult } from '@/lib/client/api-call';

const UNREACHABLE = 'We couldn’t reach Vitality. Check your connection and try again.';

/**
 * One action at a time on a Settings card's list (sign a browser out, forget one, link a provider): which
 * row is busy, and the answer shown above the list. `call` resolves to null when there is nothing to say
 * (the member closed a prompt); `onError` turns a thrown error into a message (given the action's own
 * failure message), or null to say nothing.
 */
export function useCardAction({ onError = () => UNREACHABLE }: { onError?: (error: unknown, failed: string) => string | null } = {}) {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const act = async (key: string, call: () => Promise<JsonResult | null>, failed: string) => {
    setBusy(key);
    setProblem(null);
    setNotice(null);
    try {
      const result = await call();
      if (result?.ok) {
        setNotice(result.message ?? 'Done.');
        router.refresh();
      } else if (result) setProblem(result.message ?? failed);
    } catch (error) {
      setProblem(onError(error, failed));
    }
    setBusy(null);
  };

  const messages: ReactNode = (
    <>
      {notice ? <Alert variant="success">{notice}</Alert> : null}
      {problem ? <Alert variant="error">{problem}</Alert> : null}
    </>
  );
  return { busy, act, messages };
}
