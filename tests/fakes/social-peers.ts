import type * as AppleModule from '@/lib/auth/apple';
import type * as GoogleModule from '@/lib/auth/google';
import { startFakeApple, type FakeApple } from './apple-peer';
import { startFakeGoogle, type FakeGoogle } from './google-peer';

export const GOOGLE_CLIENT_ID = 'vitality-web.apps.googleusercontent.com';
export const APPLE_CLIENT_ID = 'com.vitality.web';

export type SocialPeers = { googlePeer: FakeGoogle; applePeer: FakeApple; google: typeof GoogleModule; apple: typeof AppleModule };

/**
 * Both fake providers, and the verifiers pointed at them. lib/env.ts reads the environment once,
 * at import, so the peers are up and named before the verifiers are imported.
 */
export async function startSocialPeers(): Promise<SocialPeers> {
  const googlePeer = await startFakeGoogle({ clientId: GOOGLE_CLIENT_ID });
  const applePeer = await startFakeApple();
  process.env.GOOGLE_CLIENT_ID = GOOGLE_CLIENT_ID;
  process.env.GOOGLE_API_BASE_URL = googlePeer.baseUrl;
  process.env.APPLE_CLIENT_ID = APPLE_CLIENT_ID;
  process.env.APPLE_JWKS_URL = applePeer.jwksUrl;
  return { googlePeer, applePeer, google: await import('@/lib/auth/google'), apple: await import('@/lib/auth/apple') };
}

export async function stopSocialPeers(peers: Pick<SocialPeers, 'googlePeer' | 'applePeer'>): Promise<void> {
  await Promise.all([peers.googlePeer.stop(), peers.applePeer.stop()]);
}
