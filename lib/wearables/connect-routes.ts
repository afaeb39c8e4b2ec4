import 'server-only';
import { route } from '@/lib/api/route';
import { ApiError } from '@/lib/api/errors';
import { tokenMessageSchema } from '@/lib/validation/wearables';
import { authorizationUrl } from './connect';
import { unavailableMessage, WEARABLE_NAMES, wearableConfigured, type Wearable } from './providers';

/** Refuses while the provider has no OAuth client (503), and until its flow is built (501). */
function refuseConnecting(wearable: Wearable): never {
  const name = WEARABLE_NAMES[wearable];
  if (!wearableConfigured(wearable)) {
    console.warn(`[wearables] ${name} is not configured: set ${wearable.toUpperCase()}_CLIENT_ID and _CLIENT_SECRET to offer it.`);
    throw new ApiError(503, unavailableMessage(wearable));
  }
  // The OAuth exchange arrives with the wearables issue; until then a configured provider says so plainly.
  throw new ApiError(501, `Connecting ${name} is coming soon. You can carry on without it and connect it later.`);
}

/** GET /api/get-{wearable}-authorization-url: the provider's consent URL, as plain text (503 while it cannot be offered). */
export function authorizationUrlRoute(wearable: Wearable) {
  return route({ auth: 'user' }, async ({ user }) => new Response(await authorizationUrl(user.id, wearable), { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } }));
}

/** POST /api/store_{wearable}_token: the popup's message with the provider's tokens. */
export function storeTokenRoute(wearable: Wearable) {
  return route({ auth: 'user', body: tokenMessageSchema(wearable) }, () => refuseConnecting(wearable));
}
