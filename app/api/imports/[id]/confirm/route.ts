import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { confirmImport } from '@/lib/imports/history';

/** POST /api/imports/{id}/confirm: the previewed days stored (409 before the preview, or twice). */
const confirm = route({ auth: 'user' }, async ({ user, params }) => NextResponse.json({ import: await confirmImport(user.id, params.id ?? '') }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: confirm });
