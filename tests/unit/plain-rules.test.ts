import { describe, expect, it } from '@jest/globals';
import { regexes } from 'zod/v4/core';
import { email, newPassword } from '@/lib/validation/auth';
import { checkEmail, EMAIL_PATTERN, newPasswordProblem } from '@/lib/validation/credential-rules';
import { dobSchema } from '@/lib/validation/onboarding';
import { dateOfBirthProblem } from '@/lib/validation/onboarding-rules';

// The profile form checks in the browser without zod; the server checks the same fields with the zod
// schemas. Both must give the same verdict and the same first message.
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? undefined : result.error?.issues[0]?.message);

describe('the plain rules agree with the schemas', () => {
  it('uses zod’s own e-mail pattern', () => expect(EMAIL_PATTERN.source).toBe(regexes.email.source));

  it.each(['marcus@example.test', '  Marcus@Example.TEST ', '', '   ', 'marcus', 'marcus@example', 'a.b+c@d-e.fg', `${'a'.repeat(250)}@example.test`, 'x..y@example.test'])('e-mail %p', (text) => {
    const parsed = email.safeParse(text);
    expect(checkEmail(text)).toEqual(parsed.success ? { email: parsed.data } : { error: firstMessage(parsed) });
  });

  it.each(['', 'short', '12345678', 'x'.repeat(128), 'x'.repeat(129)])('new password %p', (text) => {
    expect(newPasswordProblem(text)).toBe(firstMessage(newPassword.safeParse(text)));
  });

  it.each(['1980-04-26', '', '26/04/1980', '1980-02-30', '1899-12-31', '2999-01-01', `${new Date().getUTCFullYear() - 10}-01-01`, '1900-01-01'])('date of birth %p', (day) => {
    expect(dateOfBirthProblem(day)).toBe(firstMessage(dobSchema.safeParse({ date_of_birth: day })));
  });
});
