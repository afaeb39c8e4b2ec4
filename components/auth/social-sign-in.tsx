'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { completeSignIn, setAuthenticated } from '@/lib/client/auth-state';
import { APPLE_SDK_URL, GOOGLE_SDK_URL, type AppleSignInResponse } from '@/lib/identity-sdks';
import { loadScript } from '@/lib/client/load-script';
import { postJson } from '@/lib/client/api-call';
import { problemFrom, type Problem } from '@/lib/client/problem';
import { ProblemAlert } from './problem-alert';

type SocialSignInProps = { googleClientId?: string; appleClientId?: string; appleRedirectUri: string };
type Provider = 'google' | 'apple';

/** Opens Google's token popup and resolves with the access token; rejects on any client-side failure. */
export async function googleAccessToken(clientId: string): Promise<string> {
  await loadScript(GOOGLE_SDK_URL);
  const google = window.google;
  if (!google) throw new Error('Google Identity Services did not load');
  return new Promise<string>((resolve, reject) => {
    const client = google.accounts.oauth2.initTokenClient({
      client_id: clientId,
      scope: 'openid profile email',
      callback: (response) => {
        if (response.access_token && !response.error) resolve(response.access_token);
        else reject(new Error(response.error ?? 'No access token'));
      },
      error_callback: (error) => reject(new Error(error.type)),
    });
    client.requestAccessToken();
  });
}

/** Apple's popup rejects with `{ error: 'popup_closed_by_user' }` and the like: a client error, not an exception. */
export function isAppleClientError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'error' in error && typeof error.error === 'string';
}

/** The hash of a fresh nonce whose raw value the server keeps in this browser's cookie; Apple signs it into the token. */
async function appleNonce(): Promise<string> {
  const result = await postJson('/authorize/apple/nonce');
  const nonce = typeof result.data === 'object' && result.data !== null && 'nonce' in result.data ? result.data.nonce : undefined;
  if (!result.ok || typeof nonce !== 'string') throw new Error('No sign-in nonce');
  return nonce;
}

export async function appleSignIn(clientId: string, redirectURI: string): Promise<AppleSignInResponse> {
  const [nonce] = await Promise.all([appleNonce(), loadScript(APPLE_SDK_URL)]);
  const apple = window.AppleID;
  if (!apple) throw new Error('Sign in with Apple JS did not load');
  apple.auth.init({ clientId, scope: 'email name', redirectURI, usePopup: true, nonce });
  return apple.auth.signIn();
}

export function SocialSignIn({ googleClientId, appleClientId, appleRedirectUri }: SocialSignInProps) {
  const [busy, setBusy] = useState<Provider | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  function fail(next: Problem) {
    setAuthenticated(false);
    setProblem(next);
    setBusy(null);
  }

  async function withGoogle(clientId: string) {
    setBusy('google');
    setProblem(null);
    try {
      const token = await googleAccessToken(clientId);
      const result = await postJson('/authorize/google', { token });
      if (!result.ok) return fail(problemFrom(result, 'Google login failed'));
      completeSignIn();
    } catch {
      fail({ title: 'Google login failed' });
    }
  }

  async function withApple(clientId: string) {
    setBusy('apple');
    setProblem(null);
    try {
      const response = await appleSignIn(clientId, appleRedirectUri);
      const result = await postJson('/authorize/apple', { id_token: response.authorization.id_token, user: response.user });
      if (!result.ok) return fail(problemFrom(result, 'Apple login failed'));
      completeSignIn();
    } catch (error) {
      if (isAppleClientError(error)) {
        console.warn('Sign in with Apple was not completed', error);
        setAuthenticated(false);
        setBusy(null);
        return;
      }
      fail({ title: 'An error occurred during Apple login' });
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3">
        {googleClientId ? (
          <Button
            type="button"
            variant="secondary"
            size="lg"
            loading={busy === 'google'}
            disabled={busy !== null}
            onClick={() => void withGoogle(googleClientId)}
          >
            {busy === 'google' ? null : <GoogleMark />}
            Continue with Google
          </Button>
        ) : null}
        {appleClientId ? (
          <Button
            type="button"
            variant="secondary"
            size="lg"
            loading={busy === 'apple'}
            disabled={busy !== null}
            onClick={() => void withApple(appleClientId)}
          >
            {busy === 'apple' ? null : <AppleMark />}
            Continue with Apple
          </Button>
        ) : null}
      </div>
      <ProblemAlert problem={problem} />
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className="size-[18px] shrink-0">
      <path fill="#4285F4" d="M23.5 12.27c0-.85-.08-1.66-.22-2.45H12v4.63h6.45a5.52 5.52 0 0 1-2.39 3.62v3h3.87c2.26-2.09 3.57-5.16 3.57-8.8Z" />
      <path fill="#34A853" d="M12 24c3.24 0 5.96-1.07 7.93-2.9l-3.87-3c-1.07.72-2.44 1.15-4.06 1.15-3.12 0-5.77-2.11-6.71-4.95H1.29v3.1A12 12 0 0 0 12 24Z" />
      <path fill="#FBBC05" d="M5.29 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path fill="#EA4335" d="M12 4.75c1.76 0 3.34.6 4.59 1.8l3.43-3.44A11.5 11.5 0 0 0 12 0 12 12 0 0 0 1.29 6.6l4 3.1C6.23 6.86 8.88 4.75 12 4.75Z" />
    </svg>
  );
}

function AppleMark() {
  return (
    <svg aria-hidden viewBox="0 0 24 24" fill="currentColor" className="size-[18px] shrink-0 text-neutral-950">
      <path d="M16.37 12.74c-.02-2.3 1.88-3.41 1.97-3.46-1.07-1.57-2.74-1.78-3.34-1.8-1.42-.15-2.77.84-3.5.84-.72 0-1.83-.82-3.01-.8-1.55.02-2.98.9-3.78 2.29-1.61 2.8-.41 6.94 1.16 9.21.77 1.11 1.68 2.36 2.88 2.31 1.16-.05 1.59-.75 2.99-.75 1.39 0 1.79.75 3.01.72 1.24-.02 2.03-1.13 2.79-2.24.88-1.29 1.24-2.53 1.26-2.6-.03-.01-2.42-.93-2.43-3.72ZM14.08 5.98c.64-.78 1.07-1.85.95-2.92-.92.04-2.03.61-2.69 1.38-.59.68-1.11 1.78-.97 2.83 1.02.08 2.07-.52 2.71-1.29Z" />
    </svg>
  );
}
