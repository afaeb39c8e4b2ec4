import { z } from 'zod';
import type { WearableKey } from '@/lib/wearables/catalogue';

/** The popup's message as POST /api/store_{provider}_token receives it (SPEC §7): its own source and a token. */
export function tokenMessageSchema(source: WearableKey) {
  return z.looseObject({
    source: z.literal(source, { error: 'This connection came from another device.' }),
    access_token: z.string({ error: 'The device did not send an access token.' }).trim().min(1, 'The device did not send an access token.').max(4096, 'That access token is too long.'),
    refresh_token: z.string({ error: 'The refresh token must be text.' }).trim().min(1).max(4096, 'That refresh token is too long.').optional(),
    expires_in: z.number({ error: 'expires_in must be a number of seconds.' }).int('expires_in must be a whole number of seconds.').positive('expires_in must be positive.').max(400 * 86_400, 'expires_in is too long.').optional(),
    scope: z.string({ error: 'The scope must be text.' }).max(1000).optional(),
  });
}
