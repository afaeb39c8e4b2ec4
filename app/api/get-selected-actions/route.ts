import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { selectedActions } from '@/lib/dashboard/actions';
import { selectedActionsQuerySchema } from '@/lib/validation/daily-actions';

/** POST /api/get-selected-actions {cached_daily_actions_id}: the ids the user ticked in that set. */
const post = route({ auth: 'user', subscription: true, body: selectedActionsQuerySchema }, async ({ user, body }) =>
  NextResponse.json(await selectedActions(user.id, body.cached_daily_actions_id), { headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: post });
