import 'server-only';
import { env } from '@/lib/env';
import { MetricSource, WearableProvider } from '@/lib/generated/prisma/enums';
import type { ProviderBase } from '../adapter';

// Oura's OAuth 2, from its public documentation: the consent at {OURA_AUTH_BASE_URL}/oauth/authorize,
// tokens from POST {OURA_API_BASE_URL}/oauth/token, form-encoded. Its documentation offers no PKCE.

/** Oura's API; configurable (as is its consent host) so that tests can point the app at a local fake. */
export const OURA_API = env.OURA_API_BASE_URL.replace(/\/+$/, '');

export const OURA: ProviderBase<'oura'> = {
  key: 'oura',
  provider: WearableProvider.OURA,
  source: MetricSource.OURA,
  oauth: {
    authorizeUrl: `${env.OURA_AUTH_BASE_URL.replace(/\/+$/, '')}/oauth/authorize`,
    tokenUrl: `${OURA_API}/oauth/token`,
    scope: 'personal daily heartrate workout session spo2Daily',
    clientIdEnv: 'OURA_CLIENT_ID',
    clientSecretEnv: 'OURA_CLIENT_SECRET',
    pkce: false,
  },
};
