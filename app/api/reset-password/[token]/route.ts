import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { resetPassword } from '@/lib/auth/password-reset';
import { clearSessionCookie } from '@/lib/auth/sessions';
import { resetPasswordSchema } from '@/lib/validation/auth';

const reset = route({ auth: 'none', body: resetPasswordSchema }, async ({ body, params }) => {
  await resetPassword(params.token ?? '', body.password);
  const response = NextResponse.json({ message: 'Password has been reset successfully!' });
  clearSessionCookie(response);
  return response;
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: reset });
