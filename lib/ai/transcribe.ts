import 'server-only';
import OpenAI, { toFile } from 'openai';
import { env } from '@/lib/env';

/** OpenAI's own upload limit for audio transcription. */
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;
// Room for the multipart boundaries and part headers around the file.
export const MAX_UPLOAD_BYTES = MAX_AUDIO_BYTES + 64 * 1024;

export const NOT_CONFIGURED = 'Voice input is not configured.';
export const TRANSCRIBE_FAILED = 'Failed to transcribe audio';
export const TOO_LARGE = 'Recordings can be at most 25 MB.';
export const NOT_WEBM = 'The recording must be a WebM audio file.';
export const NO_AUDIO = 'No audio recording was received.';

// Every WebM file is an EBML document, which starts with this header id.
const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3] as const;

/** A failure the caller may see, with its HTTP status. */
export class TranscriptionError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'TranscriptionError';
  }
}

/** Voice input is on only when this server has an OpenAI key. */
export function voiceInputConfigured(): boolean {
  return Boolean(env.OPENAI_API_KEY);
}

export function isWebm(bytes: Uint8Array): boolean {
  return EBML_MAGIC.every((byte, index) => bytes[index] === byte);
}

/**
 * The request body, read up to `limit` bytes: a declared Content-Length over it is refused before
 * reading, and a body that grows past it (chunked, or a lying header) is cut off as it streams in.
 */
export async function readLimitedBody(request: Request, limit = MAX_UPLOAD_BYTES): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw new TranscriptionError(413, TOO_LARGE);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new TranscriptionError(413, TOO_LARGE);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The `audio` part of a multipart upload, checked to be a WebM recording of at most 25 MB. */
export async function audioFromUpload(request: Request): Promise<Uint8Array> {
  const body = await readLimitedBody(request);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
  } catch {
    throw new TranscriptionError(400, NO_AUDIO);
  }
  const audio = form.get('audio');
  if (!(audio instanceof Blob) || audio.size === 0) throw new TranscriptionError(422, NO_AUDIO);
  if (audio.size > MAX_AUDIO_BYTES) throw new TranscriptionError(413, TOO_LARGE);
  const bytes = new Uint8Array(await audio.arrayBuffer());
  if (!isWebm(bytes)) throw new TranscriptionError(415, NOT_WEBM);
  return bytes;
}

/** The text spoken in a WebM recording, from OpenAI's transcription API. Never logs the audio or the text. */
export async function transcribeWebm(audio: Uint8Array): Promise<string> {
  if (!env.OPENAI_API_KEY) throw new TranscriptionError(503, NOT_CONFIGURED);
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
    throw new TranscriptionError(502, TRANSCRIBE_FAILED);
  }
}
