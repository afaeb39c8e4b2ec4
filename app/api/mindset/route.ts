import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { latestMindset, saveMindset } from '@/lib/mindset/assessments';
import { mindsetSchema } from '@/lib/validation/mindset';

/** GET /api/mindset: the latest WHO-5 score (`null` while to do); POST {answers}: a new one, scored 0–100. */
const get = route({ auth: 'user' }, async ({ user }) => NextResponse.json({ mindset: await latestMindset(user.id) }, { headers: { 'Cache-Control': 'no-store' } }));
const post = route({ auth: 'user', body: mindsetSchema }, async ({ user, body }) => NextResponse.json(await saveMindset(user.id, body.answers), { status: 201 }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get, POST: post });
