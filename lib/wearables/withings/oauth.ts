import 'server-only';
import { env } from '@/lib/env';
import { MetricSource, WearableProvider } from '@/lib/generated/prisma/enums';
import type { ProviderBase } from '../adapter';
import { PermanentGrantFailure, tokenSetFrom, TransientGrantFailure } from '../oauth-grant';

// Withings' OAuth 2, from its public documentation: the consent at
// {WITHINGS_AUTH_BASE_URL}/oauth2_user/authorize2 (no PKCE), tokens from POST
// {WITHINGS_API_BASE_URL}/v2/oauth2 with action=requesttoken, for exchange and refresh alike. The answer
// is HTTP 200 with `status` 0 and the tokens (and the member's `userid`) in `body`, or another `status`
// on failure. Refresh tokens rotate and the old one dies.

/** Withings' API; configurable (as is its consent host) so that tests can point the app at a local fake. */
export const WITHINGS_API = env.WITHINGS_API_BASE_URL.replace(/\/+$/, '');

/** Withings' rate limit, in a body's `status`. */
export const TOO_MANY_REQUESTS = 601;

/** HTTP 200 either way: `status` 0 is success; 601 and Withings' own troubles (5xx but 503, invalid parameters) are worth another try; the rest refuse the grant. */
function readTokenAnswer(answer: unknown, _response: Response, now: Date) {
  const envelope = answer && typeof answer === 'object' ? (answer as { status?: unknown; body?: unknown }) : null;
  if (envelope?.status === 0 && envelope.body) {
    const set = tokenSetFrom(envelope.body, now);
    if (set) return set;
  }
  const status = typeof envelope?.status === 'number' ? envelope.status : null;
  if (status === TOO_MANY_REQUESTS || (status !== null && status >= 500 && status < 600 && status !== 503)) throw new TransientGrantFailure('withings', `status ${status}`);
  throw new PermanentGrantFailure('withings');
}

export const WITHINGS: ProviderBase<'withings'> = {
  key: 'withings',
  provider: WearableProvider.WITHINGS,
  source: MetricSource.WITHINGS,
  oauth: {
    authorizeUrl: `${env.WITHINGS_AUTH_BASE_URL.replace(/\/+$/, '')}/oauth2_user/authorize2`,
    tokenUrl: `${WITHINGS_API}/v2/oauth2`,
    scope: 'user.info,user.metrics,user.activity',
    clientIdEnv: 'WITHINGS_CLIENT_ID',
    clientSecretEnv: 'WITHINGS_CLIENT_SECRET',
    pkce: false,
    tokenFields: { action: 'requesttoken' },
    readTokenAnswer,
  },
};
