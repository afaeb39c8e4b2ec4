import { methods, route } from '@/lib/api/route';
import { ApiError } from '@/lib/errors';
import { prefersHtml } from '@/lib/http/accept';
import { clientIp, LIMITS } from '@/lib/rate-limit';
import { doctorSummaryPdf } from '@/lib/reports/doctor-summary';
import { deadSharePage } from '@/lib/reports/dead-share-page';
import { logShareView, sharedMember } from '@/lib/reports/doctor-share';

// Kept out of search engines, caches and other sites' Referer headers: the path is the credential.
const PRIVATE = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' };

/**
 * GET /api/shared/doctor-summary/{token}: the member's summary PDF, made now, for whoever holds a working
 * link (no session: the token is the key). Unknown, expired and revoked tokens get the same 404: JSON for
 * an API client, a short page for a browser (the doctor who followed the link).
 */
const open = route(
  { auth: 'none', rateLimit: { action: 'shared summary', limits: ({ request }) => [{ name: 'doctor-share:view:ip', identifier: clientIp(request), ...LIMITS.sharedSummaryPerIp }] } },
  async ({ request, params }) => {
    const now = new Date();
    const member = await sharedMember(params.token ?? '', now).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404 && prefersHtml(request.headers.get('accept'))) return deadSharePage(404, { ...PRIVATE, ...error.headers });
      throw error;
    });
    if (member instanceof Response) return member;
    const { shareId, userId } = member;
    const bytes = await doctorSummaryPdf(userId, now);
    // Logged once the PDF is made, so a failure shows the member no view that never happened.
    await logShareView(shareId, request.headers.get('user-agent'), now);
    return new Response(bytes as BodyInit, {
      headers: {
        ...PRIVATE,
        'Content-Type': 'application/pdf',
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': `inline; filename="vitality-summary-${now.toISOString().slice(0, 10)}.pdf"`,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: open });
