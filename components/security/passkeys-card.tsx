'use client';

import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { deleteJson, postJson, requestJson } from '@/lib/client/api-call';
import { useHydrated } from '@/lib/client/use-hydrated';
import { formatDateAt } from '@/lib/format';
import { useTimeZone } from '@/components/time/time-zone-provider';
import { PASSKEY_NAME_MAX } from '@/lib/validation/sign-in-factors';
import { useStepUp } from './step-up';

export type PasskeyItem = { id: string; name: string; synced: boolean; createdAt: string; lastUsedAt: string | null };

type Editing = { mode: 'add' } | { mode: 'rename'; passkey: PasskeyItem } | { mode: 'remove'; passkey: PasskeyItem };

/** A name the member will recognise for the passkey this browser is about to make. */
function suggestedName(): string {
  const agent = navigator.userAgent;
  const system = /iPhone/.test(agent) ? 'iPhone' : /iPad/.test(agent) ? 'iPad' : /Android/.test(agent) ? 'Android' : /Mac/.test(agent) ? 'Mac' : /Windows/.test(agent) ? 'Windows' : /Linux/.test(agent) ? 'Linux' : 'this device';
  return `Passkey on ${system}`;
}

type Props = { available: boolean; passkeys: PasskeyItem[]; /** How the member signs in instead, where passkeys are off. */ instead: SignInInstead };

/** How a member signs in without passkeys: with a provider, a password and an authenticator code (on or on offer), or a password alone. */
export type SignInInstead = 'provider' | 'password-and-code' | 'password-offer-code' | 'password';

const WITHOUT_PASSKEYS: Record<SignInInstead, string> = {
  provider: 'You sign in with Google or Apple, which ask for their own second step.',
  'password-and-code': 'You sign in with your password and the code from your authenticator app.',
  'password-offer-code': 'Sign in with your password and the code from your authenticator app: turn on two-step verification below.',
  password: 'You sign in with your password. Keep it long, and use it for Vitality only.',
};

/** Settings → Passkeys: add one (the device's own lock signs in: no password, no code), rename or remove each. */
export function PasskeysCard({ available, passkeys, instead }: Props) {
  const router = useRouter();
  const stepUp = useStepUp('change your passkeys');
  const [editing, setEditing] = useState<Editing | null>(null);
  const timeZone = useTimeZone();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The server cannot know the browser: the button shows until the browser says it can't.
  const supported = !useHydrated() || browserSupportsWebAuthn();

  const open = (next: Editing) => {
    setEditing(next);
    setProblem(null);
    setName(next.mode === 'add' ? suggestedName() : next.mode === 'rename' ? next.passkey.name : '');
  };
  const close = () => (busy ? undefined : setEditing(null));

  const done = (message: string) => {
    setEditing(null);
    setNotice(message);
    router.refresh();
  };

  const add = async () => {
    const options = await stepUp.run(() => postJson<{ options: Parameters<typeof startRegistration>[0]['optionsJSON'] }>('/api/passkeys/registration-options'));
    if (!options.ok) return setProblem(options.message ?? 'Your passkey could not be made. Please try again.');
    let response;
    try {
      response = await startRegistration({ optionsJSON: options.data.options });
    } catch (error) {
      const name = (error as Error)?.name;
      return setProblem(name === 'InvalidStateError' ? 'This device already has a passkey for your account.' : 'The passkey prompt was closed or timed out. Nothing was saved.');
    }
    const saved = await postJson('/api/passkeys', { name: name.trim(), response });
    if (!saved.ok) return setProblem(saved.message ?? 'Your passkey could not be saved. Please try again.');
    done(`Passkey “${name.trim()}” added. You can now sign in with it.`);
  };

  const rename = async (passkey: PasskeyItem) => {
    const result = await requestJson(`/api/passkeys/${encodeURIComponent(passkey.id)}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: name.trim() }) });
    if (!result.ok) return setProblem(result.message ?? 'The passkey could not be renamed. Please try again.');
    done('Passkey renamed.');
  };

  const remove = async (passkey: PasskeyItem) => {
    const result = await stepUp.run(() => deleteJson(`/api/passkeys/${encodeURIComponent(passkey.id)}`));
    if (!result.ok) return setProblem(result.message ?? 'The passkey could not be removed. Please try again.');
    done(`Passkey “${passkey.name}” removed. Remove it from the device’s password manager too.`);
  };

  const confirm = async () => {
    if (!editing) return;
    if (editing.mode !== 'remove' && !name.trim()) return setProblem('Give the passkey a name.');
    setBusy(true);
    setProblem(null);
    try {
      if (editing.mode === 'add') await add();
      else if (editing.mode === 'rename') await rename(editing.passkey);
      else await remove(editing.passkey);
    } catch {
      setProblem('We couldn’t reach Vitality. Check your connection and try again.');
    }
    setBusy(false);
  };

  if (!available) {
    return <p className="text-sm text-neutral-700">{WITHOUT_PASSKEYS[instead]}</p>;
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-neutral-700">
        A passkey signs you in with your device’s fingerprint, face or screen lock: no password to type or steal, and it counts as both steps of sign-in.
      </p>
      {notice ? (
        <Alert variant="success">
          {notice}
        </Alert>
      ) : null}
      {passkeys.length ? (
        <ul className="flex flex-col divide-y divide-neutral-100 rounded-lg border border-neutral-200" aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="flex flex-col gap-0.5">
                <p className="text-sm font-medium text-neutral-900">{passkey.name}</p>
                <p className="text-xs text-neutral-600">
                  Added {formatDateAt(passkey.createdAt, timeZone)} · {passkey.lastUsedAt ? `last used ${formatDateAt(passkey.lastUsedAt, timeZone)}` : 'not used yet'}
                  {passkey.synced ? ' · synced across your devices' : ''}
                </p>
              </div>
              <div className="flex gap-2">
                <Button type="button" size="sm" variant="secondary" onClick={() => open({ mode: 'rename', passkey })} aria-label={`Rename ${passkey.name}`}>
                  Rename
                </Button>
                <Button type="button" size="sm" variant="secondary" onClick={() => open({ mode: 'remove', passkey })} aria-label={`Remove ${passkey.name}`}>
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-neutral-600">You have no passkeys yet.</p>
      )}
      {supported ? (
        <Button type="button" variant={passkeys.length ? 'secondary' : 'primary'} className="self-start" onClick={() => open({ mode: 'add' })}>
          Add a passkey
        </Button>
      ) : (
        <p className="text-sm text-neutral-700">This browser can’t make passkeys. Open Vitality in an up-to-date Chrome, Safari, Edge or Firefox to add one.</p>
      )}
      <Modal
        open={editing !== null}
        onClose={close}
        title={editing?.mode === 'add' ? 'Add a passkey' : editing?.mode === 'rename' ? 'Rename passkey' : 'Remove passkey'}
        footer={
          <>
            <Button type="button" variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="button" variant={editing?.mode === 'remove' ? 'danger' : 'primary'} loading={busy} onClick={() => void confirm()}>
              {editing?.mode === 'add' ? 'Create passkey' : editing?.mode === 'rename' ? 'Save name' : 'Remove passkey'}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          {editing?.mode === 'remove' ? (
            <p className="text-neutral-800">“{editing.passkey.name}” will no longer sign you in. Remove it from the device’s password manager too.</p>
          ) : (
            <>
              {editing?.mode === 'add' ? <p className="text-neutral-800">Name it after the device that keeps it, so you can tell your passkeys apart. Your browser will then ask for your fingerprint, face or screen lock.</p> : null}
              <Input label="Name" value={name} maxLength={PASSKEY_NAME_MAX} onChange={(e) => setName(e.target.value)} autoFocus />
            </>
          )}
          {problem ? <Alert variant="error">{problem}</Alert> : null}
        </div>
      </Modal>
      {stepUp.dialog}
    </div>
  );
}
