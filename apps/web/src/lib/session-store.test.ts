import { STORAGE_KEYS } from '@sentinel/shared';
import { describe, expect, it } from 'vitest';
import { attorney } from '@/testing/session';
import { clearSession, getSessionSnapshot, saveSession } from './session-store';

describe('session store', () => {
  it('stores the spec keys on login and restores the session from token plus userId', () => {
    saveSession('tok', attorney);

    expect(localStorage.getItem(STORAGE_KEYS.userEmail)).toBe(attorney.email);
    expect(localStorage.getItem(STORAGE_KEYS.userFirstName)).toBe('Ada');
    expect(localStorage.getItem(STORAGE_KEYS.userLastName)).toBe('Lovelace');
    expect(localStorage.getItem(STORAGE_KEYS.userRole)).toBe('attorney');
    expect(localStorage.getItem(STORAGE_KEYS.userType)).toBe('attorney');
    expect(getSessionSnapshot()).toMatchObject({ token: 'tok', userId: 'user-1', userType: 'attorney' });
  });

  it('has no session without a token, even when a userId is stored', () => {
    localStorage.setItem(STORAGE_KEYS.userId, 'user-1');
    expect(getSessionSnapshot()).toBeNull();
  });

  it('clearing removes every stored key and resets the provider flags', () => {
    saveSession('tok', attorney);
    localStorage.setItem(STORAGE_KEYS.clientsPageSize, '20');
    localStorage.setItem(STORAGE_KEYS.googleConnected, 'true');

    clearSession();

    for (const key of Object.values(STORAGE_KEYS)) {
      if (key === STORAGE_KEYS.googleConnected || key === STORAGE_KEYS.microsoftConnected) continue;
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem(STORAGE_KEYS.googleConnected)).toBe('false');
    expect(localStorage.getItem(STORAGE_KEYS.microsoftConnected)).toBe('false');
    expect(getSessionSnapshot()).toBeNull();
  });
});
