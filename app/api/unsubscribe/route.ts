import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/errors';
import { discardBody, methods, route } from '@/lib/api/route';
import { clientIp } from '@/lib/rate-limit';
import { unsubscribe, UNSUBSCRIBE_INVALID } from '@/lib/reminders/unsubscribe';

/**
 * POST /api/unsubscribe?token=…: turns the reminders of the mail's user off, without signing in (the
 * token is signed and works once). The token is in the address so that a mail client's RFC 8058
 * one-click POST (form-encoded `List-Unsubscribe=One-Click`, read and ignored) and the /unsubscribe
 * page's button both work. 400 for a forged or altered token, 410 once used.
 */
const post = route(
  {
    auth: 'none',
    crossSite: true,
    bodyType: 'raw',
    rateLimit: { action: 'unsubscribe', limits: ({ request }) => [{ name: 'unsubscribe:ip', identifier: clientIp(request), max: 30, windowSeconds: 15 * 60 }] },
  },
  async ({ request }) => {
    await discardBody(request);
    const token = new URL(request.url).searchParams.get('token');
    if (!token || token.length > 200) throw new ApiError(400, UNSUBSCRIBE_INVALID);
    await unsubscribe(token);
    return NextResponse.json({ message: 'Reminders are off. You can turn them back on in Settings.' }, { headers: { 'Cache-Control': 'no-store' } });
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: post });
