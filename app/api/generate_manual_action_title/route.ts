import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { BOTH_MANUAL_ADDED, generateManualTitle } from '@/lib/dashboard/actions';
import { manualActionSchema } from '@/lib/validation/daily-actions';

/** POST /api/generate_manual_action_title {description, cached_daily_actions_id}: adds today's next manual action → {id, title}. */
const post = route({ auth: 'user', subscription: true, body: manualActionSchema, conflictMessage: BOTH_MANUAL_ADDED }, async ({ user, body }) =>
  NextResponse.json(await generateManualTitle(user.id, body.cached_daily_actions_id, body.description), { headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: post });
