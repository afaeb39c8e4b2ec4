'use client';

import { useEffect, useRef, useState } from 'react';
import { useSubmitForm } from '@/components/forms/use-submit-form';
import { SubmitButton } from '@/components/forms/submit-button';
import { completeSignIn, setAuthenticated } from '@/lib/client/auth-state';
import { postJson } from '@/lib/client/api-call';
import { loginSchema } from '@/lib/validation/auth';
import { EmailInput } from './email-input';
import { PasskeySignIn, usePasskeyAutofill } from './passkey-sign-in';
import { PasswordInput } from './password-input';
import { ProblemAlert } from './problem-alert';
import { SecondStepForm } from './second-step-form';
import { TextLink } from './text-link';

const asksSecondStep = (data: unknown) => typeof data === 'object' && data !== null && (data as { second_step?: unknown }).second_step === true;

/** /login: e-mail and password (then the second step, for a member who turned it on), or a passkey. */
export function LoginForm({ passkeys }: { passkeys: boolean }) {
  // The sign-out that opening /login starts; a login waits for it so its answer cannot clear the new cookie.
  const signOut = useRef<Promise<unknown>>(Promise.resolve());
  const [secondStep, setSecondStep] = useState(false);
  const { register, errors, submit, problem, saving } = useSubmitForm({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    url: '/api/login',
    failed: 'Login failed',
    offline: 'An error occurred during login',
    success: {
      run: (_values, data) => {
        if (!asksSecondStep(data)) return completeSignIn();
        setSecondStep(true);
        return 'stay';
      },
      leaves: true,
    },
    beforePost: () => signOut.current,
  });

  useEffect(() => {
    setAuthenticated(false);
    signOut.current = postJson('/api/logout').catch(() => undefined);
  }, []);

  // The browser's autofill offers the member's passkeys under the e-mail field, where it can.
  usePasskeyAutofill(passkeys && !secondStep, signOut);

  if (secondStep) return <SecondStepForm passkeys={passkeys} onRestart={() => setSecondStep(false)} />;

  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-5">
        <ProblemAlert problem={problem} />
        {/* "webauthn" last: the browser may offer passkeys in this field's autofill. */}
        <EmailInput error={errors.email?.message} autoComplete={passkeys ? 'username webauthn' : 'email'} {...register('email')} />
        <div className="flex flex-col gap-2">
          <PasswordInput label="Password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
          {/* After the field, not on its label's line: Tab goes from the e-mail straight to the password. */}
          <TextLink href="/forgot-password" className="self-end text-sm">
            Forgot password?
          </TextLink>
        </div>
        <SubmitButton size="lg" loading={saving} className="mt-1 w-full">
          Login
        </SubmitButton>
      </form>
      {passkeys ? <PasskeySignIn beforeStart={() => signOut.current} /> : null}
    </div>
  );
}
