import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { ApiError } from '@/lib/errors';
import { assertFileName, fileNameFromHeader } from '@/lib/http/body';
import { listImports, uploadImport } from '@/lib/imports/history';
import { queueHistoryImport } from '@/lib/jobs/send';
import { LIMITS } from '@/lib/rate-limit';
import { withUploadSlot } from '@/lib/uploads/quota';

/**
 * POST /api/imports: an Apple Health export.zip as the request body itself (`application/zip`, its
 * name in `x-file-name`), written to disk as it arrives (up to 4 GB) and queued for reading; 201 with
 * the import (lib/imports/history.ts ImportView), or 200 with the earlier import of the same file.
 * GET /api/imports: the member's imports, newest first.
 */
const upload = route(
  {
    auth: 'user',
    bodyType: 'raw',
    rateLimit: { action: 'upload', limits: ({ user }) => [{ name: 'history-import:user', identifier: user.id, ...LIMITS.labUploadPerUser }] },
  },
  async ({ request, user }) => {
    if (!/^application\/(zip|x-zip-compressed|octet-stream)\b/i.test(request.headers.get('content-type') ?? '')) throw new ApiError(415, 'Send the export as application/zip.');
    if (!request.body) throw new ApiError(422, 'Choose your Apple Health export.zip to import.');
    const name = fileNameFromHeader(request.headers.get('x-file-name'), 'export.zip');
    assertFileName(name);
    const body = request.body;
    const { view, alreadyImported } = await withUploadSlot(user.id, () => uploadImport(user.id, body, name, queueHistoryImport));
    return NextResponse.json({ import: view, already_imported: alreadyImported }, { status: alreadyImported ? 200 : 201, headers: { 'Cache-Control': 'no-store' } });
  },
);

const list = route({ auth: 'user' }, async ({ user }) => NextResponse.json({ imports: await listImports(user.id) }, { headers: { 'Cache-Control': 'no-store' } }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list, POST: upload });
