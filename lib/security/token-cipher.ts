import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { tokenKeyBytes } from '@/lib/config/variables.js';
import { env } from '@/lib/env';

// Wearable tokens at rest: AES-256-GCM under TOKEN_ENCRYPTION_KEY (32 bytes, base64 or hex; `npm run dev`
// and `npm start` on the embedded database create one in .data/token-key). Each ciphertext is bound to
// its row and purpose by the associated data, so one row's token cannot be pasted into another's.
// While the key is being rotated, TOKEN_ENCRYPTION_KEY_PREVIOUS's keys still open what they sealed
// (tried after the current one); `npm run tokens:rotate` re-seals it all under the current key.

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
  return raw ? tokenKeyBytes(raw) : null;
}

function key(): Buffer {
  const parsed = parseTokenKey(env.TOKEN_ENCRYPTION_KEY);
  if (!parsed) throw new TokenKeyMissing();
  return parsed;
}

/** The keys that open tokens: the current one, then TOKEN_ENCRYPTION_KEY_PREVIOUS's in order (the schema has refused any that is not a key). */
function keyring(): Buffer[] {
  const previous = (env.TOKEN_ENCRYPTION_KEY_PREVIOUS ?? []).map((raw) => {
    const parsed = parseTokenKey(raw);
    if (!parsed) throw new Error('TOKEN_ENCRYPTION_KEY_PREVIOUS holds a value that is not a 32-byte key');
    return parsed;
  });
  return [key(), ...previous];
}

/** Whether tokens can be stored: a usable key is configured. */
export const tokenCipherReady = (): boolean => parseTokenKey(env.TOKEN_ENCRYPTION_KEY) !== null;

/** `v1.<iv>.<tag>.<ciphertext>`, base64url, bound to `context` (e.g. "userId:whoop:refresh"); always under the current key. */
export function sealToken(plain: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plain token and the place in the keyring of the key that opened it (0: the current key). */
function open(sealed: string, context: string): { plain: string; keyIndex: number } {
  const [version, iv, tag, body, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined || rest.length) throw new Error('not a sealed token');
  const keys = keyring();
  for (const [keyIndex, candidate] of keys.entries()) {
    const decipher = createDecipheriv('aes-256-gcm', candidate, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    try {
      return { plain: Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8'), keyIndex };
    } catch {
      // GCM's tag did not match: another key sealed it (or it, or its context, was changed). Try the next.
    }
  }
  throw new Error(`the sealed token opens under none of the ${keys.length} configured key(s)`);
}

/**
 * The token sealed by sealToken for the same `context`, under the current key or a previous one;
 * throws on any change to it or its context, and when no configured key opens it.
 */
export function openToken(sealed: string, context: string): string {
  return open(sealed, context).plain;
}

/** For rotating the key: `sealed` sealed anew under the current key, or null when it already is; throws like openToken. */
export function resealToken(sealed: string, context: string): string | null {
  const { plain, keyIndex } = open(sealed, context);
  return keyIndex === 0 ? null : sealToken(plain, context);
}
