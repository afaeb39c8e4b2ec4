'use client';

import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill, startAuthentication } from '@simplewebauthn/browser';
import { useEffect, useState, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { completeSignIn } from '@/lib/client/auth-state';
import { postJson } from '@/lib/client/api-call';
import { useHydrated } from '@/lib/client/use-hydrated';
import type { Problem } from '@/lib/client/problem';
import { ProblemAlert } from './problem-alert';

type Options = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/** One passkey sign-in: a challenge, the browser's prompt (or its autofill), then the server's check. */
async function signInWithPasskey(autofill: boolean): Promise<Problem | null> {
  const options = await postJson<{ options: Options }>('/api/passkeys/sign-in-options');
  if (!options.ok) return { title: 'Passkey sign-in failed', detail: options.message };
  const response = await startAuthentication({ optionsJSON: options.data.options, useBrowserAutofill: autofill });
  const result = await postJson('/api/passkeys/sign-in', { response });
  if (!result.ok) return { title: 'Passkey sign-in failed', detail: result.message };
  completeSignIn();
  return null;
}

/** While `enabled`, the e-mail field's autofill offers the member's passkeys (WebAuthn conditional mediation). */
export function usePasskeyAutofill(enabled: boolean, before: RefObject<Promise<unknown>>): void {
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void (async () => {
      if (!(await browserSupportsWebAuthnAutofill())) return;
      await before.current;
      if (live) await signInWithPasskey(true);
    })().catch(() => {
      // Cancelled (the button's own prompt replaced it, or the page moved on): nothing to say.
    });
    return () => {
      live = false;
    };
  }, [enabled, before]);
}

/** "Sign in with a passkey": the browser's own passkey prompt. */
export function PasskeySignIn({ beforeStart }: { beforeStart: () => Promise<unknown> }) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const supported = !useHydrated() || browserSupportsWebAuthn();
  if (!supported) return null;

  const start = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await beforeStart();
      const failed = await signInWithPasskey(false);
      if (!failed) return;
      setProblem(failed);
    } catch {
      setProblem({ title: 'Passkey sign-in failed', detail: 'The passkey prompt was closed or timed out. Try again, or sign in with your password.' });
    }
    setBusy(false);
  };

  return (
    <div className="flex flex-col gap-3">
      <ProblemAlert problem={problem} />
      <Button type="button" variant="secondary" size="lg" loading={busy} className="w-full" onClick={() => void start()}>
        Sign in with a passkey
      </Button>
    </div>
  );
}
