import { NextResponse } from 'next/server';
import { deleteAccount } from '@/lib/account/delete-account';
import { methods, route } from '@/lib/api/route';
import { clearSessionCookie } from '@/lib/auth/sessions';

/**
 * DELETE /api/delete-account (SPEC §7, GDPR Art. 17): the member's rows, files and sessions go at once;
 * wearables are revoked and the subscription cancelled at the providers, retried by a job when one is down.
 */
const remove = route({ auth: 'user', stepUp: true }, async ({ user }) => {
  await deleteAccount(user.id);
  const response = NextResponse.json({ message: 'Your account has been deleted successfully.' });
  clearSessionCookie(response);
  return response;
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ DELETE: remove });
