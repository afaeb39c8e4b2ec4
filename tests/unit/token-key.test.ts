import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { resolveTokenKey } from '../../scripts/lib/start-environment';

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
