import { z } from 'zod';

/** The popup's message as POST /api/store_{provider}_token receives it (SPEC §7): its own source and a token. */
export function tokenMessageSchema(source: 'whoop' | 'oura' | 'withings') {
  return z.looseObject({
    source: z.literal(source, { error: 'This connection came from another device.' }),
    access_token: z.string({ error: 'The device did not send an access token.' }).trim().min(1, 'The device did not send an access token.'),
  });
}
