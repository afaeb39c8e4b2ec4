import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { env } from '@/lib/env';

// Wearable tokens at rest: AES-256-GCM under TOKEN_ENCRYPTION_KEY (32 bytes, base64 or hex; `npm run dev`
// and `npm start` on the embedded database create one in .data/token-key). Each ciphertext is bound to
// its row and purpose by the associated data, so one row's token cannot be pasted into another's.

const VERSION = 'v1';
const IV_BYTES = 12;

export class TokenKeyMissing extends Error {
  constructor() {
    super('TOKEN_ENCRYPTION_KEY is not set');
    this.name = 'TokenKeyMissing';
  }
}

/** The key's 32 bytes from base64, base64url or hex; null when unset or not 32 bytes. */
export function parseTokenKey(raw: string | undefined): Buffer | null {
  if (!raw) return null;
  const text = raw.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url');
  return bytes.length === 32 ? bytes : null;
}

function key(): Buffer {
  const parsed = parseTokenKey(env.TOKEN_ENCRYPTION_KEY);
  if (!parsed) throw new TokenKeyMissing();
  return parsed;
}

/** Whether tokens can be stored: a usable key is configured. */
export const tokenCipherReady = (): boolean => parseTokenKey(env.TOKEN_ENCRYPTION_KEY) !== null;

/** `v1.<iv>.<tag>.<ciphertext>`, base64url, bound to `context` (e.g. "userId:whoop:refresh"). */
export function sealToken(plain: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The token sealed by sealToken for the same `context`; throws on any change to it or its context. */
export function openToken(sealed: string, context: string): string {
  const [version, iv, tag, body, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined || rest.length) throw new Error('not a sealed token');
  const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
