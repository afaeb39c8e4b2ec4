import 'server-only';
import { env } from '@/lib/env';
import { noticeOnce } from '@/lib/operator-notice';

/** Apple's popup returns here; app/authorize/apple/service/route.ts answers it. */
export const APPLE_SERVICE_PATH = '/authorize/apple/service';

/** The props of <SocialSignIn>: public client ids (unset means that button is off) and Apple's return URL. */
export function socialSignInConfig() {
  if (!env.GOOGLE_CLIENT_ID && !env.APPLE_CLIENT_ID) {
    noticeOnce('social', 'Sign-in with Google and Apple is off: set GOOGLE_CLIENT_ID and/or APPLE_CLIENT_ID to show their buttons.');
  }
  return {
    googleClientId: env.GOOGLE_CLIENT_ID,
    appleClientId: env.APPLE_CLIENT_ID,
    appleRedirectUri: `${env.APP_URL.replace(/\/+$/, '')}${APPLE_SERVICE_PATH}`,
  };
}
