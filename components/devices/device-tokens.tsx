import { Input } from '@/components/ui/input';
import { Timestamp } from '@/components/time/timestamp';
import { DeviceTokensControls, RevokeTokenButton } from './device-tokens-controls';

export type DeviceTokenRow = { id: string; name: string; created_at: string; last_used_at: string | null };

/** My devices → Companion app: the device tokens the iOS app sends Apple Health data with. */
export function DeviceTokens({ tokens }: { tokens: DeviceTokenRow[] }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-neutral-600">
        The Vitality iOS app sends your Apple Health data with a device token. Make one for each phone, paste it into the app, and revoke it if the phone is lost.
      </p>
      <DeviceTokensControls nameField={<Input label="Device name" name="name" placeholder="e.g. Alex's iPhone" maxLength={60} />}>
        {tokens.length ? (
          <ul className="flex flex-col divide-y divide-neutral-100 rounded-control border border-neutral-200">
            {tokens.map((token) => (
              <li key={token.id} className="flex items-center justify-between gap-4 px-4 py-3">
                <div className="min-w-0">
                  <p className="text-sm font-semibold text-neutral-900">{token.name}</p>
                  <p className="text-xs text-neutral-600">
                    Made <Timestamp value={token.created_at} /> · {token.last_used_at ? <>last used <Timestamp value={token.last_used_at} /></> : 'not used yet'}
                  </p>
                </div>
                <RevokeTokenButton token={{ id: token.id, name: token.name }} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-neutral-600">No device tokens yet.</p>
        )}
      </DeviceTokensControls>
    </div>
  );
}
