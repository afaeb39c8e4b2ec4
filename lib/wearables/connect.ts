import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { ApiError } from '@/lib/errors';
import { db } from '@/lib/db';
import { queueWearableSync } from '@/lib/jobs/send';
import { env } from '@/lib/env';
import { ConnectionStatus } from '@/lib/generated/prisma/enums';
import { openToken, sealToken, tokenCipherReady } from '@/lib/security/token-cipher';
import { providerIdentity, TokenRejected } from './account';
import { codeGrant, providerUrls, type TokenSet } from './oauth';
import { PROVIDER_OF, unavailableMessage, WEARABLE_NAMES, wearableConfigured, type Wearable } from './providers';
import { sealedColumns } from './tokens';

// The OAuth 2 authorization-code flow, with `state` tied to the signed-in user and PKCE where the
// provider takes it. The code is exchanged here, on the server: tokens never reach the browser.

/** From each provider's documentation; Withings separates scopes with commas. */
const SCOPES: Record<Wearable, string> = {
  whoop: 'offline read:recovery read:cycles read:sleep read:workout read:profile read:body_measurement',
  oura: 'personal daily heartrate workout session spo2Daily',
  withings: 'user.info,user.metrics,user.activity',
};
/** Whoop's OAuth server takes PKCE (S256); Oura's and Withings' documentation offer none. */
const PKCE: Record<Wearable, boolean> = { whoop: true, oura: false, withings: false };
const STATE_TTL_MS = 10 * 60_000;

export const redirectUri = (wearable: Wearable) => `${env.APP_URL.replace(/\/$/, '')}/authorize/wearables/${wearable}`;
const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');
const verifierContext = (userId: string, wearable: Wearable) => `${userId}:${PROVIDER_OF[wearable]}:pkce`;

/** Why connecting cannot start, in the product's words (the operator's reason goes to the log). */
function assertConnectable(wearable: Wearable): void {
  if (!wearableConfigured(wearable)) throw new ApiError(503, unavailableMessage(wearable));
  if (!tokenCipherReady()) {
    console.warn('[wearables] TOKEN_ENCRYPTION_KEY is not set: wearable tokens cannot be stored, so no wearable can be connected.');
    throw new ApiError(503, unavailableMessage(wearable));
  }
}

/** GET /api/get-{wearable}-authorization-url: the consent URL, with a fresh state (and PKCE challenge). */
export async function authorizationUrl(userId: string, wearable: Wearable, now = new Date()): Promise<string> {
  assertConnectable(wearable);
  const state = randomBytes(32).toString('base64url');
  const verifier = PKCE[wearable] ? randomBytes(48).toString('base64url') : null;
  await db.$transaction([
    // A user's abandoned attempts go as new ones start.
    db.wearableOAuthState.deleteMany({ where: { userId, expiresAt: { lt: now } } }),
    db.wearableOAuthState.create({
      data: {
        stateHash: hashOf(state),
        userId,
        provider: PROVIDER_OF[wearable],
        codeVerifierEncrypted: verifier ? sealToken(verifier, verifierContext(userId, wearable)) : null,
        expiresAt: new Date(now.getTime() + STATE_TTL_MS),
      },
    }),
  ]);
  const clientId = { whoop: env.WHOOP_CLIENT_ID, oura: env.OURA_CLIENT_ID, withings: env.WITHINGS_CLIENT_ID }[wearable]!;
  const url = new URL(providerUrls(wearable).authorize);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri(wearable),
    scope: SCOPES[wearable],
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
export async function completeConnection(userId: string, wearable: Wearable, query: CallbackQuery, now = new Date()): Promise<void> {
  if (!query.state || query.state.length > 200) throw new Error('no state');
  const found = await db.wearableOAuthState.findUnique({ where: { stateHash: hashOf(query.state) } });
  if (!found) throw new Error('unknown state');
  // Used once: a replay, or a second tab racing this one, finds nothing.
  const { count } = await db.wearableOAuthState.deleteMany({ where: { id: found.id } });
  if (count === 0 || found.userId !== userId || found.provider !== PROVIDER_OF[wearable] || found.expiresAt < now) throw new Error('state not for this attempt');
  if (query.error || !query.code) throw new Error('consent not given');
  assertConnectable(wearable);

  const verifier = found.codeVerifierEncrypted ? openToken(found.codeVerifierEncrypted, verifierContext(userId, wearable)) : null;
  const tokens = await codeGrant(wearable, query.code, redirectUri(wearable), verifier, now);
  // Whoop's and Oura's token answers do not say whose they are; their webhooks name the member by it.
  const externalUserId = tokens.externalUserId ?? (await providerIdentity(wearable, tokens.accessToken).catch(() => null));
  await storeConnection(userId, wearable, { ...tokens, externalUserId }, now);
}

/**
 * Stores a verified token set as the user's connection (sealed), marked as syncing, and queues its
 * sync on the job queue, never in this request. The connection stands if queueing fails: the poller
 * picks the history up.
 */
async function storeConnection(userId: string, wearable: Wearable, tokens: TokenSet, now: Date): Promise<void> {
  const provider = PROVIDER_OF[wearable];
  const data = { ...sealedColumns(userId, provider, tokens), scopes: tokens.scopes, externalUserId: tokens.externalUserId, status: ConnectionStatus.CONNECTED, syncStartedAt: now, syncProgress: 0 };
  const connection = await db.wearableConnection.upsert({ where: { userId_provider: { userId, provider } }, create: { userId, provider, ...data }, update: data, select: { id: true } });
  await queueWearableSync(connection.id, 'connect').catch((error: unknown) => {
    console.error(`[wearables] the ${wearable} sync could not be queued: ${error instanceof Error ? error.name : 'unknown error'}`);
  });
}

/** A token an API client submits (POST /api/store_{provider}_token). */
export type SubmittedToken = { access_token: string; refresh_token?: string; expires_in?: number; scope?: string };

/**
 * POST /api/store_{provider}_token: a token obtained elsewhere is stored only once the provider itself
 * has answered to it; one it refuses gets a 400 and stores nothing.
 */
export async function storeSubmittedToken(userId: string, wearable: Wearable, submitted: SubmittedToken, now = new Date()): Promise<void> {
  assertConnectable(wearable);
  let externalUserId: string | null;
  try {
    externalUserId = await providerIdentity(wearable, submitted.access_token);
  } catch (error) {
    if (error instanceof TokenRejected) throw new ApiError(400, `Error storing ${WEARABLE_NAMES[wearable]} token`);
    throw new ApiError(503, wearable === 'withings' ? 'Failed to store Withings tokens. Please try again.' : 'Failed to store tokens. Please try again.');
  }
  const tokens: TokenSet = {
    accessToken: submitted.access_token,
    refreshToken: submitted.refresh_token ?? null,
    expiresAt: submitted.expires_in === undefined ? null : new Date(now.getTime() + submitted.expires_in * 1000),
    scopes: submitted.scope ? submitted.scope.split(/[\s,]+/).filter(Boolean) : [],
    externalUserId,
  };
  await storeConnection(userId, wearable, tokens, now);
}
