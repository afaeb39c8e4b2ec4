/** Set by server.mjs on every request, replacing any copy the client sent; keep the two in step. */
export const CLIENT_ADDRESS_HEADER = 'x-vitality-client-address';
