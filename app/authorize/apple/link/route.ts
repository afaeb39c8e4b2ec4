import { NextResponse } from 'next/server';
import { z } from 'zod';
import { errorResponse, methods, route } from '@/lib/api/route';
import { verifyAppleIdToken } from '@/lib/auth/apple';
import { appleNonceFromRequest, withAppleNonceCleared } from '@/lib/auth/apple-nonce';
import { linkSocialIdentity } from '@/lib/auth/linked-accounts';

const bodySchema = z.object({ id_token: z.string({ error: 'Apple login failed' }).min(1, 'Apple login failed').max(8192, 'Apple login failed') });

/** POST /authorize/apple/link: Settings links the Apple ID just signed in to (step-up first); the nonce is spent either way. */
const link = route({ auth: 'user', body: bodySchema, stepUp: true }, async ({ request, user, body }) => {
  try {
    await linkSocialIdentity(user.id, await verifyAppleIdToken(body.id_token, appleNonceFromRequest(request), {}), request);
    return withAppleNonceCleared(NextResponse.json({ message: 'Apple is linked: you can sign in with it.' }));
  } catch (error) {
    return withAppleNonceCleared(errorResponse(error, request));
  }
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: link });
