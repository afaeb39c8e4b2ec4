import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, startPeer, type PeerControls } from './http-peer';

export const FAKE_OPENAI_KEY = 'sk-fake-openai-key';

/** One transcription request as the fake received it. */
export type TranscriptionUpload = {
  authorization: string | undefined;
  model: string | null;
  fileName: string;
  fileType: string;
  bytes: Buffer;
};

export type FakeOpenAI = PeerControls & {
  /** The base URL for the SDK's `baseURL`, ending in /v1. */
  baseUrl: string;
  uploads: TranscriptionUpload[];
  /** What the next transcriptions answer. */
  setTranscript(text: string): void;
  /** Answer transcriptions this many milliseconds late, to see the caller's waiting state. */
  setDelay(ms: number): void;
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function openAIError(response: ServerResponse, status: number, message: string, type: string): void {
  sendJson(response, status, { error: { message, type, param: null, code: null } });
}

/**
 * OpenAI's POST /v1/audio/transcriptions, answering as the API does for response_format json: it checks
 * the bearer key and that a non-empty `file` part arrived, and answers `{ text }`.
 */
export async function startFakeOpenAI({ transcript, apiKey = FAKE_OPENAI_KEY, port = 0 }: { transcript: string; apiKey?: string; port?: number }): Promise<FakeOpenAI> {
  const uploads: TranscriptionUpload[] = [];
  let text = transcript;
  let delay = 0;

  async function transcribe(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return openAIError(response, 401, 'Incorrect API key provided.', 'invalid_request_error');
    }
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': request.headers['content-type'] ?? '' } }).formData().catch(() => null);
    const file = form?.get('file');
    if (!form || !(file instanceof File) || file.size === 0) {
      return openAIError(response, 400, "Missing required parameter: 'file'.", 'invalid_request_error');
    }
    uploads.push({
      authorization: request.headers.authorization,
      model: typeof form.get('model') === 'string' ? (form.get('model') as string) : null,
      fileName: file.name,
      fileType: file.type,
      bytes: Buffer.from(await file.arrayBuffer()),
    });
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    sendJson(response, 200, { text, usage: { type: 'duration', seconds: 1 } });
  }

  const peer = await startPeer(
    (request, url, response) => {
      if (request.method === 'POST' && url.pathname === '/v1/audio/transcriptions') {
        transcribe(request, response).catch((error: unknown) => sendJson(response, 500, { error: { message: String(error) } }));
        return;
      }
      openAIError(response, 404, `Unknown request URL: ${request.method} ${url.pathname}.`, 'invalid_request_error');
    },
    { port },
  );

  return {
    ...peer,
    baseUrl: `${peer.baseUrl}/v1`,
    uploads,
    setTranscript(next) {
      text = next;
    },
    setDelay(ms) {
      delay = ms;
    },
  };
}
