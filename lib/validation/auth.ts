import './zod-config';
import * as z from 'zod/mini';
import { isSingleLineText, SINGLE_LINE_MESSAGE } from './stored-text';
import { EMAIL_INVALID, EMAIL_MAX, EMAIL_MISSING, EMAIL_TOO_LONG, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_MISSING, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from './credential-rules';

// Shared by the forms (through zodResolver) and the route handlers. Texts in quotes in SPEC are word for word.
// zod/mini keeps the browser's copy small; the server parses with these same objects.
export { PASSWORD_MAX, PASSWORD_MIN } from './credential-rules';
const NAME_MAX = 100;

export const email = z.pipe(
  z.string({ error: EMAIL_MISSING }).check(z.trim(), z.minLength(1, EMAIL_MISSING), z.maxLength(EMAIL_MAX, EMAIL_TOO_LONG)),
  z.pipe(z.email(EMAIL_INVALID), z.transform((value: string) => value.toLowerCase())),
);

export const newPassword = z
  .string({ error: PASSWORD_MISSING })
  .check(z.minLength(PASSWORD_MIN, PASSWORD_TOO_SHORT), z.maxLength(PASSWORD_MAX, PASSWORD_TOO_LONG));

const name = (label: string) =>
  z
    .string({ error: `Please enter your ${label}.` })
    .check(z.trim(), z.minLength(1, `Please enter your ${label}.`), z.maxLength(NAME_MAX, `Your ${label} is too long.`), z.refine(isSingleLineText, SINGLE_LINE_MESSAGE));

const passwordsMatch = (message: string) =>
  z.refine<{ password: string; repeatPassword: string }>((form) => form.password === form.repeatPassword, { path: ['repeatPassword'], message });

/** POST /api/login */
export const loginSchema = z.object({
  email,
  password: z
    .string({ error: 'Please enter your password.' })
    .check(z.minLength(1, 'Please enter your password.'), z.maxLength(PASSWORD_MAX, 'Login failed')),
});

const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};
/** An IANA time zone name such as "Europe/London". */
export const timeZone = z.string({ error: 'Send the time zone as text.' }).check(z.maxLength(64, 'Unknown time zone.'), z.refine(isTimeZone, 'Unknown time zone.'));

/** POST /api/register: {email, password} (older sign-up) or {firstName, lastName, email, password} (onboarding). */
export const registerSchema = z.object({
  firstName: z.optional(name('first name')),
  lastName: z.optional(name('surname')),
  email,
  password: newPassword,
  /** The browser's IANA zone, for the evening reminders; UTC when absent. */
  timeZone: z.optional(timeZone),
});

/** POST /api/forgot-password */
export const forgotPasswordSchema = z.object({ email });

/** POST /api/reset-password/{token} */
export const resetPasswordSchema = z.object({ password: newPassword });

/** The onboarding account form (/onboarding_3): every field non-blank, then matching passwords. */
export const onboardingSignupFormSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    password: z.string(),
    repeatPassword: z.string(),
  })
  .check(
    z.superRefine((form, ctx) => {
      if (Object.values(form).some((value) => !value.trim())) {
        ctx.addIssue({ code: 'custom', path: ['form'], message: 'Please fill all the fields.' });
      } else if (form.password !== form.repeatPassword) {
        ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: 'Passwords do not match.' });
      }
    }),
  );

/** The older sign-up form (/signup). */
export const signupFormSchema = z
  .object({ email: z.string().check(z.trim(), z.minLength(1, 'Please enter your e-mail.')), password: z.string(), repeatPassword: z.string() })
  .check(passwordsMatch('Passwords do not match'));

/** The reset form (/reset-password/{token}). */
export const resetFormSchema = z.object({ password: newPassword, repeatPassword: z.string() }).check(passwordsMatch('Passwords do not match'));

export type LoginInput = z.input<typeof loginSchema>;
export type OnboardingSignupForm = z.infer<typeof onboardingSignupFormSchema>;
export type SignupForm = z.infer<typeof signupFormSchema>;
export type ResetForm = z.infer<typeof resetFormSchema>;
