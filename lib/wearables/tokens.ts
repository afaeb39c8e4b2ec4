import 'server-only';
import { connectionAccessToken } from './connection-tokens';
import { adapterOfProvider } from './registry';

// A connection's tokens, for code that holds a connection id but not its provider: the provider's
// refresh comes from the registry. The sealing and the refresh itself are connection-tokens.ts'.

export { connectionTokenContext, NeedsReauth, REFRESH_MARGIN_MS, sealedColumns, storedAccessToken } from './connection-tokens';

/**
 * A usable access token for the connection, refreshed first when it is within REFRESH_MARGIN_MS of
 * expiry. Throws NeedsReauth when the connection cannot be used until the user reconnects, and the
 * grant's TransientGrantFailure when the provider should be asked again later.
 */
export const accessToken = (connectionId: string, now = new Date()): Promise<string> => connectionAccessToken(connectionId, adapterOfProvider, now);
