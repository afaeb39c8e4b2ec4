import { NextResponse } from 'next/server';
import { route } from '@/lib/api/route';
import { userRecord } from '@/lib/onboarding/user-record';

export const GET = route({ auth: 'user' }, async ({ user }) => NextResponse.json(await userRecord(user.id), { headers: { 'Cache-Control': 'no-store' } }));
