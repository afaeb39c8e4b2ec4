'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/forms/submit-button';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { deleteJson, postJson } from '@/lib/client/api-call';
import { CopyCodesButton } from './copy-codes-button';
import { useStepUp } from './step-up';

type Setup = { secret: string; otpauth_url: string; qr_svg: string };
type Props = { enabled: boolean; available: boolean; recoveryCodesLeft: number; hasPassword: boolean; /** Passkeys can be added above. */ passkeys: boolean };

/**
 * Settings → Two-step verification: an authenticator app asked for after the password, set up from a QR
 * code (or its key typed in), with ten single-use recovery codes shown once; turned off, or the codes
 * renewed, after confirming it's you.
 */
export function TwoStepCard({ enabled, available, recoveryCodesLeft, hasPassword, passkeys }: Props) {
  const router = useRouter();
  const stepUp = useStepUp('change two-step verification');
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch {
      setProblem('We couldn’t reach Vitality. Check your connection and try again.');
    }
    setBusy(false);
  };

  const start = () =>
    attempt(async () => {
      const result = await stepUp.run(() => postJson<Setup>('/api/security/totp/setup'));
      if (!result.ok) return setProblem(result.message ?? 'Two-step verification could not be set up. Please try again.');
      setCode('');
      setSetup(result.data);
    });

  const enable = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      const result = await postJson<{ recovery_codes: string[] }>('/api/security/totp/enable', { code });
      if (!result.ok) return setProblem(result.message ?? 'That code didn’t match. Please try again.');
      setSetup(null);
      setCodes(result.data.recovery_codes);
    });
  };

  const renewCodes = () =>
    attempt(async () => {
      const result = await stepUp.run(() => postJson<{ recovery_codes: string[] }>('/api/security/recovery-codes'));
      if (!result.ok) return setProblem(result.message ?? 'New recovery codes could not be made. Please try again.');
      setCodes(result.data.recovery_codes);
    });

  const turnOff = () =>
    attempt(async () => {
      const result = await stepUp.run(() => deleteJson('/api/security/totp'));
      if (!result.ok) return setProblem(result.message ?? 'Two-step verification could not be turned off. Please try again.');
      setConfirmOff(false);
      router.refresh();
    });

  const closeCodes = () => {
    setCodes(null);
    router.refresh();
  };

  const download = () => {
    if (!codes) return;
    const blob = new Blob([`Vitality recovery codes\nEach code signs you in once, instead of your authenticator app.\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'vitality-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(link.href);
  };

  if (!hasPassword) {
    return <p className="text-sm text-neutral-700">You sign in with Google or Apple, which ask for your second step themselves. Add a passkey above for a sign-in without a password.</p>;
  }
  if (!available && !enabled) {
    return (
      <p className="text-sm text-neutral-700">
        {passkeys ? 'Add a passkey above to protect your account with more than your password: your device’s fingerprint, face or PIN signs you in.' : 'You sign in with your password. Keep it long, and use it for Vitality only.'}
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {enabled ? (
        <>
          <p className="text-sm text-neutral-800">
            <span className="mr-2 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-900 ring-1 ring-brand-200 ring-inset">On</span>
            After your password, Vitality asks for a code from your authenticator app.
          </p>
          <p className="text-sm text-neutral-700">
            {recoveryCodesLeft === 1 ? '1 recovery code left.' : `${recoveryCodesLeft} recovery codes left.`}
            {recoveryCodesLeft <= 3 ? ' Make new ones before you run out.' : ''}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button type="button" variant="secondary" loading={busy && !confirmOff} onClick={() => void renewCodes()}>
              New recovery codes
            </Button>
            <Button type="button" variant="secondary" onClick={() => setConfirmOff(true)}>
              Turn off two-step verification
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-neutral-700">
            After your password, ask for a code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Authy…), so a stolen password alone can’t open your account.
          </p>
          <Button type="button" className="self-start" loading={busy && !setup} onClick={() => void start()}>
            Set up an authenticator app
          </Button>
        </>
      )}
      {problem && !setup && !confirmOff ? <Alert variant="error">{problem}</Alert> : null}

      <Modal open={setup !== null} onClose={() => (busy ? undefined : setSetup(null))} title="Set up your authenticator app" size="lg"
        footer={
          <>
            <Button type="button" variant="secondary" onClick={() => setSetup(null)} disabled={busy}>
              Cancel
            </Button>
            <SubmitButton form="totp-enable-form" loading={busy}>
              Turn on
            </SubmitButton>
          </>
        }
      >
        {setup ? (
          <div className="flex flex-col gap-4">
            <p className="text-neutral-800">1. Scan this QR code with your authenticator app.</p>
            <div role="img" aria-label="QR code for your authenticator app" className="size-44 self-center [&>svg]:size-full" dangerouslySetInnerHTML={{ __html: setup.qr_svg }} />
            <p className="text-neutral-800">
              Can’t scan it? Enter this key instead: <code className="rounded bg-neutral-100 px-1.5 py-0.5 font-mono text-sm tracking-wider text-neutral-900" data-testid="totp-secret">{setup.secret}</code>
            </p>
            <form id="totp-enable-form" onSubmit={enable} noValidate className="flex flex-col gap-3">
              <Input label="2. Enter the 6-digit code it shows" autoComplete="one-time-code" inputMode="numeric" maxLength={7} value={code} onChange={(e) => setCode(e.target.value)} />
            </form>
            {problem ? <Alert variant="error">{problem}</Alert> : null}
          </div>
        ) : null}
      </Modal>

      <Modal open={codes !== null} onClose={closeCodes} title="Save your recovery codes" size="lg"
        footer={
          <>
            <Button type="button" variant="secondary" onClick={download}>
              Download as a file
            </Button>
            <Button type="button" onClick={closeCodes}>
              I’ve saved them
            </Button>
          </>
        }
      >
        {codes ? (
          <div className="flex flex-col gap-4">
            <p className="text-neutral-800">If you lose your phone, each of these codes signs you in once instead of a code from the app. Keep them somewhere safe: this is the only time they are shown.</p>
            <ul className="grid grid-cols-2 gap-2 rounded-lg bg-neutral-50 p-4 font-mono text-sm tracking-wider text-neutral-900" aria-label="Your recovery codes" data-testid="recovery-codes">
              {codes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <CopyCodesButton codes={codes} />
          </div>
        ) : null}
      </Modal>

      <Modal open={confirmOff} onClose={() => (busy ? undefined : setConfirmOff(false))} title="Turn off two-step verification"
        footer={
          <>
            <Button type="button" variant="secondary" onClick={() => setConfirmOff(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="button" variant="danger" loading={busy} onClick={() => void turnOff()}>
              Turn off
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          <p className="text-neutral-800">Your password alone will sign you in again. Your recovery codes stop working, and remembered browsers are forgotten.</p>
          {problem ? <Alert variant="error">{problem}</Alert> : null}
        </div>
      </Modal>
      {stepUp.dialog}
    </div>
  );
}
