import 'server-only';
import OpenAI, { toFile } from 'openai';
import { fileFromMultipart } from '@/lib/http/body';
import { ApiError } from '@/lib/errors';
import { env } from '@/lib/env';
import { noticeOnce } from '@/lib/operator-notice';

/** OpenAI's own upload limit for audio transcription. */
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;

export const NOT_CONFIGURED = 'Type your goals in the box above: Vitality doesn’t take spoken answers.';
export const TRANSCRIBE_FAILED = 'Failed to transcribe audio';
export const TOO_LARGE = 'Recordings can be at most 25 MB.';
export const NOT_WEBM = 'The recording must be a WebM audio file.';
export const NO_AUDIO = 'No audio recording was received.';

// Every WebM file is an EBML document, which starts with this header id.
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3] as const;

/** Voice input is on only when this server has an OpenAI key. */
export function voiceInputConfigured(): boolean {
  const configured = Boolean(env.OPENAI_API_KEY);
  if (!configured) noticeOnce('voice', 'Voice input is off: set OPENAI_API_KEY (and OPENAI_BASE_URL for a compatible server) to turn it on.');
  return configured;
}

export function isWebm(bytes: Uint8Array): boolean {
  return EBML_MAGIC.every((byte, index) => bytes[index] === byte);
}

/** The `audio` part of a multipart upload, checked to be a WebM recording of at most 25 MB. */
export async function audioFromUpload(request: Request): Promise<Uint8Array> {
  const { bytes } = await fileFromMultipart(request, 'audio', MAX_AUDIO_BYTES, { tooLarge: TOO_LARGE, missing: NO_AUDIO });
  if (!isWebm(bytes)) throw new ApiError(415, NOT_WEBM);
  return bytes;
}

/** The text spoken in a WebM recording, from OpenAI's transcription API. Never logs the audio or the text. */
export async function transcribeWebm(audio: Uint8Array): Promise<string> {
  if (!env.OPENAI_API_KEY) throw new ApiError(503, NOT_CONFIGURED);
  const client = new OpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, maxRetries: 1, timeout: 60_000 });
  try {
    const result = await client.audio.transcriptions.create({
      file: await toFile(audio, 'recording.webm', { type: 'audio/webm' }),
      model: env.OPENAI_TRANSCRIBE_MODEL,
    });
    return result.text.trim();
  } catch (error) {
    // The status or error kind only: upstream messages can echo what was said.
    const kind = error instanceof OpenAI.APIError ? `HTTP ${error.status ?? 'no status'}` : ((error as Error)?.name ?? 'Error');
    console.error(`[transcribe] upstream failed: ${kind}`);
    throw new ApiError(502, TRANSCRIBE_FAILED);
  }
}
