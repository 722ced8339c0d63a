import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from './access-tokens';

const claims = {
  userId: '6d1c3f0e-2b8a-4c1e-9f57-0a1b2c3d4e5f',
  sessionId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  firmId: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
  userType: 'attorney' as const,
};

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('verifies its own tokens, also when asked again (from memory)', () => {
    const tokens = new AccessTokens('a-test-secret-that-is-long-enough-0123456789');
    const token = tokens.sign(claims);
    expect(tokens.verify(token)).toEqual(claims);
    expect(tokens.verify(token)).toEqual(claims);
  });

  it('refuses a remembered token once it has expired', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
    const tokens = new AccessTokens('a-test-secret-that-is-long-enough-0123456789');
    const token = tokens.sign(claims);
    expect(tokens.verify(token)).toEqual(claims);

    vi.setSystemTime(new Date(Date.now() + (tokens.ttlSeconds - 1) * 1000));
    expect(tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date(Date.now() + 2000));
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses tokens of another secret and altered tokens, remembered or not', () => {
    const tokens = new AccessTokens('a-test-secret-that-is-long-enough-0123456789');
    const other = new AccessTokens('another-secret-that-is-long-enough-987654321');
    const token = tokens.sign(claims);
    expect(tokens.verify(token)).toEqual(claims);
    expect(other.verify(token)).toBeNull();
    const [header, payload, signature] = token.split('.');
    const altered = `${header}.${payload!.slice(0, -2)}AA.${signature}`;
    expect(tokens.verify(altered)).toBeNull();
  });
});
