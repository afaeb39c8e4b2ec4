import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { cancelImport } from '@/lib/imports/history';

/** POST /api/imports/{id}/cancel: stops an import before its days are stored (409 once stored). */
const cancel = route({ auth: 'user' }, async ({ user, params }) => NextResponse.json({ import: await cancelImport(user.id, params.id ?? '') }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: cancel });
