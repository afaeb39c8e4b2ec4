import { ApiError } from '@/lib/errors';

/** The ApiError a call fails with, as status and message (a call that succeeds, or fails otherwise, fails the test). */
export async function refusal(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return { status: error.status, message: error.message };
}
