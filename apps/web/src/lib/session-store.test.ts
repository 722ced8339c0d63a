import { FIRM_STORAGE_KEYS, STORAGE_KEYS } from '@sentinel/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  attorney,
  browserStorageText,
  firmless,
  JWT_PATTERN,
  lovelaceLaw,
  makeJwt,
  reloadPage,
} from '@/testing/session';
import {
  clearSession,
  getAccessToken,
  getSessionSnapshot,
  onFirmChangedInOtherTab,
  saveSession,
  setStoredTimeZone,
  subscribeToSession,
  updateStoredUser,
} from './session-store';

const morganReyes = { id: 'firm-2', name: 'Morgan & Reyes', userType: 'public-adjuster' as const };

/** What another tab's write of the firm key looks like to this one. */
function firmEventFromOtherTab(oldFirm: object | null, newFirm: object | null) {
  window.dispatchEvent(
    new StorageEvent('storage', {
      key: FIRM_STORAGE_KEYS.firm,
      oldValue: oldFirm && JSON.stringify(oldFirm),
      newValue: newFirm && JSON.stringify(newFirm),
    }),
  );
}

describe('session store', () => {
  it('stores the spec keys on login, but the token, which it keeps in memory only', () => {
    const token = makeJwt(900);
    saveSession(token, attorney);

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(browserStorageText()).not.toMatch(JWT_PATTERN);
    expect(getAccessToken()).toBe(token);
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe('user-1');
    expect(localStorage.getItem(STORAGE_KEYS.userEmail)).toBe(attorney.email);
    expect(localStorage.getItem(STORAGE_KEYS.userFirstName)).toBe('Ada');
    expect(localStorage.getItem(STORAGE_KEYS.userLastName)).toBe('Lovelace');
    expect(localStorage.getItem(STORAGE_KEYS.userRole)).toBe('attorney');
    expect(localStorage.getItem(STORAGE_KEYS.userType)).toBe('attorney');
    expect(getSessionSnapshot()).toMatchObject({ token, userId: 'user-1', userType: 'attorney' });
  });

  it('has no session without a token, even when a userId is stored (a reload before its refresh)', () => {
    saveSession('tok', attorney);
    reloadPage();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe('user-1');
    expect(getSessionSnapshot()).toBeNull();
  });

  it('removes the token an older version left in localStorage when it loads', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'old-version-token');
    localStorage.setItem(STORAGE_KEYS.userId, 'user-1');
    vi.resetModules();
    const fresh = await import('./session-store');

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe('user-1');
    expect(fresh.getSessionSnapshot()).toBeNull();
  });

  it('forgets the token on clearing (sign-out)', () => {
    saveSession('tok', attorney);
    clearSession();
    expect(getAccessToken()).toBeNull();
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

  it('keeps the firm, the firms and the invitation count of the session user', () => {
    saveSession('tok', { ...attorney, firms: [lovelaceLaw, morganReyes], invitations: 1 });

    expect(getSessionSnapshot()).toMatchObject({
      userType: 'attorney',
      firm: lovelaceLaw,
      firms: [lovelaceLaw, morganReyes],
      invitations: 1,
    });
  });

  it('stores the time zone alone and tells the listeners', () => {
    saveSession('tok', { ...attorney, timeZone: null });
    expect(getSessionSnapshot()?.timeZone).toBeNull();
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    setStoredTimeZone('Europe/Berlin');
    unsubscribe();
    expect(listener).toHaveBeenCalled();
    expect(localStorage.getItem(FIRM_STORAGE_KEYS.timeZone)).toBe('Europe/Berlin');
    expect(getSessionSnapshot()).toMatchObject({ timeZone: 'Europe/Berlin', firm: attorney.firm });
  });

  it('stores a person with no firm: no user type (the top bar reads Guest), no firm, no firms', () => {
    saveSession('tok', attorney);
    updateStoredUser({ ...firmless, userId: attorney.userId, invitations: 2 });

    expect(localStorage.getItem(STORAGE_KEYS.userType)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userRole)).toBeNull();
    expect(localStorage.getItem(FIRM_STORAGE_KEYS.firm)).toBeNull();
    expect(getSessionSnapshot()).toMatchObject({
      token: 'tok',
      userType: null,
      firm: null,
      firms: [],
      invitations: 2,
    });
  });

  it('reads no user type without a firm, and ignores a firm key that is not a firm', () => {
    saveSession('tok', attorney);
    localStorage.setItem(FIRM_STORAGE_KEYS.firm, '{"id":1}');

    expect(getSessionSnapshot()).toMatchObject({ userType: null, firm: null });
  });

  it('clearing removes the firm keys too', () => {
    saveSession('tok', { ...attorney, invitations: 3 });
    clearSession();
    for (const key of Object.values(FIRM_STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
  });

  it('tells when another tab moves the session to another firm, or to none', () => {
    saveSession('tok', attorney);
    const onChange = vi.fn();
    const stop = onFirmChangedInOtherTab(onChange);

    firmEventFromOtherTab(lovelaceLaw, lovelaceLaw);
    // A tab opening beside this one (the storage empty before it) stores this tab's firm.
    firmEventFromOtherTab(null, lovelaceLaw);
    expect(onChange).not.toHaveBeenCalled();
    firmEventFromOtherTab(lovelaceLaw, morganReyes);
    expect(onChange).toHaveBeenCalledTimes(1);
    firmEventFromOtherTab(morganReyes, null);
    expect(onChange).toHaveBeenCalledTimes(2);

    stop();
    firmEventFromOtherTab(null, lovelaceLaw);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('does not call a logout in another tab a firm change', () => {
    saveSession('tok', attorney);
    const onChange = vi.fn();
    const stop = onFirmChangedInOtherTab(onChange);
    // The other tab's logout removed the stored user before the firm.
    localStorage.removeItem(STORAGE_KEYS.userId);

    firmEventFromOtherTab(lovelaceLaw, null);

    expect(onChange).not.toHaveBeenCalled();
    stop();
  });
});
