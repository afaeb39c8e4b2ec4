import type { Env } from '@/lib/env';
import type { MetricSource, WearableProvider } from '@/lib/generated/prisma/enums';
import type { WearableKey } from './catalogue';
import type { DayFields } from './metric-store';

// What every wearable provider implements, once, in its folder (lib/wearables/<key>/index.ts); the
// registry (registry.ts) lists the adapters and the shared code (the OAuth flow, tokens, the sync job,
// webhooks, disconnecting, deleting an account) only ever talks to this interface.
// docs/integrations/adding-a-wearable.md walks through adding one. Adapters hold no route handlers:
// the job worker loads them outside Next, where lib/api/route cannot load; every wearable route handler,
// a provider's own too (Oura's handshake, Withings' probe), is built in lib/api/wearable-routes.ts.

/** A grant's tokens as a token call answers them (oauth-grant.ts reads RFC 6749's JSON into one). */
export type TokenSet = { accessToken: string; refreshToken: string | null; expiresAt: Date | null; scopes: string[]; externalUserId: string | null };

/** The days a sync asks the provider for. */
export type SyncWindow = { from: Date; to: Date };

/** What a provider's sync works with (connection-sync.ts makes one per run). */
export type SyncRun = {
  userId: string;
  /** The scopes the member granted, as stored with the connection. */
  scopes: readonly string[];
  window: SyncWindow;
  /** One data request as JSON, with the member's bearer token; a form makes it a POST (provider-requests.ts). */
  request(url: URL, options?: { form?: URLSearchParams; rateLimitedBody?: (body: unknown) => number | null }): Promise<unknown>;
  /** Stores a page's days under the provider's source; a day with any figure counts as written. */
  storeDays(days: ReadonlyMap<string, DayFields>): Promise<void>;
  storeHeartRates(samples: readonly { recordedAt: Date; bpm: number }[]): Promise<void>;
  progress(fraction: number): Promise<void>;
};

/** The environment variables that may hold a secret or be unset: where a provider's client id and secret live. */
export type OptionalEnvKey = { [K in keyof Env]-?: undefined extends Env[K] ? (Env[K] extends string | undefined ? K : never) : never }[keyof Env];

export type OAuthSettings = {
  /** The consent page the popup opens. */
  authorizeUrl: string;
  /** The token endpoint, for the code exchange and refreshes alike (form-encoded POSTs). */
  tokenUrl: string;
  /** The scopes asked for, written as the provider takes them (Withings separates them with commas). */
  scope: string;
  /** Where the OAuth client's id and secret are set (declared in lib/env.ts); the wearable is off until both are. */
  clientIdEnv: OptionalEnvKey;
  clientSecretEnv: OptionalEnvKey;
  /** Whether the consent carries a PKCE (S256) challenge. */
  pkce: boolean;
  /** Fields every token call carries besides the grant's and the client's (Withings: action=requesttoken). */
  tokenFields?: Record<string, string>;
  /**
   * Reads a token call's answer (anything but a 429 or 5xx); unset, RFC 6749's JSON is read
   * (oauth-grant.ts). Throws PermanentGrantFailure for a grant that will never work, TransientGrantFailure otherwise.
   */
  readTokenAnswer?(answer: unknown, response: Response, now: Date): TokenSet;
};

/** The half of an adapter a provider's own modules need (its oauth.ts): who it is and how its tokens are had. */
export type ProviderBase<K extends WearableKey = WearableKey> = {
  key: K;
  /** Its value in the database's connection tables. */
  provider: WearableProvider;
  /** Its daily metrics' and heart-rate samples' source. */
  source: MetricSource;
  oauth: OAuthSettings;
};

/** A notification as it arrived: the raw body (nothing parsed before it is verified), its headers and URL. */
export type Notification = { raw: string; headers: Headers; url: URL };

export type WebhookSettings = {
  /** Throws (refuseNotification, a 401) unless the notification is the provider's: a signature, a token in the URL. */
  verify(notification: Notification, now: number): void;
  /** The member a verified notification names (their id at the provider), or null. */
  member(raw: string): string | null;
  /** Query parameters the callback URL carries (Withings signs nothing, so the URL holds a token). */
  callbackQuery?(): Record<string, string>;
  /**
   * Keeps the notifications coming (the daily job): makes the subscriptions missing, renews the ones
   * about to expire; answers how many it made or renewed. Unset: the callback is set in the provider's
   * dashboard and there is nothing to call.
   */
  maintainSubscriptions?(base: string | undefined, now: Date): Promise<number>;
};

/** A member's grant as revoking sees it. */
export type RevokedMember = {
  /** The member's id at the provider (the connection's externalUserId). */
  externalUserId: string | null;
  /** The callback the member's notifications were subscribed with, when known (Withings revokes them by it). */
  callbackUrl?: string;
};

export type WearableAdapter<K extends WearableKey = WearableKey> = ProviderBase<K> & {
  /**
   * Whose the token is (which also proves it works): the member's id at the provider, or null where the
   * answer names none. Throws TokenRejected for a token the provider does not honour, ProviderUnavailable otherwise.
   */
  identify(accessToken: string): Promise<string | null>;
  /**
   * Revokes the app's access at the provider, as far as its API allows. Throws TokenRejected when there
   * is nothing left to revoke, ProviderUnavailable when it should be tried again.
   */
  revoke(accessToken: string, member: RevokedMember): Promise<void>;
  /** Whether revoking needs the member's id, so that a revocation queued for later must carry it. */
  revokesByMember: boolean;
  /** Fetches the window's data pages and stores them through `run` (connection-sync.ts), reporting progress. */
  sync(run: SyncRun): Promise<void>;
  webhook: WebhookSettings;
  /** What POST /api/store_{key}_token answers when the provider cannot be asked (SPEC's words, where it has its own). */
  storeTokenFailure?: string;
};
