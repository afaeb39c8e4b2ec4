import { NextResponse } from 'next/server';
import { z } from 'zod';
import { methods, route } from '@/lib/api/route';
import { verifyGoogleAccessToken } from '@/lib/auth/google';
import { linkSocialIdentity } from '@/lib/auth/linked-accounts';

const bodySchema = z.object({ token: z.string({ error: 'Google login failed' }).min(1, 'Google login failed').max(4096, 'Google login failed') });

/** POST /authorize/google/link: Settings links the Google account just signed in to (step-up first). */
const link = route({ auth: 'user', body: bodySchema, stepUp: true }, async ({ request, user, body }) => {
  await linkSocialIdentity(user.id, await verifyGoogleAccessToken(body.token), request);
  return NextResponse.json({ message: 'Google is linked: you can sign in with it.' });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: link });
