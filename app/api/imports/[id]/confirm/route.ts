import { NextResponse } from 'next/server';
import { parse } from 'zod/v4/core';
import { methods, readJson, route } from '@/lib/api/route';
import { assertJsonContentType } from '@/lib/http/request-guards';
import { confirmImport } from '@/lib/imports/history';
import { confirmImportSchema } from '@/lib/validation/history-import';

/**
 * POST /api/imports/{id}/confirm: the previewed days stored (409 before the preview, or twice). The body, JSON,
 * answers the preview's questions ({ person?, keep? }); none is needed where it asked nothing, as before.
 */
const confirm = route({ auth: 'user', bodyType: 'raw' }, async ({ request, user, params }) => {
  const body = await readJson(request, { optional: true });
  if (body !== undefined) assertJsonContentType(request);
  const answers = parse(confirmImportSchema, body ?? {});
  return NextResponse.json({ import: await confirmImport(user.id, params.id ?? '', answers) });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: confirm });
