import { NextResponse } from 'next/server';
import { route } from '@/lib/api/route';
import { sessionTokenFromRequest } from '@/lib/auth/session';
import { setUserInfo } from '@/lib/profile/user-info';
import { setUserInfoSchema } from '@/lib/validation/profile';

export const POST = route({ auth: 'user', body: setUserInfoSchema }, async ({ request, user, body }) => {
  await setUserInfo(user.id, body, sessionTokenFromRequest(request));
  return NextResponse.json({ message: 'Profile saved.' });
});
