import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { dismissNotification } from '@/lib/dashboard/banner-notification';

/** POST /api/notifications/{id}/dismiss: hides one of the caller's own notifications. */
const dismiss = route({ auth: 'user' }, async ({ user, params }) => {
  await dismissNotification(user.id, params.id ?? '');
  return NextResponse.json({ message: 'Notification dismissed.' });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: dismiss });
