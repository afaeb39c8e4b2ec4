import { NextResponse } from 'next/server';
import { route } from '@/lib/api/route';
import { audioFromUpload, NOT_CONFIGURED, TranscriptionError, transcribeWebm, voiceInputConfigured } from '@/lib/ai/transcribe';

// SPEC answers `{ error }`; the house rule is `{ message }`: failures carry both.
const failure = (status: number, text: string) => NextResponse.json({ error: text, message: text }, { status });

/** POST /api/transcribe: multipart field `audio` (a WebM recording) → `{ transcript }`. */
export const POST = route({ auth: 'user' }, async ({ request }) => {
  try {
    // Checked first, so an unconfigured server does not read 25 MB for nothing.
    if (!voiceInputConfigured()) throw new TranscriptionError(503, NOT_CONFIGURED);
    const transcript = await transcribeWebm(await audioFromUpload(request));
    return NextResponse.json({ transcript }, { headers: { 'Cache-Control': 'no-store' } });
  } catch (error) {
    if (error instanceof TranscriptionError) return failure(error.status, error.message);
    throw error;
  }
});
