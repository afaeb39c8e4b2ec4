// Sealed tokens made and opened with node:crypto alone, in the format lib/security/token-cipher.ts
// documents (`v1.<iv>.<tag>.<ciphertext>`, AES-256-GCM, the context as associated data): so a test can
// hold values an earlier key sealed, and check what a given key alone opens.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** `plain` sealed under `key` for `context`. */
export function sealUnder(key: Buffer, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The token `sealed` holds, opened under `key` alone for `context`; throws when that key did not seal it. */
export function openUnder(key: Buffer, sealed: string, context: string): string {
  const [, iv, tag, body] = sealed.split('.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv!, 'base64url')).setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body!, 'base64url')), decipher.final()]).toString('utf8');
}
