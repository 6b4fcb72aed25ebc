import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './encryption.ts';

describe('secrets at rest', () => {
  const key = new Uint8Array(randomBytes(32));

  it('round-trips, and never stores the plaintext or the same ciphertext twice', () => {
    const first = encryptSecret(key, 'refresh-token-123');
    const second = encryptSecret(key, 'refresh-token-123');
    expect(first).not.toContain('refresh-token-123');
    expect(first).not.toBe(second);
    expect(decryptSecret(key, first)).toBe('refresh-token-123');
  });

  it('refuses another key and an altered value', () => {
    const stored = encryptSecret(key, 'access-token');
    expect(() => decryptSecret(new Uint8Array(randomBytes(32)), stored)).toThrow();
    const [v, iv, tag, data] = stored.split(':');
    const altered = [v, iv, tag, `${data?.slice(0, -2)}AA`].join(':');
    expect(() => decryptSecret(key, altered)).toThrow();
  });
});
