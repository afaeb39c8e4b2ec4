import { after, NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { requestPasswordReset } from '@/lib/auth/password-reset';
import { LIMITS } from '@/lib/rate-limit';
import { forgotPasswordSchema } from '@/lib/validation/auth';

const forgotPassword = route(
  {
    auth: 'none',
    body: forgotPasswordSchema,
    rateLimit: { action: 'password reset', limits: ({ body }) => [{ name: 'forgot:email', identifier: body.email, ...LIMITS.forgotPasswordPerEmail }] },
  },
  async ({ body }) => {
    // After the answer, so a known and an unknown address answer alike and equally fast.
    after(() => requestPasswordReset(body.email).catch((error: Error) => console.error(`[mail] password reset mail failed: ${error.name}`)));
    return NextResponse.json({ message: 'If an account exists for that e-mail, a password reset link is on its way.' });
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: forgotPassword });
