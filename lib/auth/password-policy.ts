import 'server-only';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { newPassword } from '@/lib/validation/auth';

// Server-side only: the dictionaries are megabytes, and the browser keeps just the length rule.
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});

/** zxcvbn's scale: 3 is "safely unguessable: moderate protection from offline slow-hash scenario". */
export const MIN_PASSWORD_SCORE = 3;
export const WEAK_PASSWORD_MESSAGE = 'Please choose a stronger password.';
// Words anyone guessing a password for this product would try first.
const PRODUCT_WORDS = ['vitality', 'longevity', 'testosterone', 'health', 'biohacking'];

/** Who the password is for: their own e-mail and names make a weak password. */
export type PasswordContext = { email?: string | null; firstName?: string | null; lastName?: string | null };

function contextWords({ email, firstName, lastName }: PasswordContext): string[] {
  const local = email?.split('@')[0];
  return [email, local, ...(local?.split(/[._+-]+/) ?? []), firstName, lastName, ...PRODUCT_WORDS].filter(
    (word): word is string => typeof word === 'string' && word.trim().length > 0,
  );
}

/** zxcvbn's own feedback, as one sentence or two, for the score it fell short on. */
function feedbackOf(result: ReturnType<typeof zxcvbn.check>): string {
  const parts = [result.feedback.warning, ...result.feedback.suggestions].filter((part): part is string => Boolean(part?.trim()));
  return parts.length ? parts.join(' ') : WEAK_PASSWORD_MESSAGE;
}

/**
 * The one rule for every new password (sign-up, reset, profile): the shared length rule, then a
 * strength estimate of at least MIN_PASSWORD_SCORE with the user's own details as context.
 */
export function passwordPolicy(context: PasswordContext) {
  return newPassword.check((ctx) => {
    const result = zxcvbn.check(ctx.value, contextWords(context));
    if (result.score < MIN_PASSWORD_SCORE) ctx.issues.push({ code: 'custom', message: feedbackOf(result), input: ctx.value });
  });
}

/** Throws the validation error (a 422 through the route wrapper) when `password` breaks the rule. */
export function assertStrongPassword(password: string, context: PasswordContext): void {
  passwordPolicy(context).parse(password);
}
