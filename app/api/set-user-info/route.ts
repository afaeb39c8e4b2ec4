import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { USER_EXISTS_MESSAGE } from '@/lib/auth/accounts';
import { setUserInfo } from '@/lib/profile/user-info';
import { LIMITS } from '@/lib/rate-limit';
import { setUserInfoSchema } from '@/lib/validation/profile';
import { sessionTokenFromRequest } from '@/lib/auth/sessions';

const saveProfile = route(
  {
    auth: 'user',
    body: setUserInfoSchema,
    // An address in use gets register's answer, and nothing more about whose it is.
    conflictMessage: USER_EXISTS_MESSAGE,
    // Someone holding only the cookie must not be able to guess the current password.
    rateLimit: {
      action: 'password',
      limits: ({ user, body }) => (body.current_password ? [{ name: 'credentials:user', identifier: user.id, ...LIMITS.credentialChangePerUser }] : []),
    },
  },
  async ({ request, user, body }) => {
    await setUserInfo(user.id, body, sessionTokenFromRequest(request), request);
    return NextResponse.json({ message: 'Profile saved.' });
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: saveProfile });
