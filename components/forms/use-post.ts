'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { postJson, type JsonResult } from '@/lib/client/api-call';
import { problemFrom, type Problem } from '@/lib/client/problem';

/** What a saved form does next: open a path (a full load when asked), or run the screen's own code. */
export type Success<TValues> =
  | { navigate: string; fullLoad?: boolean }
  /** `run` gets the answer's body too; returning 'stay' keeps a `leaves` form on the page (a sign-in's second step). */
  | { run: (values: TValues, data: unknown) => void | 'stay'; leaves?: boolean };

export type PostOptions<TValues> = {
  url: string;
  /** The request body, when the API takes another shape than the form's values. */
  body?: (values: TValues) => unknown;
  /** The screen's headline over the server's message, and its words when no answer came. */
  failed: string;
  offline: string;
  success: Success<TValues>;
  /** Handles a refused answer itself (e.g. an existing account); returns true when it did. */
  onRefused?: (result: JsonResult) => boolean;
  /** Awaited before posting (the login waits for the sign-out that opening it started). */
  beforePost?: () => Promise<unknown>;
};

function leave({ navigate, fullLoad }: { navigate: string; fullLoad?: boolean }, push: (href: string) => void) {
  if (fullLoad) window.location.assign(navigate);
  else push(navigate);
}

/**
 * A form's save, once its values are valid: POST JSON, then go on or show a Problem. `saving` stays true
 * after a success that leaves the page, so the button keeps spinning until it does. The forms with text
 * fields validate first through useSubmitForm (react-hook-form and the shared schema); a form of ticks and
 * buttons checks its few values itself and calls this directly, without that weight on its page.
 */
export function usePost<TValues>(options: PostOptions<TValues>) {
  const router = useRouter();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);

  async function send(values: TValues) {
    setProblem(null);
    setSaving(true);
    try {
      await options.beforePost?.();
      const result = await postJson(options.url, options.body ? options.body(values) : values);
      if (result.ok) {
        const { success } = options;
        if ('navigate' in success) return leave(success, router.push);
        if (success.run(values, result.data) !== 'stay' && success.leaves) return;
      } else if (!options.onRefused?.(result)) {
        setProblem(problemFrom(result, options.failed));
      }
    } catch {
      setProblem({ title: options.offline });
    }
    setSaving(false);
  }

  return { send, problem, setProblem, saving };
}
