// The e-mail and new-password rules, without zod: ./auth.ts builds its schemas from them and re-exports
// the limits, and the profile page's form checks with them in the browser.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const EMAIL_MISSING = 'Please enter your e-mail.';
export const EMAIL_TOO_LONG = 'That e-mail address is too long.';
export const EMAIL_INVALID = 'Please enter a valid e-mail address.';
export const PASSWORD_MISSING = 'Please enter a password.';
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters.`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX} characters.`;

/** zod's z.email() pattern, which the server's schema applies (a unit test keeps the two the same). */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** The e-mail as the server stores it (trimmed, lower case), or the message for what is wrong with it. */
export function checkEmail(text: string): { email: string } | { error: string } {
  const trimmed = text.trim();
  if (!trimmed) return { error: EMAIL_MISSING };
  if (trimmed.length > EMAIL_MAX) return { error: EMAIL_TOO_LONG };
  return EMAIL_PATTERN.test(trimmed) ? { email: trimmed.toLowerCase() } : { error: EMAIL_INVALID };
}

/** The message for a new password of the wrong length, or undefined for one the server takes. */
export const newPasswordProblem = (password: string): string | undefined =>
  password.length < PASSWORD_MIN ? PASSWORD_TOO_SHORT : password.length > PASSWORD_MAX ? PASSWORD_TOO_LONG : undefined;
