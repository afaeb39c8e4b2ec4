import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { notificationAnswer } from '@/lib/dashboard/answers';

/** GET /api/notification/next: the dashboard's alert banner; 204 when there is none. */
const next = route({ auth: 'user' }, async ({ user }) => {
  const notification = await notificationAnswer(user);
  if (!notification) return new NextResponse(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
  return NextResponse.json(notification, { headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: next });
