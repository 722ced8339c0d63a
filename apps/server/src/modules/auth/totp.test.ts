import { describe, expect, it } from 'vitest';
import { acceptedStep, codeAt, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from './totp';

// RFC 6238 appendix B's SHA-1 secret ("12345678901234567890") in base32, and its published code
// at T = 59 s (94287082, of which authenticator apps show the last six digits).
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP codes', () => {
  it('match RFC 6238 test vectors', () => {
    expect(codeAt(RFC_SECRET, 59_000)).toBe('287082');
    expect(codeAt(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
  });

  it('are accepted one step either side of now, only once, and only as six digits', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(acceptedStep(secret, codeAt(secret, now), null, now)).toBe(step);
    expect(acceptedStep(secret, codeAt(secret, now - 30_000), null, now)).toBe(step - 1);
    expect(acceptedStep(secret, codeAt(secret, now + 30_000), null, now)).toBe(step + 1);
    expect(acceptedStep(secret, codeAt(secret, now + 60_000), null, now)).toBeNull();
    const spaced = codeAt(secret, now).replace(/^(\d{3})/, '$1 ');
    expect(acceptedStep(secret, spaced, null, now)).toBe(step);
    // A code whose step is not later than the last one accepted is refused.
    expect(acceptedStep(secret, codeAt(secret, now), step, now)).toBeNull();
    expect(acceptedStep(secret, codeAt(secret, now - 30_000), step, now)).toBeNull();
    expect(acceptedStep(secret, codeAt(secret, now + 30_000), step, now)).toBe(step + 1);
    for (const bad of ['', '12345', '1234567', 'abcdef', '12345a'])
      expect(acceptedStep(secret, bad, null, now)).toBeNull();
  });

  it('come from a fresh 160-bit secret each time', () => {
    const secrets = new Set(Array.from({ length: 50 }, newTotpSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  });
});

describe('recovery codes', () => {
  it('are ten distinct codes, matched whatever the case, spaces or dash', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    const [code] = codes as [string];
    expect(recoveryCodeHash(code.toUpperCase().replace('-', ' '))).toBe(recoveryCodeHash(code));
    expect(recoveryCodeHash(code)).not.toContain(code.replace('-', ''));
  });
});
