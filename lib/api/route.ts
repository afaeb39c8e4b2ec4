import 'server-only';
import { NextResponse } from 'next/server';
import { z, ZodError } from 'zod';
import { sessionUserFromRequest, type SessionUser } from '@/lib/auth/session';
import { ApiError } from './errors';

// JSON bodies in this product are small forms; anything larger is refused before parsing.
export const MAX_JSON_BYTES = 64 * 1024;

type Context<TBody, TUser> = { request: Request; body: TBody; user: TUser; params: Record<string, string> };
type Options<TSchema extends z.ZodType | undefined, TAuth extends 'user' | 'none'> = { auth: TAuth; body?: TSchema };
type Handler<TSchema extends z.ZodType | undefined, TAuth extends 'user' | 'none'> = (
  ctx: Context<TSchema extends z.ZodType ? z.infer<TSchema> : undefined, TAuth extends 'user' ? SessionUser : SessionUser | null>,
) => Promise<Response> | Response;

export function jsonError(status: number, message: string, headers: Record<string, string> = {}): NextResponse {
  return NextResponse.json({ message }, { status, headers });
}

/** The request's JSON body, refused with a 4xx when it is too large, empty or not JSON. */
export async function readJson(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_JSON_BYTES) throw new ApiError(413, 'Request body is too large.');
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_JSON_BYTES) throw new ApiError(413, 'Request body is too large.');
  if (!text.trim()) throw new ApiError(400, 'Request body must be JSON.');
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'Request body must be valid JSON.');
  }
}

/**
 * Every route handler goes through this: it checks the session itself (never trusting the proxy),
 * parses the body with the shared zod schema, and turns every failure into a JSON `{ message }`.
 */
export function route<TSchema extends z.ZodType | undefined = undefined, TAuth extends 'user' | 'none' = 'user'>(
  options: Options<TSchema, TAuth>,
  handler: Handler<TSchema, TAuth>,
) {
  return async (request: Request, segment: { params?: Promise<Record<string, string>> } = {}): Promise<Response> => {
    try {
      const user = options.auth === 'user' ? await sessionUserFromRequest(request) : null;
      if (options.auth === 'user' && !user) throw new ApiError(401, 'Not authenticated');
      const body = options.body ? options.body.parse(await readJson(request)) : undefined;
      const params = (await segment.params) ?? {};
      return await handler({ request, body, user, params } as Parameters<typeof handler>[0]);
    } catch (error) {
      if (error instanceof ApiError) return jsonError(error.status, error.message, error.headers);
      if (error instanceof ZodError) {
        const first = error.issues[0];
        return NextResponse.json(
          { message: first?.message ?? 'Invalid request.', errors: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) },
          { status: 422 },
        );
      }
      // Log the kind of failure only: messages can carry user data.
      console.error(`[api] ${request.method} ${new URL(request.url).pathname} failed: ${(error as Error)?.name ?? 'Error'}`);
      return jsonError(500, 'Something went wrong. Please try again.');
    }
  };
}
