import 'server-only';
import type { WearableAdapter } from '../adapter';
import { identityFrom, revocationCall } from '../provider-calls';
import { OURA, OURA_API } from './oauth';
import { fetchOuraHistory } from './sync';
import { ouraWebhook } from './webhook';

// Oura, from its API v2 documentation: whose a token is, GET /v2/usercollection/personal_info (`id`);
// revoking the app's access, GET /oauth/revoke?access_token=….

export const oura = {
  ...OURA,
  identify: (accessToken) => identityFrom('oura', `${OURA_API}/v2/usercollection/personal_info`, accessToken, 'id'),
  revoke: (accessToken) => {
    const url = new URL(`${OURA_API}/oauth/revoke`);
    url.searchParams.set('access_token', accessToken);
    return revocationCall('oura', url.toString(), { method: 'GET' });
  },
  revokesByMember: false,
  sync: fetchOuraHistory,
  webhook: ouraWebhook,
} satisfies WearableAdapter<'oura'>;
