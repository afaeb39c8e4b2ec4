import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { ApiError } from '@/lib/errors';
import { db } from '@/lib/db';
import { queueWearableSync } from '@/lib/jobs/send';
import { env } from '@/lib/env';
import { ConnectionStatus, type WearableProvider } from '@/lib/generated/prisma/enums';
import { openToken, sealToken, tokenCipherReady } from '@/lib/security/token-cipher';
import type { TokenSet, WearableAdapter } from './adapter';
import { WEARABLE_NAMES, type WearableKey } from './catalogue';
import { sealedColumns } from './connection-tokens';
import { clientOf, codeGrant, wearableConfigured } from './oauth-grant';
import { TokenRejected } from './provider-calls';
import { adapterFor } from './registry';

// The OAuth 2 authorization-code flow, with `state` tied to the signed-in user and PKCE where the
// provider takes it (its adapter's `oauth`). The code is exchanged here, on the server: tokens never
// reach the browser. An API client may also submit a token it obtained itself.

const STATE_TTL_MS = 10 * 60_000;

export const redirectUri = (wearable: WearableKey) => `${env.APP_URL.replace(/\/$/, '')}/authorize/wearables/${wearable}`;
const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');
/** What a PKCE verifier is sealed under (the key rotation re-seals under the same). */
export const verifierContext = (userId: string, provider: WearableProvider) => `${userId}:${provider}:pkce`;

/** What the user reads when a wearable cannot be connected on this server (the reason goes to the log). */
export const unavailableMessage = (wearable: WearableKey): string =>
  `${WEARABLE_NAMES[wearable]} can't be connected to Vitality. Export your history from the ${WEARABLE_NAMES[wearable]} app and import the file on My devices instead.`;

/** The wearable's adapter, once it can be connected; otherwise why not, in the product's words (the operator's reason goes to the log). */
function connectable(wearable: WearableKey): WearableAdapter {
  const adapter = adapterFor(wearable);
  if (!wearableConfigured(adapter)) throw new ApiError(503, unavailableMessage(wearable));
  if (!tokenCipherReady()) {
    console.warn('[wearables] TOKEN_ENCRYPTION_KEY is not set: wearable tokens cannot be stored, so no wearable can be connected.');
    throw new ApiError(503, unavailableMessage(wearable));
  }
  return adapter;
}

/** GET /api/get-{wearable}-authorization-url: the consent URL, with a fresh state (and PKCE challenge). */
export async function authorizationUrl(userId: string, wearable: WearableKey, now = new Date()): Promise<string> {
  const adapter = connectable(wearable);
  const state = randomBytes(32).toString('base64url');
  const verifier = adapter.oauth.pkce ? randomBytes(48).toString('base64url') : null;
  await db.$transaction([
    // A user's abandoned attempts go as new ones start.
    db.wearableOAuthState.deleteMany({ where: { userId, expiresAt: { lt: now } } }),
    db.wearableOAuthState.create({
      data: {
        stateHash: hashOf(state),
        userId,
        provider: adapter.provider,
        codeVerifierEncrypted: verifier ? sealToken(verifier, verifierContext(userId, adapter.provider)) : null,
        expiresAt: new Date(now.getTime() + STATE_TTL_MS),
      },
    }),
  ]);
  const url = new URL(adapter.oauth.authorizeUrl);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientOf(adapter)!.id,
    redirect_uri: redirectUri(wearable),
    scope: adapter.oauth.scope,
    state,
    ...(verifier ? { code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' } : {}),
  }).toString();
  return url.toString();
}

export type CallbackQuery = { code: string | null; state: string | null; error: string | null };

/**
 * The provider's redirect back: the state must be one this user started for this provider, unused and
 * not expired (it is used up either way). Then the code is exchanged and the connection stored, sealed.
 * Any failure (a denied consent, a provider error, a foreign or replayed state) stores nothing.
 */
export async function completeConnection(userId: string, wearable: WearableKey, query: CallbackQuery, now = new Date()): Promise<void> {
  const adapter = adapterFor(wearable);
  if (!query.state || query.state.length > 200) throw new Error('no state');
  const found = await db.wearableOAuthState.findUnique({ where: { stateHash: hashOf(query.state) } });
  if (!found) throw new Error('unknown state');
  // Used once: a replay, or a second tab racing this one, finds nothing.
  const { count } = await db.wearableOAuthState.deleteMany({ where: { id: found.id } });
  if (count === 0 || found.userId !== userId || found.provider !== adapter.provider || found.expiresAt < now) throw new Error('state not for this attempt');
  if (query.error || !query.code) throw new Error('consent not given');
  connectable(wearable);

  const verifier = found.codeVerifierEncrypted ? openToken(found.codeVerifierEncrypted, verifierContext(userId, adapter.provider)) : null;
  const tokens = await codeGrant(adapter, query.code, redirectUri(wearable), verifier, now);
  // Some token answers (Whoop's, Oura's) do not say whose they are; webhooks name the member by it.
  const externalUserId = tokens.externalUserId ?? (await adapter.identify(tokens.accessToken).catch(() => null));
  await storeConnection(userId, adapter, { ...tokens, externalUserId }, now);
}

/**
 * Stores a verified token set as the user's connection (sealed), marked as syncing, and queues its
 * sync on the job queue, never in this request. The connection stands if queueing fails: the poller
 * picks the history up.
 */
async function storeConnection(userId: string, { key, provider }: WearableAdapter, tokens: TokenSet, now: Date): Promise<void> {
  const data = { ...sealedColumns(userId, provider, tokens), scopes: tokens.scopes, externalUserId: tokens.externalUserId, status: ConnectionStatus.CONNECTED, syncStartedAt: now, syncProgress: 0 };
  const connection = await db.wearableConnection.upsert({ where: { userId_provider: { userId, provider } }, create: { userId, provider, ...data }, update: data, select: { id: true } });
  await queueWearableSync(connection.id, 'connect').catch((error: unknown) => {
    console.error(`[wearables] the ${key} sync could not be queued: ${error instanceof Error ? error.name : 'unknown error'}`);
  });
}

/** A token an API client submits (POST /api/store_{provider}_token). */
export type SubmittedToken = { access_token: string; refresh_token?: string; expires_in?: number; scope?: string };

/**
 * POST /api/store_{provider}_token: a token obtained elsewhere is stored only once the provider itself
 * has answered to it; one it refuses gets a 400 and stores nothing.
 */
export async function storeSubmittedToken(userId: string, wearable: WearableKey, submitted: SubmittedToken, now = new Date()): Promise<void> {
  const adapter = connectable(wearable);
  let externalUserId: string | null;
  try {
    externalUserId = await adapter.identify(submitted.access_token);
  } catch (error) {
    if (error instanceof TokenRejected) throw new ApiError(400, `Error storing ${WEARABLE_NAMES[wearable]} token`);
    throw new ApiError(503, adapter.storeTokenFailure ?? 'Failed to store tokens. Please try again.');
  }
  const tokens: TokenSet = {
    accessToken: submitted.access_token,
    refreshToken: submitted.refresh_token ?? null,
    expiresAt: submitted.expires_in === undefined ? null : new Date(now.getTime() + submitted.expires_in * 1000),
    scopes: submitted.scope ? submitted.scope.split(/[\s,]+/).filter(Boolean) : [],
    externalUserId,
  };
  await storeConnection(userId, adapter, tokens, now);
}
