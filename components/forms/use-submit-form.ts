'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import type { $ZodType, input, output } from 'zod/v4/core';
import { postJson, type JsonResult } from '@/lib/client/api-call';
import { problemFrom, type Problem } from '@/lib/client/problem';

/** What a saved form does next: open a path (a full load when asked), or run the screen's own code. */
export type Success<TValues> = { navigate: string; fullLoad?: boolean } | { run: (values: TValues) => void; leaves?: boolean };

export type SubmitFormOptions<TSchema extends $ZodType<FieldValues, FieldValues>> = {
  /** The shared schema the server parses with too. */
  schema: TSchema;
  defaultValues: DefaultValues<input<TSchema>>;
  /** Values kept in the screen's own state (selects, sliders); the form follows them. */
  values?: input<TSchema>;
  url: string;
  /** The request body, when the API takes another shape than the schema's output. */
  body?: (values: output<TSchema>) => unknown;
  /** The screen's headline over the server's message, and its words when no answer came. */
  failed: string;
  offline: string;
  success: Success<output<TSchema>>;
  /** Shows the first validation message as the form's problem (forms without text fields). */
  invalidAsProblem?: boolean;
  /** Handles a refused answer itself (e.g. an existing account); returns true when it did. */
  onRefused?: (result: JsonResult) => boolean;
  /** Awaited before posting (the login waits for the sign-out that opening it started). */
  beforePost?: () => Promise<unknown>;
};

function firstMessage(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (error && typeof error.message === 'string' && error.message) return error.message;
  }
  return undefined;
}

function leave({ navigate, fullLoad }: { navigate: string; fullLoad?: boolean }, push: (href: string) => void) {
  if (fullLoad) window.location.assign(navigate);
  else push(navigate);
}

/**
 * Every form's submit: validate with the shared schema, POST JSON, then go on or show a Problem.
 * `saving` stays true after a success that leaves the page, so the button keeps spinning until it does.
 */
export function useSubmitForm<TSchema extends $ZodType<FieldValues, FieldValues>>(options: SubmitFormOptions<TSchema>) {
  const router = useRouter();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<input<TSchema>, unknown, output<TSchema>>({
    resolver: zodResolver(options.schema as never) as Resolver<input<TSchema>, unknown, output<TSchema>>,
    defaultValues: options.defaultValues,
    values: options.values,
    // The screen clears its own errors as the user edits, as it did before the form followed its state.
    resetOptions: { keepErrors: true },
  });

  async function send(values: output<TSchema>) {
    setProblem(null);
    setSaving(true);
    try {
      await options.beforePost?.();
      const result = await postJson(options.url, options.body ? options.body(values) : values);
      if (result.ok) {
        const { success } = options;
        if ('navigate' in success) return leave(success, router.push);
        success.run(values);
        if (success.leaves) return;
      } else if (!options.onRefused?.(result)) {
        setProblem(problemFrom(result, options.failed));
      }
    } catch {
      setProblem({ title: options.offline });
    }
    setSaving(false);
  }

  const submit = form.handleSubmit(send, (errors) => {
    setProblem(options.invalidAsProblem ? { title: firstMessage(errors) ?? options.failed } : null);
  });

  // `errors` is read here, during render, so the form re-renders when it changes.
  return { form, register: form.register, errors: form.formState.errors, submit, problem, setProblem, saving };
}
