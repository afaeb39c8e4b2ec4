import { Readable } from 'node:stream';
import { methods, route } from '@/lib/api/route';
import { labReportFile } from '@/lib/labs/reports';

/** GET /api/lab-reports/{id}/file: an uploaded report, to its owner only (anyone else gets the same 404 as an unknown id). */
const download = route({ auth: 'user' }, async ({ user, params }) => {
  const file = await labReportFile(user.id, params.id ?? '');
  return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': file.mimeType,
      'Content-Length': String(file.sizeBytes),
      'Content-Disposition': `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: download });
