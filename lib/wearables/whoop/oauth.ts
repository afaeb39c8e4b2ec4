import 'server-only';
import { env } from '@/lib/env';
import { MetricSource, WearableProvider } from '@/lib/generated/prisma/enums';
import type { ProviderBase } from '../adapter';

// Whoop's OAuth 2, from its public documentation: the consent at {WHOOP_BASE_URL}/oauth/oauth2/auth
// with PKCE (S256), tokens from POST /oauth/oauth2/token, form-encoded; access tokens last 3600 s and
// refresh tokens rotate (the `offline` scope is needed for one).

/** Whoop's API and OAuth server; configurable so that tests can point the app at a local fake. */
export const WHOOP_API = env.WHOOP_BASE_URL.replace(/\/+$/, '');

export const WHOOP: ProviderBase<'whoop'> = {
  key: 'whoop',
  provider: WearableProvider.WHOOP,
  source: MetricSource.WHOOP,
  oauth: {
    authorizeUrl: `${WHOOP_API}/oauth/oauth2/auth`,
    tokenUrl: `${WHOOP_API}/oauth/oauth2/token`,
    scope: 'offline read:recovery read:cycles read:sleep read:workout read:profile read:body_measurement',
    clientIdEnv: 'WHOOP_CLIENT_ID',
    clientSecretEnv: 'WHOOP_CLIENT_SECRET',
    pkce: true,
  },
};
