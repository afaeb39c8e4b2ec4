import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { importView, removeImport } from '@/lib/imports/history';

/** GET /api/imports/{id}: the member's own import: status, progress, preview. DELETE: it and the days it holds. */
const get = route({ auth: 'user' }, async ({ user, params }) => NextResponse.json({ import: await importView(user.id, params.id ?? '') }, { headers: { 'Cache-Control': 'no-store' } }));
const remove = route({ auth: 'user' }, async ({ user, params }) => NextResponse.json({ message: 'The import was removed.', ...(await removeImport(user.id, params.id ?? '')) }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get, DELETE: remove });
