import 'server-only';
import { ApiError } from '@/lib/errors';
import { isSingleLineText, isStorableText } from '@/lib/validation/stored-text';

// JSON bodies in this product are small forms; anything larger is refused before parsing.
export const MAX_JSON_BYTES = 64 * 1024;
const TOO_LARGE = 'Request body is too large.';

/**
 * The request body, read up to `limit` bytes: a declared Content-Length over it is refused before
 * reading, and a body that grows past it (chunked, or a lying header) is cut off as it streams in.
 */
export async function readLimitedBody(request: Request, limit: number, tooLarge = TOO_LARGE): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw new ApiError(413, tooLarge);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new ApiError(413, tooLarge);
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

// Room for the multipart boundaries and part headers around an uploaded file.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export type UploadMessages = { tooLarge: string; missing: string };

/**
 * One file part of a multipart upload, at most `maxBytes`: the body is cut off as it streams in past
 * that (plus the multipart overhead), and an unreadable form, a missing part or an empty file is a 4xx
 * with `messages.missing`.
 */
export async function fileFromMultipart(request: Request, field: string, maxBytes: number, messages: UploadMessages): Promise<{ bytes: Uint8Array; name: string }> {
  const body = await readLimitedBody(request, maxBytes + MULTIPART_OVERHEAD_BYTES, messages.tooLarge);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
  } catch {
    throw new ApiError(400, messages.missing);
  }
  const part = form.get(field);
  if (!(part instanceof Blob) || part.size === 0) throw new ApiError(422, messages.missing);
  if (part.size > maxBytes) throw new ApiError(413, messages.tooLarge);
  const name = part instanceof File ? part.name : field;
  assertFileName(name);
  return { bytes: new Uint8Array(await part.arrayBuffer()), name };
}

/**
 * Reads and drops up to the JSON limit of a body the answer does not need. Closing a connection with
 * unread bytes in flight makes TCP reset it, and the client loses the answer along with it.
 */
export async function discardBody(request: Request): Promise<void> {
  await readLimitedBody(request, MAX_JSON_BYTES).catch(() => undefined);
}

export const UNSTORABLE_TEXT_MESSAGE = 'Text fields cannot contain control characters such as NUL.';
export const FILE_NAME_MESSAGE = 'That file’s name has a character that can’t be kept (a line break, a hidden character or one that turns text round). Rename the file and try again.';

/** An uploaded file's name, refused (422) unless it is one line of ordinary text (lib/validation/stored-text.ts). */
export function assertFileName(name: string): void {
  if (!isSingleLineText(name)) throw new ApiError(422, FILE_NAME_MESSAGE);
}

/**
 * A file name sent in a header (`x-file-name`): percent-encoded UTF-8 as a browser's encodeURIComponent
 * gives it, or raw UTF-8, which a header carries as bytes and the server reads one byte per character
 * (Latin-1): those bytes are read again as the UTF-8 they are. `fallback` when there is none.
 */
export function fileNameFromHeader(value: string | null, fallback: string): string {
  if (!value) return fallback;
  let name = value;
  if (/^[\u0000-\u00ff]*$/.test(name) && /[\u0080-\u00ff]/.test(name)) {
    try {
      name = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(name, (c) => c.charCodeAt(0)));
    } catch {
      // Not UTF-8 after all: Latin-1 is what it was.
    }
  }
  try {
    return decodeURIComponent(name);
  } catch {
    return name; // A % that is not an escape: the name as sent.
  }
}

/**
 * PostgreSQL cannot store U+0000 in text, a lone surrogate cannot be encoded as UTF-8 without being
 * replaced, and control and direction characters change what a name shows: all are refused in every
 * string of a body, keys included, before any handler runs. Path ids and uploaded file names come
 * through here too: this is the one place strings are checked.
 */
export function assertStorableText(value: unknown): void {
  if (typeof value === 'string') {
    if (!isStorableText(value)) throw new ApiError(422, UNSTORABLE_TEXT_MESSAGE);
  } else if (Array.isArray(value)) {
    value.forEach(assertStorableText);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      assertStorableText(key);
      assertStorableText(item);
    }
  }
}

/** The request's JSON body, refused with a 4xx when it is too large, empty, not JSON or not storable. */
export async function readJson(request: Request, { optional = false, limit = MAX_JSON_BYTES, tooLarge = TOO_LARGE } = {}): Promise<unknown> {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(await readLimitedBody(request, limit, tooLarge));
  if (!text.trim()) {
    if (optional) return undefined;
    throw new ApiError(400, 'Request body must be JSON.');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'Request body must be valid JSON.');
  }
  assertStorableText(value);
  return value;
}
