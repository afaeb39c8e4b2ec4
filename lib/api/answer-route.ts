import 'server-only';
import { NextResponse } from 'next/server';
import type { $ZodType, output } from 'zod/v4/core';
import { route } from '@/lib/api/route';

/** A signed-in POST that validates its body with `schema`, saves it with `save`, and says so. */
export function answerRoute<TSchema extends $ZodType>(schema: TSchema, save: (userId: string, body: output<TSchema>) => Promise<unknown>, message: string) {
  return route({ auth: 'user', body: schema }, async ({ user, body }) => {
    await save(user.id, body as output<TSchema>);
    return NextResponse.json({ message });
  });
}

/** The same for calls without a body. */
export function flagRoute(save: (userId: string) => Promise<unknown>, message: string) {
  return route({ auth: 'user' }, async ({ user }) => {
    await save(user.id);
    return NextResponse.json({ message });
  });
}
