import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { updateSelectedActions } from '@/lib/dashboard/actions';
import { updateSelectedActionsSchema } from '@/lib/validation/daily-actions';

/** POST /api/update-selected-actions {selected_actions, cached_daily_actions_id}: the full list replaces the selection. */
const post = route({ auth: 'user', subscription: true, body: updateSelectedActionsSchema }, async ({ user, body }) =>
  NextResponse.json(await updateSelectedActions(user.id, body.cached_daily_actions_id, body.selected_actions), { headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: post });
