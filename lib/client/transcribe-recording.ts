export const TRANSCRIBE_FAILED = 'Failed to transcribe audio';
export const TRANSCRIBE_EXCEPTION = 'Failed to process audio transcription.';

export type TranscriptionResult = { ok: true; transcript: string } | { ok: false; error: string };

/**
 * Sends a recording to POST /api/transcribe as the multipart field `audio` (recording.webm).
 * Resolves for every HTTP answer; rejects only when no answer came.
 */
export async function transcribeRecording(recording: Blob): Promise<TranscriptionResult> {
  const form = new FormData();
  form.append('audio', new File([recording], 'recording.webm', { type: 'audio/webm' }));
  const response = await fetch('/api/transcribe', { method: 'POST', credentials: 'same-origin', body: form });
  const data: unknown = await response.json().catch(() => null);
  const field = (name: 'transcript' | 'message') =>
    typeof data === 'object' && data !== null && name in data && typeof (data as Record<string, unknown>)[name] === 'string'
      ? ((data as Record<string, string>)[name] as string)
      : undefined;
  const transcript = field('transcript');
  if (response.ok && transcript !== undefined) return { ok: true, transcript };
  return { ok: false, error: field('message')?.trim() || TRANSCRIBE_FAILED };
}
