import { NextResponse } from 'next/server';
import { fileFromMultipart } from '@/lib/http/body';
import { methods, route } from '@/lib/api/route';
import { MAX_REPORT_BYTES, UPLOAD_MESSAGES, uploadLabReport } from '@/lib/labs/reports';
import { LIMITS } from '@/lib/rate-limit';

/**
 * POST /api/upload-lab-report (SPEC §7): multipart field `file`, a PDF, JPEG or PNG of at most 10 MB by
 * its bytes. 201 with what the report's text gave (nothing is saved from it until POST /api/lab-results).
 */
const upload = route(
  {
    auth: 'user',
    bodyType: 'multipart',
    rateLimit: { action: 'upload', limits: ({ user }) => [{ name: 'lab-upload:user', identifier: user.id, ...LIMITS.labUploadPerUser }] },
  },
  async ({ request, user }) => {
    const file = await fileFromMultipart(request, 'file', MAX_REPORT_BYTES, UPLOAD_MESSAGES);
    return NextResponse.json(await uploadLabReport(user.id, file), { status: 201, headers: { 'Cache-Control': 'no-store' } });
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: upload });
