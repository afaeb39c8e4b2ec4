import { methods, route } from '@/lib/api/route';
import { doctorSummaryPdf } from '@/lib/reports/doctor-summary';

/** GET /api/doctor-summary: the member's "Prepare for your doctor" PDF (lib/reports/doctor-summary.ts), to them alone. */
const summary = route({ auth: 'user' }, async ({ user }) => {
  const now = new Date();
  const bytes = await doctorSummaryPdf(user.id, now);
  return new Response(bytes as BodyInit, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': `attachment; filename="vitality-summary-${now.toISOString().slice(0, 10)}.pdf"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: summary });
