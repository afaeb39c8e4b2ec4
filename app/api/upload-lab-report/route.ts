import { NextResponse } from 'next/server';
import { fileFromMultipart } from '@/lib/http/body';
import { methods, route } from '@/lib/api/route';
import { MAX_REPORT_BYTES, UPLOAD_MESSAGES, uploadLabReport } from '@/lib/labs/reports';
import { LIMITS } from '@/lib/rate-limit';
import { assertDiskRoom, assertReportRoom, withUploadSlot } from '@/lib/uploads/quota';

/**
 * POST /api/upload-lab-report (SPEC §7): multipart field `file`, a PDF, JPEG or PNG of at most 10 MB by
 * its bytes. 201 with what a PDF's text gave (nothing is saved from it until POST /api/lab-results); 202
 * for a scan or a photo, queued for OCR (GET /api/lab-reports/{id} follows it); 429 or 503 when the
 * member's or everyone's readings fill the queue.
 */
const upload = route(
  {
    auth: 'user',
    bodyType: 'multipart',
    rateLimit: { action: 'upload', limits: ({ user }) => [{ name: 'lab-upload:user', identifier: user.id, ...LIMITS.labUploadPerUser }] },
  },
  async ({ request, user }) => {
    const { status, answer } = await withUploadSlot(user.id, async () => {
      await assertDiskRoom();
      const file = await fileFromMultipart(request, 'file', MAX_REPORT_BYTES, UPLOAD_MESSAGES);
      return uploadLabReport(user.id, file, () => assertReportRoom(user.id, file.bytes.length));
    });
    return NextResponse.json(answer, { status, headers: { 'Cache-Control': 'no-store' } });
  },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: upload });
