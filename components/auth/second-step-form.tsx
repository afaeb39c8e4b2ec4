'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import { completeSignIn } from '@/lib/client/auth-state';
import { postJson } from '@/lib/client/api-call';
import type { Problem } from '@/lib/client/problem';
import { PasskeySignIn } from './passkey-sign-in';
import { ProblemAlert } from './problem-alert';

/** The second step of a password sign-in: a code from the authenticator app, or a recovery code. */
export function SecondStepForm({ passkeys, onRestart }: { passkeys: boolean; onRestart: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [expired, setExpired] = useState(false);
  const [saving, setSaving] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const explanationId = useId();

  // The step replaced the form, and the code is what it asks for: the cursor waits in its field (which the
  // explanation describes to a screen reader), and again after switching to a recovery code and back.
  useEffect(() => codeInput.current?.focus(), [recovery]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setProblem({ title: recovery ? 'Enter one of your recovery codes.' : 'Enter the 6-digit code from your authenticator app.' });
    setSaving(true);
    setProblem(null);
    try {
      const result = await postJson('/api/login/second-step', { method: recovery ? 'recovery' : 'totp', code, remember });
      if (result.ok) return completeSignIn();
      if (result.code === 'second_step_expired') setExpired(true);
      setProblem({ title: 'Verification failed', detail: result.message });
    } catch {
      setProblem({ title: 'An error occurred during login' });
    }
    setSaving(false);
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-semibold text-neutral-900">Two-step verification</h2>
        <p id={explanationId} className="text-sm text-neutral-700">
          {recovery ? 'Enter one of the recovery codes you saved when you set up two-step verification. Each works once.' : 'Open your authenticator app and enter the 6-digit code it shows for Vitality.'}
        </p>
      </div>
      <ProblemAlert problem={problem} />
      {expired ? (
        <Button type="button" size="lg" className="w-full" onClick={onRestart}>
          Sign in again
        </Button>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
          <Input
            key={recovery ? 'recovery' : 'totp'}
            ref={codeInput}
            aria-describedby={explanationId}
            label={recovery ? 'Recovery code' : 'Authentication code'}
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            maxLength={recovery ? 20 : 7}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <label className="flex items-center gap-3 text-sm text-neutral-800">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} className="size-4 rounded border-neutral-400 accent-brand-700" />
            Don’t ask again on this browser for 30 days
          </label>
          <SubmitButton size="lg" loading={saving} className="w-full">
            Verify
          </SubmitButton>
          <button
            type="button"
            className="self-center text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
              setProblem(null);
            }}
          >
            {recovery ? 'Use your authenticator app instead' : 'Lost your phone? Use a recovery code'}
          </button>
        </form>
      )}
      {passkeys && !expired ? <PasskeySignIn beforeStart={() => Promise.resolve()} /> : null}
    </div>
  );
}
