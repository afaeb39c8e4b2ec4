import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, startPeer, type PeerControls } from './http-peer';
import { responseFormatProblem } from './openai-strict-schema';

export const FAKE_OPENAI_KEY = 'sk-fake-openai-key';

/** One transcription request as the fake received it. */
export type TranscriptionUpload = {
  authorization: string | undefined;
  model: string | null;
  fileName: string;
  fileType: string;
  bytes: Buffer;
};

/** How the fake answers POST /v1/chat/completions. */
export type ChatReply =
  /** 200 with this value, serialised as JSON, as the assistant message's content. */
  | { json: unknown }
  /** 200 with this exact content, such as text that is not JSON. */
  | { text: string }
  /** An OpenAI-style error with this HTTP status. */
  | { status: number };

/** One chat completion request as the fake received it. */
export type ChatRequest = {
  authorization: string | undefined;
  /** The parsed JSON body: model, messages, response_format, … */
  body: Record<string, unknown>;
};

export type FakeOpenAI = PeerControls & {
  /** The base URL for the SDK's `baseURL`, ending in /v1. */
  baseUrl: string;
  uploads: TranscriptionUpload[];
  chatRequests: ChatRequest[];
  /** What the next transcriptions answer. */
  setTranscript(text: string): void;
  /** Answer transcriptions this many milliseconds late, to see the caller's waiting state. */
  setDelay(ms: number): void;
  /** What the next chat completions answer: a fixed reply, or one made from each request. */
  setChatReply(reply: ChatReply | ((request: ChatRequest) => ChatReply)): void;
  /** Answer chat completions this many milliseconds late, e.g. after the client has given up; with `only`, just the requests it picks. */
  setChatDelay(ms: number, only?: (request: ChatRequest) => boolean): void;
};

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function openAIError(response: ServerResponse, status: number, message: string, type: string, param: string | null = null): void {
  sendJson(response, status, { error: { message, type, param, code: null } });
}

function completion(model: unknown, content: string): Record<string, unknown> {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: typeof model === 'string' ? model : 'unknown',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

/**
 * OpenAI's POST /v1/audio/transcriptions, answering as the API does for response_format json: it checks
 * the bearer key and that a non-empty `file` part arrived, and answers `{ text }`. And POST
 * /v1/chat/completions, answering the configured `ChatReply` (by default `{ json: {} }`), or a 400 as OpenAI
 * gives for a strict `json_schema` response_format that structured outputs refuse (see openai-strict-schema.ts).
 */
export async function startFakeOpenAI({
  transcript = '',
  chat = { json: {} },
  apiKey = FAKE_OPENAI_KEY,
  port = 0,
}: { transcript?: string; chat?: ChatReply; apiKey?: string; port?: number } = {}): Promise<FakeOpenAI> {
  const uploads: TranscriptionUpload[] = [];
  const chatRequests: ChatRequest[] = [];
  let text = transcript;
  let delay = 0;
  let chatReply: ChatReply | ((request: ChatRequest) => ChatReply) = chat;
  let chatDelay = 0;
  let chatDelayOnly: (request: ChatRequest) => boolean = () => true;
  // Late answers still pending when the fake stops are dropped rather than keeping the process alive.
  const pending = new Set<NodeJS.Timeout>();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(timer);
        resolve();
      }, ms);
      pending.add(timer);
    });

  async function chatCompletion(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await readBody(request);
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return openAIError(response, 401, 'Incorrect API key provided.', 'invalid_request_error');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      return openAIError(response, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
    }
    const received: ChatRequest = { authorization: request.headers.authorization, body };
    chatRequests.push(received);
    // As the API does, before any model runs: a strict schema that structured outputs cannot take is a 400.
    const formatProblem = responseFormatProblem(body.response_format);
    if (formatProblem) return openAIError(response, 400, formatProblem, 'invalid_request_error', 'response_format');
    const reply = typeof chatReply === 'function' ? chatReply(received) : chatReply;
    if (chatDelay && chatDelayOnly(received)) await wait(chatDelay);
    if (response.destroyed || request.socket.destroyed) return;
    if ('status' in reply) return openAIError(response, reply.status, 'The server had an error while processing your request.', 'server_error');
    sendJson(response, 200, completion(body.model, 'json' in reply ? JSON.stringify(reply.json) : reply.text));
  }

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
      if (request.method === 'POST' && url.pathname === '/v1/chat/completions') {
        chatCompletion(request, response).catch((error: unknown) => sendJson(response, 500, { error: { message: String(error) } }));
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
    chatRequests,
    setTranscript(next) {
      text = next;
    },
    setDelay(ms) {
      delay = ms;
    },
    setChatReply(next) {
      chatReply = next;
    },
    setChatDelay(ms, only = () => true) {
      chatDelay = ms;
      chatDelayOnly = only;
    },
    stop() {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      return peer.stop();
    },
  };
}
