'use client';

import { startAuthentication } from '@simplewebauthn/browser';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { TextDivider } from '@/components/auth/text-divider';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { getJson, postJson, type JsonResult } from '@/lib/client/api-call';
import { setAuthenticated } from '@/lib/client/auth-state';
import { LOGIN_PATH } from '@/lib/routes';

type Methods = { passkey: boolean; totp: boolean; recovery: boolean; password: boolean; provider: 'google' | 'apple' | null };
type Status = { fresh: boolean; methods: Methods };

const isStepUpRefusal = (result: JsonResult) => result.status === 403 && result.code === 'step_up_required';

/**
 * Step-up in the browser (lib/auth/step-up.ts): `run(call)` makes the call, and when the server answers
 * 403 `step_up_required` it asks the member to confirm it's them, then makes the call once more.
 * `ensure()` asks first, for what is not a fetch (the data download is a navigation). Render `dialog`.
 */
export function useStepUp(action: string) {
  const [asking, setAsking] = useState<{ resolve: (confirmed: boolean) => void } | null>(null);

  const ask = useCallback(() => new Promise<boolean>((resolve) => setAsking({ resolve })), []);

  const run = useCallback(
    async <T,>(call: () => Promise<JsonResult<T>>): Promise<JsonResult<T>> => {
      const first = await call();
      if (!isStepUpRefusal(first)) return first;
      return (await ask()) ? call() : first;
    },
    [ask],
  );

  const ensure = useCallback(async (): Promise<boolean> => {
    const status = await getJson<Status>('/api/security/step-up');
    if (status.ok && status.data.fresh) return true;
    return ask();
  }, [ask]);

  const finish = (confirmed: boolean) => {
    asking?.resolve(confirmed);
    setAsking(null);
  };

  const dialog = asking ? <StepUpDialog action={action} onDone={finish} /> : null;
  return { run, ensure, dialog };
}

function StepUpDialog({ action, onDone }: { action: string; onDone: (confirmed: boolean) => void }) {
  const [methods, setMethods] = useState<Methods | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');

  useEffect(() => {
    let live = true;
    getJson<Status>('/api/security/step-up').then(
      (status) => {
        if (!live) return;
        if (status.ok) setMethods(status.data.methods);
        else setProblem(status.message ?? 'We couldn’t check your account. Please try again.');
      },
      () => live && setProblem('We couldn’t reach Vitality. Check your connection and try again.'),
    );
    return () => {
      live = false;
    };
  }, []);

  const prove = async (body: unknown) => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await postJson('/api/security/step-up', body);
      if (result.ok) return onDone(true);
      setProblem(result.message ?? 'That didn’t work. Please try again.');
    } catch {
      setProblem('We couldn’t reach Vitality. Check your connection and try again.');
    }
    setBusy(false);
  };

  const withPasskey = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const options = await postJson<{ options: Parameters<typeof startAuthentication>[0]['optionsJSON'] }>('/api/security/step-up/passkey-options');
      if (!options.ok) {
        setProblem(options.message ?? 'Your passkey could not be used. Please try again.');
        setBusy(false);
        return;
      }
      const response = await startAuthentication({ optionsJSON: options.data.options });
      await prove({ method: 'passkey', response });
    } catch {
      setProblem('The passkey prompt was closed or timed out. Try again, or use another way below.');
      setBusy(false);
    }
  };

  const codeMethod = useRecovery ? 'recovery' : 'totp';
  const typed = methods?.totp || methods?.password;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return setProblem(methods?.password ? 'Enter your password.' : 'Enter the code.');
    void prove(methods?.password ? { method: 'password', password: value } : { method: codeMethod, code: value });
  };

  let body: ReactNode = <p>Checking how you can confirm…</p>;
  if (methods) {
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-neutral-800">For your security, confirm it’s you before you {action}.</p>
        {/* One primary action: with a code or password to type, Confirm is it and the passkey is the other way, after an "or". */}
        {methods.passkey ? (
          <Button type="button" variant={typed ? 'secondary' : 'primary'} onClick={() => void withPasskey()} loading={busy && !typed} className="self-start">
            Use a passkey
          </Button>
        ) : null}
        {methods.passkey && typed ? <TextDivider>or</TextDivider> : null}
        {typed ? (
          <form id="step-up-form" onSubmit={submit} noValidate className="flex flex-col gap-3">
            {methods.password ? (
              <Input label="Password" type="password" autoComplete="current-password" value={value} onChange={(e) => setValue(e.target.value)} autoFocus />
            ) : (
              <Input
                label={useRecovery ? 'Recovery code' : 'Code from your authenticator app'}
                autoComplete="one-time-code"
                inputMode={useRecovery ? 'text' : 'numeric'}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                autoFocus={!methods.passkey}
              />
            )}
            {methods.recovery ? (
              <button type="button" className="self-start text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800" onClick={() => { setUseRecovery(!useRecovery); setValue(''); }}>
                {useRecovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
              </button>
            ) : null}
          </form>
        ) : null}
        {!methods.passkey && !typed ? (
          <p className="text-neutral-800">
            Sign in again{methods.provider ? ` with ${methods.provider === 'google' ? 'Google' : 'Apple'}` : ''} to continue: it proves it’s you for the next 10 minutes.
          </p>
        ) : null}
        {problem ? <Alert variant="error">{problem}</Alert> : null}
      </div>
    );
  } else if (problem) {
    body = <Alert variant="error">{problem}</Alert>;
  }

  const signInAgain = async () => {
    await postJson('/api/logout').catch(() => undefined);
    setAuthenticated(false);
    window.location.assign(LOGIN_PATH);
  };

  return (
    <Modal
      open
      onClose={() => (busy ? undefined : onDone(false))}
      title="Confirm it’s you"
      footer={
        <>
          <Button type="button" variant="secondary" onClick={() => onDone(false)} disabled={busy}>
            Cancel
          </Button>
          {methods && typed ? (
            <SubmitButton form="step-up-form" loading={busy}>
              Confirm
            </SubmitButton>
          ) : null}
          {methods && !methods.passkey && !typed ? (
            <Button type="button" onClick={() => void signInAgain()}>
              Sign in again
            </Button>
          ) : null}
        </>
      }
    >
      {body}
    </Modal>
  );
}
