import './zod-config';
import * as z from 'zod/mini';
import { isSingleLineText, SINGLE_LINE_MESSAGE } from './stored-text';

// The second step, passkeys and step-up (docs/security.md, "Sign-in: passkeys, the second step, step-up"). Shared by the forms and the route handlers.

export const CODE_MISSING = 'Enter the 6-digit code from your authenticator app.';
export const PASSKEY_NAME_MAX = 60;

/** A 6-digit authenticator code, spaces allowed ("123 456"). */
export const totpCode = z.pipe(
  z.string({ error: CODE_MISSING }).check(z.maxLength(20, CODE_MISSING)),
  z.pipe(
    z.transform((value: string) => value.replace(/[\s-]/g, '')),
    z.string().check(z.regex(/^\d{6}$/, CODE_MISSING)),
  ),
);

/** A recovery code as printed ("7KQ4-M2XD-9PRF"): case, spaces and dashes do not matter. */
export const recoveryCode = z.pipe(
  z.string({ error: 'Enter one of your recovery codes.' }).check(z.maxLength(40, 'That is not a recovery code.')),
  z.pipe(
    z.transform((value: string) => value.toUpperCase().replace(/[\s-]/g, '')),
    z.string().check(z.regex(/^[0-9A-Z]{12}$/, 'That is not a recovery code.')),
  ),
);

/** POST /api/login/second-step */
export const secondStepSchema = z.object({
  method: z.enum(['totp', 'recovery']),
  code: z.string({ error: CODE_MISSING }).check(z.minLength(1, CODE_MISSING), z.maxLength(40, CODE_MISSING)),
  remember: z.optional(z.boolean({ error: 'Send remember as true or false.' })),
});

/** POST /api/security/totp/enable */
export const totpEnableSchema = z.object({ code: totpCode });

export const passkeyName = z
  .string({ error: 'Give the passkey a name.' })
  .check(
    z.trim(),
    z.minLength(1, 'Give the passkey a name.'),
    z.maxLength(PASSKEY_NAME_MAX, `Keep the name under ${PASSKEY_NAME_MAX} characters.`),
    z.refine(isSingleLineText, SINGLE_LINE_MESSAGE),
  );

const b64url = z.string({ error: 'The passkey answer is malformed.' }).check(z.maxLength(16_384, 'The passkey answer is malformed.'), z.regex(/^[A-Za-z0-9_-]*$/, 'The passkey answer is malformed.'));

/**
 * What @simplewebauthn/browser's startRegistration / startAuthentication hand back (the WebAuthn JSON
 * encoding). The library checks every field's meaning; this checks only its shape and size.
 */
export const registrationResponse = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key', 'The passkey answer is malformed.'),
  response: z.looseObject({ clientDataJSON: b64url, attestationObject: b64url, transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(8))) }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.optional(z.string().check(z.maxLength(32))),
});

export const authenticationResponse = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key', 'The passkey answer is malformed.'),
  response: z.looseObject({ clientDataJSON: b64url, authenticatorData: b64url, signature: b64url, userHandle: z.optional(b64url) }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.optional(z.string().check(z.maxLength(32))),
});

/** POST /api/passkeys */
export const addPasskeySchema = z.object({ name: passkeyName, response: registrationResponse });
/** PATCH /api/passkeys/{id} */
export const renamePasskeySchema = z.object({ name: passkeyName });
/** POST /api/passkeys/sign-in */
export const passkeySignInSchema = z.object({ response: authenticationResponse });

/** POST /api/security/step-up: one proof of the member's second factor (or their password, when they have none). */
export const stepUpSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: z.string().check(z.maxLength(40)) }),
  z.object({ method: z.literal('recovery'), code: z.string().check(z.maxLength(40)) }),
  z.object({ method: z.literal('password'), password: z.string().check(z.minLength(1, 'Enter your password.'), z.maxLength(128, 'Enter your password.')) }),
  z.object({ method: z.literal('passkey'), response: authenticationResponse }),
]);
