import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { userRecord } from '@/lib/onboarding/user-record';

const readUser = route({ auth: 'user' }, async ({ user }) => NextResponse.json(await userRecord(user.id), { headers: { 'Cache-Control': 'no-store' } }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: readUser });
