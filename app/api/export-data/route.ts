import { methods, route } from '@/lib/api/route';
import { recordSecurityEvent } from '@/lib/auth/security-log';
import { dataExportStream } from '@/lib/export/data-export';
import { LIMITS } from '@/lib/rate-limit';

/**
 * GET /api/export-data (GDPR Art. 20): a ZIP of everything the member has given or Vitality has made
 * for them (CSV per table, profile JSON, uploaded files, a FHIR R4 Bundle), streamed as it is read.
 */
const download = route(
  { auth: 'user', stepUp: true, rateLimit: { action: 'export', limits: ({ user }) => [{ name: 'export:user', identifier: user.id, ...LIMITS.exportPerUser }] } },
  async ({ request, user }) => {
    await recordSecurityEvent(user.id, 'data_downloaded', { request });
    const day = new Date().toISOString().slice(0, 10);
    return new Response(dataExportStream(user.id), {
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="vitality-data-${day}.zip"`,
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: download });
