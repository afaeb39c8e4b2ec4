// The parts of Google Identity Services and Sign in with Apple JS that the sign-in buttons use.

export const GOOGLE_SDK_URL = 'https://accounts.google.com/gsi/client';
export const APPLE_SDK_URL = 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';

export type GoogleTokenResponse = { access_token?: string; error?: string; error_description?: string };

export type GoogleTokenClientConfig = {
  client_id: string;
  scope: string;
  callback: (response: GoogleTokenResponse) => void;
  /** Popup closed or blocked: the callback is never called then. */
  error_callback?: (error: { type: string; message?: string }) => void;
};

export type GoogleTokenClient = { requestAccessToken: () => void };

export type GoogleIdentity = {
  accounts: { oauth2: { initTokenClient: (config: GoogleTokenClientConfig) => GoogleTokenClient } };
};

export type AppleSignInResponse = {
  authorization: { code: string; id_token: string; state?: string };
  /** Sent by Apple on the first sign-in only. */
  user?: { email?: string; name?: { firstName?: string; lastName?: string } };
};

export type AppleIdAuth = {
  /** `nonce` is copied into the id_token's `nonce` claim; pass the SHA-256 hex from POST /authorize/apple/nonce. */
  init: (config: { clientId: string; scope: string; redirectURI: string; usePopup: boolean; state?: string; nonce?: string }) => void;
  signIn: () => Promise<AppleSignInResponse>;
};

declare global {
  interface Window {
    google?: GoogleIdentity;
    AppleID?: { auth: AppleIdAuth };
  }
}
