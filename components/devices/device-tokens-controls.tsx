'use client';

import { useRouter } from 'next/navigation';
import { createContext, use, useState, type ReactNode } from 'react';
import { useStepUp } from '@/components/security/step-up';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/forms/submit-button';
import { LazyModal } from '@/components/ui/lazy-modal';
import { postJson, type Answer } from '@/lib/client/api-call';
import { LOGIN_PATH } from '@/lib/routes';

/** A token as its Revoke button knows it. */
export type RevocableToken = { id: string; name: string };

const RevokeContext = createContext<{ busy: boolean; ask: (token: RevocableToken) => void } | null>(null);

/** The form's device name, trimmed. */
const nameOf = (form: HTMLFormElement): string => String(new FormData(form).get('name') ?? '').trim();

/**
 * My devices → Companion app, its working part: making a device token (shown once) and revoking one after
 * a confirmation. `nameField` is the form's "Device name" input (`name="name"`) and `children` the tokens'
 * list with a RevokeTokenButton each, both drawn by the server, whose list is read again after each change.
 */
export function DeviceTokensControls({ nameField, children }: { nameField: ReactNode; children: ReactNode }) {
  const router = useRouter();
  // Whether the name field holds more than spaces (the field itself keeps its text).
  const [named, setNamed] = useState(false);
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The token the member asked to revoke, waiting for their confirmation.
  const [revoking, setRevoking] = useState<RevocableToken | null>(null);

  const run = async (call: () => Promise<Answer & { ok: boolean }>, fallback: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await call();
      if (result.status === 401) {
        window.location.assign(LOGIN_PATH);
        return false;
      }
      if (!result.ok) setProblem(result.message ?? fallback);
      return result.ok;
    } catch {
      setProblem('We could not reach Vitality. Check your connection and try again.');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const stepUp = useStepUp('create a device token');

  const create = async (form: HTMLFormElement, name: string) => {
    let token = '';
    const ok = await run(async () => {
      const result = await stepUp.run(() => postJson('/api/device-tokens', { name }));
      token = result.ok ? String((result.data as { token: string }).token) : '';
      return result;
    }, 'The token could not be made. Please try again.');
    if (!ok) return;
    setMade({ name, token });
    form.reset();
    setNamed(false);
    router.refresh();
  };

  const revoke = async (id: string) => {
    const ok = await run(() => postJson(`/api/device-tokens/${encodeURIComponent(id)}/revoke`), 'The token could not be revoked. Please try again.');
    setRevoking(null);
    if (ok) router.refresh();
  };

  return (
    <>
      {problem ? <Alert variant="error">{problem}</Alert> : null}
      {made ? (
        <Alert variant="success" title={`Token for ${made.name}`}>
          <p>Copy it into the iOS app now: it is shown only once.</p>
          <code className="mt-2 block rounded-control bg-white px-3 py-2 font-mono text-xs break-all text-neutral-900" data-testid="new-device-token">
            {made.token}
          </code>
        </Alert>
      ) : null}
      <form
        className="flex items-end gap-3"
        onInput={(event) => setNamed(Boolean(nameOf(event.currentTarget)))}
        onSubmit={(event) => {
          event.preventDefault();
          const name = nameOf(event.currentTarget);
          if (name) void create(event.currentTarget, name);
        }}
      >
        <div className="flex-1">{nameField}</div>
        <SubmitButton disabled={busy || !named}>
          Make a token
        </SubmitButton>
      </form>
      <RevokeContext value={{ busy, ask: setRevoking }}>{children}</RevokeContext>
      <LazyModal
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title={revoking ? `Revoke the token for ${revoking.name}?` : 'Revoke the token'}
        footer={
          <>
            <Button type="button" variant="secondary" onClick={() => setRevoking(null)}>
              Keep it
            </Button>
            <Button type="button" loading={busy} onClick={() => revoking && void revoke(revoking.id)}>
              Revoke
            </Button>
          </>
        }
      >
        <p>The iOS app on that phone stops sending your Apple Health data until you give it a new token. The data already sent stays in your history.</p>
      </LazyModal>
      {stepUp.dialog}
    </>
  );
}

/** A listed token's Revoke, which asks DeviceTokensControls to confirm first. */
export function RevokeTokenButton({ token }: { token: RevocableToken }) {
  const context = use(RevokeContext);
  if (!context) throw new Error('RevokeTokenButton outside DeviceTokensControls');
  return (
    <Button type="button" variant="secondary" disabled={context.busy} onClick={() => context.ask(token)} aria-label={`Revoke the token for ${token.name}`}>
      Revoke
    </Button>
  );
}
