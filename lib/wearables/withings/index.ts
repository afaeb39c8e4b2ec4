import 'server-only';
import type { WearableAdapter } from '../adapter';
import { identifyWithingsMember, revokeWithingsAccess } from './account';
import { WITHINGS } from './oauth';
import { fetchWithingsHistory } from './sync';
import { withingsWebhook } from './webhook';

export const withings = {
  ...WITHINGS,
  identify: identifyWithingsMember,
  revoke: revokeWithingsAccess,
  revokesByMember: true,
  sync: fetchWithingsHistory,
  webhook: withingsWebhook,
  storeTokenFailure: 'Failed to store Withings tokens. Please try again.',
} satisfies WearableAdapter<'withings'>;
