import { randomBytes } from 'node:crypto';
import { createSecretBox } from './secret-box.js';

describe('createSecretBox', () => {
  const box = createSecretBox(randomBytes(32));
  const owner = 'admin:3f1d3a52-6d1e-4f47-9a41-0d0b8a0f7a11';

  it('opens what it sealed, and never stores the plaintext', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', owner);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, owner)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('seals the same secret differently each time (fresh IV)', () => {
    expect(box.seal('JBSWY3DPEHPK3PXP', owner)).not.toBe(box.seal('JBSWY3DPEHPK3PXP', owner));
  });

  it('refuses a value sealed for another account', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', owner);
    expect(box.open(sealed, 'admin:someone-else')).toBeNull();
  });

  it('refuses a tampered ciphertext, another key, and malformed input', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', owner);
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(box.open([...parts.slice(0, 3), flipped.toString('base64url')].join('.'), owner)).toBeNull();
    expect(createSecretBox(randomBytes(32)).open(sealed, owner)).toBeNull();
    expect(box.open('v1.not.valid', owner)).toBeNull();
    expect(box.open('JBSWY3DPEHPK3PXP', owner)).toBeNull();
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(/32-byte/);
  });
});
