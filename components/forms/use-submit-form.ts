'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import type { $ZodType, input, output } from 'zod/v4/core';
import { usePost, type PostOptions } from './use-post';

export type { Success } from './use-post';

export type SubmitFormOptions<TSchema extends $ZodType<FieldValues, FieldValues>> = PostOptions<output<TSchema>> & {
  /** The shared schema the server parses with too. */
  schema: TSchema;
  defaultValues: DefaultValues<input<TSchema>>;
  /** Values kept in the screen's own state (selects, sliders); the form follows them. */
  values?: input<TSchema>;
  /** Shows the first validation message as the form's problem (forms without text fields). */
  invalidAsProblem?: boolean;
};

function firstMessage(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (error && typeof error.message === 'string' && error.message) return error.message;
  }
  return undefined;
}

/**
 * Every text form's submit: validate with the shared schema, then save through usePost (POST JSON, then
 * go on or show a Problem).
 */
export function useSubmitForm<TSchema extends $ZodType<FieldValues, FieldValues>>(options: SubmitFormOptions<TSchema>) {
  const { send, problem, setProblem, saving } = usePost(options);
  const form = useForm<input<TSchema>, unknown, output<TSchema>>({
    resolver: zodResolver(options.schema as never) as Resolver<input<TSchema>, unknown, output<TSchema>>,
    defaultValues: options.defaultValues,
    values: options.values,
    // The screen clears its own errors as the user edits, as it did before the form followed its state.
    resetOptions: { keepErrors: true },
  });

  const submit = form.handleSubmit(send, (errors) => {
    setProblem(options.invalidAsProblem ? { title: firstMessage(errors) ?? options.failed } : null);
  });

  // `errors` is read here, during render, so the form re-renders when it changes.
  return { form, register: form.register, errors: form.formState.errors, submit, problem, setProblem, saving };
}
