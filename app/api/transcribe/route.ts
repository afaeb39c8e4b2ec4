import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/errors';
import { methods, route } from '@/lib/api/route';
import { audioFromUpload, NOT_CONFIGURED, transcribeWebm, voiceInputConfigured } from '@/lib/ai/transcribe';

/** POST /api/transcribe: multipart field `audio` (a WebM recording) → `{ transcript }`; failures are `{ message }` like every call. */
const transcribe = route({ auth: 'user', bodyType: 'multipart' }, async ({ request }) => {
  // Checked first, so an unconfigured server does not read 25 MB for nothing.
  if (!voiceInputConfigured()) throw new ApiError(503, NOT_CONFIGURED);
  const transcript = await transcribeWebm(await audioFromUpload(request));
  return NextResponse.json({ transcript }, { headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: transcribe });
