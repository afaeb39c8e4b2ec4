'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LazyModal } from '@/components/ui/lazy-modal';
import { deleteJson, requestJson, type JsonResult } from '@/lib/client/api-call';
import { LOGIN_PATH } from '@/lib/routes';

// The answer page's two ways out, each after a confirmation: end the experiment early (PATCH stop: the
// answer is then read on the days there are) and delete it with its days.

const OFFLINE = 'We could not reach Vitality. Check your connection and try again.';

type Asking = 'stop' | 'delete' | null;

export function ExperimentActions({ experimentId, running }: { experimentId: string; running: boolean }) {
  const router = useRouter();
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const url = `/api/experiments/${encodeURIComponent(experimentId)}`;

  const act = async (call: () => Promise<JsonResult>, done: () => void, failed: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await call();
      if (result.status === 401) return window.location.assign(LOGIN_PATH);
      if (result.ok) {
        setAsking(null);
        return done();
      }
      setProblem(result.message ?? failed);
    } catch {
      setProblem(OFFLINE);
    } finally {
      setBusy(false);
    }
  };

  const stop = () =>
    act(
      () => requestJson(url, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'stop' }) }),
      () => router.refresh(),
      'The experiment could not be ended. Please try again.',
    );
  const remove = () => act(() => deleteJson(url), () => router.push('/experiments'), 'The experiment could not be deleted. Please try again.');

  const close = () => (busy ? undefined : setAsking(null));
  const ask = (what: Asking) => {
    setProblem(null);
    setAsking(what);
  };
  return (
    <div className="flex flex-col items-start gap-3">
      <div className="flex gap-3">
        {running ? (
          <Button type="button" variant="secondary" onClick={() => ask('stop')}>
            End early
          </Button>
        ) : null}
        <Button type="button" variant="danger" onClick={() => ask('delete')}>
          Delete
        </Button>
      </div>
      <LazyModal
        open={asking !== null}
        onClose={close}
        title={asking === 'delete' ? 'Delete this experiment?' : 'End this experiment early?'}
        footer={
          <>
            <Button type="button" variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            {asking === 'delete' ? (
              <Button type="button" variant="danger" loading={busy} onClick={() => void remove()}>
                Delete the experiment
              </Button>
            ) : (
              <Button type="button" loading={busy} onClick={() => void stop()}>
                End it now
              </Button>
            )}
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <p>
            {asking === 'delete'
              ? 'The experiment, its answer and the days you ticked for it are deleted. Your own figures (sleep, heart rate, check-ins) stay.'
              : 'The answer is then read on the days there are, and says that the experiment ended early. Fewer days make it less sure.'}
          </p>
          {problem ? <Alert variant="error">{problem}</Alert> : null}
        </div>
      </LazyModal>
    </div>
  );
}
