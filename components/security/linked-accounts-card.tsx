'use client';

import { appleSignIn, googleAccessToken, isAppleClientError } from '@/components/auth/social-sign-in';
import { Button } from '@/components/ui/button';
import { deleteJson, postJson, type JsonResult } from '@/lib/client/api-call';
import { useStepUp } from './step-up';
import { useCardAction } from './use-card-action';

type Provider = 'google' | 'apple';
const NAME: Record<Provider, string> = { google: 'Google', apple: 'Apple' };

type LinkedAccountsProps = { linked: Provider[]; googleClientId?: string; appleClientId?: string; appleRedirectUri: string };

/**
 * Settings → Google and Apple: a provider signs in to this account only once its member has linked it here
 * (a first sign-in with a matching e-mail is refused). Linking and unlinking ask the member to
 * confirm it's them first, and sign every other browser out.
 */
export function LinkedAccountsCard({ linked, googleClientId, appleClientId, appleRedirectUri }: LinkedAccountsProps) {
  const stepUp = useStepUp('change how you sign in');
  const clientIds: Record<Provider, string | undefined> = { google: googleClientId, apple: appleClientId };
  const shown = (['google', 'apple'] as const).filter((provider) => clientIds[provider] || linked.includes(provider));
  // The provider's popup closed by the member is no error to report.
  const { busy, act: run, messages } = useCardAction({ onError: (error, failed) => (isAppleClientError(error) ? null : failed) });
  // Each action asks the member to confirm it's them first; declined, nothing is said.
  const act = (provider: Provider, call: () => Promise<JsonResult | null>, failed: string) => run(provider, async () => ((await stepUp.ensure()) ? call() : null), failed);

  const link = (provider: Provider) => {
    const clientId = clientIds[provider]!;
    return act(
      provider,
      async () => {
        if (provider === 'google') return postJson('/authorize/google/link', { token: await googleAccessToken(clientId) });
        const response = await appleSignIn(clientId, appleRedirectUri);
        return postJson('/authorize/apple/link', { id_token: response.authorization.id_token });
      },
      `${NAME[provider]} could not be linked. Please try again.`,
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-neutral-700">Sign in with Google or Apple once you have linked it here. A Google or Apple account with your e-mail can’t sign in until you do.</p>
      {messages}
      <ul className="flex flex-col divide-y divide-neutral-100 rounded-lg border border-neutral-200" aria-label="Google and Apple">
        {shown.map((provider) => {
          const isLinked = linked.includes(provider);
          return (
            <li key={provider} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid={`linked-${provider}`}>
              <div className="flex flex-col gap-0.5">
                <p className="text-sm font-medium text-neutral-900">{NAME[provider]}</p>
                <p className="text-xs text-neutral-600">{isLinked ? 'Linked: signs in to this account' : 'Not linked'}</p>
              </div>
              {isLinked ? (
                <Button type="button" size="sm" variant="secondary" loading={busy === provider} onClick={() => void act(provider, () => deleteJson(`/api/security/linked-accounts/${provider}`), `${NAME[provider]} could not be unlinked. Please try again.`)}>
                  {`Unlink ${NAME[provider]}`}
                </Button>
              ) : clientIds[provider] ? (
                <Button type="button" size="sm" variant="secondary" loading={busy === provider} onClick={() => void link(provider)}>
                  {`Link ${NAME[provider]}`}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {stepUp.dialog}
    </div>
  );
}
