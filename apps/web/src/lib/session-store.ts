import { STORAGE_KEYS, USER_TYPES, type SessionUser, type UserType } from '@sentinel/shared';
import { useSyncExternalStore } from 'react';

/** The signed-in user as the browser remembers it (spec §3 "Browser storage"). */
export interface Session {
  token: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** null when the stored value is not one of the known user types. */
  userType: UserType | null;
  googleConnected: boolean;
  microsoftConnected: boolean;
}

const listeners = new Set<() => void>();
let snapshot: { key: string; session: Session | null } | undefined;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lives for this page only.
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

const isUserType = (value: string | null): value is UserType =>
  value !== null && (USER_TYPES as readonly string[]).includes(value);

function readSession(): Session | null {
  const token = read(STORAGE_KEYS.token);
  const userId = read(STORAGE_KEYS.userId);
  if (!token || !userId) return null;
  const userType = read(STORAGE_KEYS.userType);
  return {
    token,
    userId,
    email: read(STORAGE_KEYS.userEmail) ?? '',
    firstName: read(STORAGE_KEYS.userFirstName) ?? '',
    lastName: read(STORAGE_KEYS.userLastName) ?? '',
    userType: isUserType(userType) ? userType : null,
    googleConnected: read(STORAGE_KEYS.googleConnected) === 'true',
    microsoftConnected: read(STORAGE_KEYS.microsoftConnected) === 'true',
  };
}

/**
 * The current session, or null. A stored token plus userId restores the session (spec §4). The
 * same object is returned until a stored value changes, as useSyncExternalStore requires.
 */
export function getSessionSnapshot(): Session | null {
  const key = Object.values(STORAGE_KEYS)
    .map((k) => read(k) ?? '\u0001')
    .join('\u0000');
  if (!snapshot || snapshot.key !== key) snapshot = { key, session: readSession() };
  return snapshot.session;
}

function onStorage(event: StorageEvent): void {
  // Another tab changed the session (login, logout, refresh).
  if (event.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(event.key)) emit();
}

/** Subscribes to session changes in this tab and in other tabs. */
export function subscribeToSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/**
 * The signed-in user from browser storage, kept in sync across components and tabs. Here rather
 * than in auth.ts so the route table can use it without loading TanStack Query on public pages.
 */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeToSession, getSessionSnapshot, () => null);
}

export const getStoredToken = (): string | null => read(STORAGE_KEYS.token);

export function setStoredToken(token: string): void {
  write(STORAGE_KEYS.token, token);
  emit();
}

export function removeStoredToken(): void {
  write(STORAGE_KEYS.token, null);
  emit();
}

function writeUser(user: SessionUser): void {
  write(STORAGE_KEYS.userId, user.userId);
  write(STORAGE_KEYS.userEmail, user.email);
  write(STORAGE_KEYS.userFirstName, user.first_name);
  write(STORAGE_KEYS.userLastName, user.last_name);
  write(STORAGE_KEYS.userRole, user.userType);
  write(STORAGE_KEYS.userType, user.userType);
}

/** Stores a new session after login or signup. */
export function saveSession(token: string, user: SessionUser): void {
  write(STORAGE_KEYS.token, token);
  writeUser(user);
  emit();
}

/** Refreshes the stored user details (e.g. from the verify answer) without touching the token. */
export function updateStoredUser(user: SessionUser): void {
  writeUser(user);
  emit();
}

/** Removes every stored key and resets the provider connection flags (spec §4). */
export function clearSession(): void {
  for (const key of Object.values(STORAGE_KEYS)) write(key, null);
  write(STORAGE_KEYS.googleConnected, 'false');
  write(STORAGE_KEYS.microsoftConnected, 'false');
  emit();
}
