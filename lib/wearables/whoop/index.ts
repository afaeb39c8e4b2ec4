import 'server-only';
import type { WearableAdapter } from '../adapter';
import { identityFrom, revocationCall } from '../provider-calls';
import { jsonUserId, verifyHmacSignature } from '../webhook-checks';
import { WHOOP, WHOOP_API } from './oauth';
import { fetchWhoopHistory } from './sync';

// Whoop, from its public documentation:
// - whose a token is: GET /developer/v2/user/profile/basic (`user_id`); revoking the app's access:
//   DELETE /developer/v2/user/access.
// - webhooks: X-WHOOP-Signature = base64(HMAC-SHA256(timestamp + raw body, client secret)), the
//   timestamp (ms) in X-WHOOP-Signature-Timestamp; body `{user_id, id, type, trace_id}`. The webhook URL
//   is set once in Whoop's developer dashboard, so there is nothing to subscribe.

export const whoop = {
  ...WHOOP,
  identify: (accessToken) => identityFrom('whoop', `${WHOOP_API}/developer/v2/user/profile/basic`, accessToken, 'user_id'),
  revoke: (accessToken) => revocationCall('whoop', `${WHOOP_API}/developer/v2/user/access`, { method: 'DELETE', headers: { authorization: `Bearer ${accessToken}` } }),
  revokesByMember: false,
  sync: fetchWhoopHistory,
  webhook: {
    verify: (notification, now) => verifyHmacSignature(WHOOP, notification, { signatureHeader: 'x-whoop-signature', timestampHeader: 'x-whoop-signature-timestamp', encoding: 'base64' }, now),
    member: jsonUserId,
  },
} satisfies WearableAdapter<'whoop'>;
