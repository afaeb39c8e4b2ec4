import { NextResponse } from 'next/server';
import { route } from '@/lib/api/route';
import { getUserInfo } from '@/lib/profile/user-info';

export const GET = route({ auth: 'user' }, async ({ user }) => NextResponse.json(await getUserInfo(user.id), { headers: { 'Cache-Control': 'no-store' } }));
