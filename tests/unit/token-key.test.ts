import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { parseEnv } from '@/lib/config/env.js';
import { resolveTokenKey } from '../../scripts/lib/start-environment';
import { openUnder, sealUnder } from '../support/sealed-tokens';

describe('resolveTokenKey', () => {
  it('uses TOKEN_ENCRYPTION_KEY when given', () => {
    expect(resolveTokenKey({ TOKEN_ENCRYPTION_KEY: 'given' }, { dev: false, embedded: false }, '/nonexistent/key')).toBe('given');
  });

  it('leaves a server database without one (wearables then cannot be connected)', () => {
    expect(resolveTokenKey({}, { dev: false, embedded: false }, '/nonexistent/key')).toBeNull();
  });

  it('creates 32 random bytes in .data once for the embedded default, readable by the owner only, and reuses them', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vt-token-key-'));
    try {
      const file = path.join(dir, 'nested', 'token-key');
      const first = resolveTokenKey({}, { dev: false, embedded: true }, file);
      expect(Buffer.from(first!, 'base64url')).toHaveLength(32);
      expect(readFileSync(file, 'utf8')).toBe(first);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(resolveTokenKey({}, { dev: true, embedded: false }, file)).toBe(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Rotation: TOKEN_ENCRYPTION_KEY seals, and it or any of TOKEN_ENCRYPTION_KEY_PREVIOUS's keys opens. The
// ciphertexts of other keys are made with node:crypto alone (tests/support/sealed-tokens.ts).
const [A, A2, B, C] = [randomBytes(32), randomBytes(32), randomBytes(32), randomBytes(32)];
const CONTEXT = 'user-1:WHOOP:access';

describe('token keys while rotating', () => {
  let cipher: typeof import('@/lib/security/token-cipher');
  beforeAll(async () => {
    // The app reads its environment once, on first import: set it first (base64 current, hex and base64 previous).
    Object.assign(process.env, { TOKEN_ENCRYPTION_KEY: B.toString('base64'), TOKEN_ENCRYPTION_KEY_PREVIOUS: ` ${A.toString('hex')} , ${A2.toString('base64url')}` });
    cipher = await import('@/lib/security/token-cipher');
  });

  it('seal under the current key only', () => {
    const sealed = cipher.sealToken('whoop-access-1', CONTEXT);
    expect(openUnder(B, sealed, CONTEXT)).toBe('whoop-access-1');
    expect(() => openUnder(A, sealed, CONTEXT)).toThrow();
  });

  it('open what the current key or any previous key sealed, bound to its context still', () => {
    expect(cipher.openToken(cipher.sealToken('sealed-under-b', CONTEXT), CONTEXT)).toBe('sealed-under-b');
    expect(cipher.openToken(sealUnder(A, 'sealed-under-a', CONTEXT), CONTEXT)).toBe('sealed-under-a');
    expect(cipher.openToken(sealUnder(A2, 'sealed-under-a2', CONTEXT), CONTEXT)).toBe('sealed-under-a2');
    expect(() => cipher.openToken(sealUnder(A, 'sealed-under-a', CONTEXT), 'user-2:WHOOP:access')).toThrow('opens under none of the 3 configured key(s)');
  });

  it('refuse what no configured key sealed, naming no token', () => {
    const sealed = sealUnder(C, 'whoop-access-secret', CONTEXT);
    expect(() => cipher.openToken(sealed, CONTEXT)).toThrow(/^the sealed token opens under none of the 3 configured key\(s\)$/);
    expect(() => cipher.openToken('v1.not-a-token', CONTEXT)).toThrow('not a sealed token');
  });

  it('re-seal a token a previous key sealed under the current one, same context, and leave a current one alone', () => {
    const old = sealUnder(A, 'whoop-refresh-1', CONTEXT);
    const resealed = cipher.resealToken(old, CONTEXT)!;
    expect(resealed).toMatch(/^v1\./);
    expect(openUnder(B, resealed, CONTEXT)).toBe('whoop-refresh-1');
    expect(cipher.resealToken(resealed, CONTEXT)).toBeNull();
    expect(() => cipher.resealToken(sealUnder(C, 'x', CONTEXT), CONTEXT)).toThrow();
  });
});

describe('TOKEN_ENCRYPTION_KEY_PREVIOUS', () => {
  it('takes one or more 32-byte keys, comma-separated, base64 or hex', () => {
    const parsed = parseEnv({ TOKEN_ENCRYPTION_KEY_PREVIOUS: `${A.toString('base64')},${A2.toString('hex')} ` }, ['TOKEN_ENCRYPTION_KEY_PREVIOUS']);
    expect(parsed.TOKEN_ENCRYPTION_KEY_PREVIOUS).toEqual([A.toString('base64'), A2.toString('hex')]);
    expect(parseEnv({ TOKEN_ENCRYPTION_KEY_PREVIOUS: '' }, ['TOKEN_ENCRYPTION_KEY_PREVIOUS']).TOKEN_ENCRYPTION_KEY_PREVIOUS).toBeUndefined();
  });

  it('refuses the whole list when one entry is not a key, naming the variable and never its value', () => {
    for (const value of [`${A.toString('base64')},too-short-key`, `${A.toString('base64')},`, randomBytes(16).toString('hex')]) {
      let message = '';
      try {
        parseEnv({ TOKEN_ENCRYPTION_KEY_PREVIOUS: value }, ['TOKEN_ENCRYPTION_KEY_PREVIOUS']);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toBe('Invalid environment variables: TOKEN_ENCRYPTION_KEY_PREVIOUS (comma-separated keys of 32 bytes each, base64 or hex)');
    }
  });
});
