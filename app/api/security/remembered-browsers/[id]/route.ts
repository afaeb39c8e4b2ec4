import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { forgetRememberedBrowser } from '@/lib/auth/second-step';

/** DELETE /api/security/remembered-browsers/{id}: that browser asks for the second step at its next sign-in. */
const forget = route({ auth: 'user' }, async ({ request, user, params }) => {
  await forgetRememberedBrowser(user.id, params.id ?? '', request);
  return NextResponse.json({ message: 'That browser is forgotten: it will ask for your code again.' });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ DELETE: forget });
