import { NextResponse } from 'next/server';
import { route } from '@/lib/api/route';
import { resetPassword } from '@/lib/auth/password-reset';
import { clearSessionCookie } from '@/lib/auth/sessions';
import { resetPasswordSchema } from '@/lib/validation/auth';

export const POST = route({ auth: 'none', body: resetPasswordSchema }, async ({ body, params }) => {
  await resetPassword(params.token ?? '', body.password);
  const response = NextResponse.json({ message: 'Password has been reset successfully!' });
  clearSessionCookie(response);
  return response;
});
