'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { completeSignIn, setAuthenticated } from '@/lib/client/auth-state';
import { postJson } from '@/lib/client/post-json';
import { problemFrom, type Problem } from '@/lib/client/problem';
import { loginSchema, type LoginInput } from '@/lib/validation/auth';
import { PasswordInput } from './password-input';
import { ProblemAlert } from './problem-alert';
import { TextLink } from './text-link';

export function LoginForm() {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  // The sign-out that opening /login starts; a login waits for it so its answer cannot clear the new cookie.
  const signOut = useRef<Promise<unknown>>(Promise.resolve());
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  useEffect(() => {
    setAuthenticated(false);
    signOut.current = postJson('/api/logout').catch(() => undefined);
  }, []);

  async function logIn(credentials: LoginInput) {
    setProblem(null);
    await signOut.current;
    try {
      const result = await postJson('/api/login', credentials);
      if (!result.ok) {
        setProblem(problemFrom(result, 'Login failed'));
        return;
      }
      setRedirecting(true);
      completeSignIn();
    } catch {
      setProblem({ title: 'An error occurred during login' });
    }
  }

  return (
    <form onSubmit={(event) => void handleSubmit(logIn)(event)} noValidate className="flex flex-col gap-5">
      <ProblemAlert problem={problem} />
      <Input
        label="E-mail"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordInput
        label="Password"
        labelAside={
          <TextLink href="/forgot-password" className="text-sm">
            Forgot password?
          </TextLink>
        }
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" size="lg" loading={isSubmitting || redirecting} className="mt-1 w-full">
        Login
      </Button>
    </form>
  );
}
