import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { getUserInfo } from '@/lib/profile/user-info';

const userInfo = route({ auth: 'user' }, async ({ user }) => NextResponse.json(await getUserInfo(user.id), { headers: { 'Cache-Control': 'no-store' } }));

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: userInfo });
