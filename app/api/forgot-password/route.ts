import { after, NextResponse } from 'next/server';
import { route } from '@/lib/api/route';
import { requestPasswordReset } from '@/lib/auth/password-reset';
import { enforceLimits, LIMITS } from '@/lib/rate-limit';
import { forgotPasswordSchema } from '@/lib/validation/auth';

export const POST = route({ auth: 'none', body: forgotPasswordSchema }, async ({ body }) => {
  await enforceLimits([{ name: 'forgot:email', identifier: body.email, ...LIMITS.forgotPasswordPerEmail }], 'password reset');
  // After the answer, so a known and an unknown address answer alike and equally fast.
  after(() => requestPasswordReset(body.email).catch((error: Error) => console.error(`[mail] password reset mail failed: ${error.name}`)));
  return NextResponse.json({ message: 'If an account exists for that e-mail, a password reset link is on its way.' });
});
