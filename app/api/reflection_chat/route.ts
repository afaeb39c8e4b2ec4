import { NextResponse } from 'next/server';
import { methods, route } from '@/lib/api/route';
import { reflectionTurn } from '@/lib/checkins/reflection-chat';
import { LIMITS } from '@/lib/rate-limit';
import { reflectionChatSchema } from '@/lib/validation/checkin';

/**
 * POST /api/reflection_chat (SPEC §7): `{turn: 0}` opens today's reflection (the check-in's first step
 * may add mood, energy and symptoms); `{message, messages, turn}` sends the user's next message →
 * `{reply, done}`, and the closing may add `step: {description}`, the small step it suggests. The server
 * keeps the conversation: `messages` is checked, never trusted.
 */
const post = route(
  {
    auth: 'user',
    subscription: true,
    body: reflectionChatSchema,
    rateLimit: { action: 'reflection chat', limits: ({ user }) => [{ name: 'reflection:user', identifier: user.id, ...LIMITS.reflectionPerUser }] },
  },
  async ({ user, body }) => NextResponse.json(await reflectionTurn(user.id, body), { headers: { 'Cache-Control': 'no-store' } }),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: post });
