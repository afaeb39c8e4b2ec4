'use client';

import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { getJson, postJson } from '@/lib/client/api-call';
import { formatTimestampGB } from '@/lib/format';
import { LOGIN_PATH } from '@/lib/routes';

export type DeviceTokenRow = { id: string; name: string; created_at: string; last_used_at: string | null };

/** My devices → Companion app: the device tokens the iOS app sends Apple Health data with. */
export function DeviceTokens({ initial }: { initial: DeviceTokenRow[] }) {
  const [tokens, setTokens] = useState(initial);
  const [name, setName] = useState('');
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The token the member asked to revoke, waiting for their confirmation.
  const [revoking, setRevoking] = useState<DeviceTokenRow | null>(null);

  const refresh = async () => {
    const result = await getJson('/api/device-tokens');
    if (result.ok) setTokens((result.data as { tokens: DeviceTokenRow[] }).tokens);
  };
  const run = async (call: () => Promise<{ ok: boolean; status: number; message?: string }>, fallback: string) => {
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

  const create = async () => {
    let token = '';
    const ok = await run(async () => {
      const result = await postJson('/api/device-tokens', { name: name.trim() });
      token = result.ok ? String((result.data as { token: string }).token) : '';
      return result;
    }, 'The token could not be made. Please try again.');
    if (!ok) return;
    setMade({ name: name.trim(), token });
    setName('');
    await refresh();
  };

  const revoke = async (id: string) => {
    const ok = await run(() => postJson(`/api/device-tokens/${encodeURIComponent(id)}/revoke`), 'The token could not be revoked. Please try again.');
    setRevoking(null);
    if (ok) await refresh();
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-neutral-600">
        The Vitality iOS app sends your Apple Health data with a device token. Make one for each phone, paste it into the app, and revoke it if the phone is lost.
      </p>
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
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) void create();
        }}
      >
        <div className="flex-1">
          <Input label="Device name" placeholder="e.g. Alex's iPhone" value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
        </div>
        <Button type="submit" disabled={busy || !name.trim()}>
          Make a token
        </Button>
      </form>
      {tokens.length ? (
        <ul className="flex flex-col divide-y divide-neutral-100 rounded-control border border-neutral-200">
          {tokens.map((token) => (
            <li key={token.id} className="flex items-center justify-between gap-4 px-4 py-3">
              <div className="min-w-0">
                <p className="text-sm font-semibold text-neutral-900">{token.name}</p>
                <p className="text-xs text-neutral-600">
                  Made {formatTimestampGB(token.created_at)} · {token.last_used_at ? `last used ${formatTimestampGB(token.last_used_at)}` : 'not used yet'}
                </p>
              </div>
              <Button type="button" variant="secondary" disabled={busy} onClick={() => setRevoking(token)} aria-label={`Revoke the token for ${token.name}`}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-neutral-600">No device tokens yet.</p>
      )}
      <Modal
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
      </Modal>
    </div>
  );
}
