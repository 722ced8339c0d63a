import {
  FIRM_STORAGE_KEYS,
  STORAGE_KEYS,
  USER_TYPES,
  type SessionFirm,
  type SessionUser,
  type UserType,
} from '@sentinel/shared';
import { useSyncExternalStore } from 'react';

/**
 * The signed-in user: the access token, held in this tab's memory only, and the user's details
 * from browser storage (spec §3 "Browser storage", less the token).
 */
export interface Session {
  token: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  /**
   * The type the person has in the firm the session acts in; null with no firm yet (or when the
   * stored value is not one of the known user types).
   */
  userType: UserType | null;
  /** The firm the session acts in (issue 9); null before the person joins one. */
  firm: SessionFirm | null;
  /** Every firm the person works in: the top bar's firm switcher. */
  firms: SessionFirm[];
  /** How many firms wait for the person's answer to an invitation. */
  invitations: number;
  /** IANA time zone of the person's calendar; null until the server has one (issue 11). */
  timeZone: string | null;
  googleConnected: boolean;
  microsoftConnected: boolean;
}

const ALL_KEYS: string[] = [...Object.values(STORAGE_KEYS), ...Object.values(FIRM_STORAGE_KEYS)];
/** What is stored of a session: the spec's keys but the token (never written any more). */
const USER_KEYS = ALL_KEYS.filter((key) => key !== STORAGE_KEYS.token);

/**
 * The access token lives in this module only, never in localStorage or sessionStorage, so script
 * that gets into the page cannot carry it away for later. Each tab has its own; a reload or a new
 * tab starts without one and gets one from the httpOnly refresh cookie (api-client/refresh.ts).
 */
let accessToken: string | null = null;
/** The firm `accessToken` acts in: what this tab's screens show, whatever another tab stored. */
let tokenFirmId: string | null = null;

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

// Versions before the in-memory token kept it in localStorage: drop what they left behind.
write(STORAGE_KEYS.token, null);

function emit(): void {
  for (const listener of listeners) listener();
}

const isUserType = (value: unknown): value is UserType =>
  typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);

function parseJson(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A stored firm, or null when absent or not of the expected shape. */
function asFirm(value: unknown): SessionFirm | null {
  if (!value || typeof value !== 'object') return null;
  const { id, name, userType } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof name === 'string' && isUserType(userType)
    ? { id, name, userType }
    : null;
}

/** The id of the firm a stored value of the firm key names (null: none). */
export const storedFirmId = (text: string | null): string | null => asFirm(parseJson(text))?.id ?? null;

function readFirms(): SessionFirm[] {
  const value = parseJson(read(FIRM_STORAGE_KEYS.firms));
  return Array.isArray(value) ? value.map(asFirm).filter((firm) => firm !== null) : [];
}

function readInvitations(): number {
  const count = Number(read(FIRM_STORAGE_KEYS.invitations));
  return Number.isInteger(count) && count > 0 ? count : 0;
}

function readSession(): Session | null {
  const token = accessToken;
  const userId = read(STORAGE_KEYS.userId);
  if (!token || !userId) return null;
  const userType = read(STORAGE_KEYS.userType);
  const firm = asFirm(parseJson(read(FIRM_STORAGE_KEYS.firm)));
  return {
    token,
    userId,
    email: read(STORAGE_KEYS.userEmail) ?? '',
    firstName: read(STORAGE_KEYS.userFirstName) ?? '',
    lastName: read(STORAGE_KEYS.userLastName) ?? '',
    // The type belongs to the firm: with no firm there is none (the top bar reads 'Guest').
    userType: firm && isUserType(userType) ? userType : null,
    firm,
    firms: readFirms(),
    invitations: readInvitations(),
    timeZone: read(FIRM_STORAGE_KEYS.timeZone) || null,
    googleConnected: read(STORAGE_KEYS.googleConnected) === 'true',
    microsoftConnected: read(STORAGE_KEYS.microsoftConnected) === 'true',
  };
}

/**
 * The current session, or null: the token in memory plus the stored userId. After a reload there
 * is none until the refresh cookie has given this tab a token (the session guard waits for it).
 * The same object is returned until the token or a stored value changes, as
 * useSyncExternalStore requires.
 */
export function getSessionSnapshot(): Session | null {
  const key = [accessToken, ...USER_KEYS.map(read)].map((v) => v ?? '\u0001').join('\u0000');
  if (!snapshot || snapshot.key !== key) snapshot = { key, session: readSession() };
  return snapshot.session;
}

function onStorage(event: StorageEvent): void {
  // Another tab changed the stored user (login, logout, firm switch); its token is its own.
  if (event.key === null || USER_KEYS.includes(event.key)) emit();
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
 * The signed-in user (token in memory, details from storage), kept in sync across components and
 * tabs. Here rather than in auth.ts so the route table can use it without loading TanStack Query
 * on public pages.
 */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeToSession, getSessionSnapshot, () => null);
}

/** This tab's access token (memory only), or null before sign-in or a restoring refresh. */
export const getAccessToken = (): string | null => accessToken;

/** The id of the firm the stored session acts in, or null. */
export const getStoredFirmId = (): string | null => storedFirmId(read(FIRM_STORAGE_KEYS.firm));

/** The id of the firm this tab's token acts in (its screens show), or null. */
export const getTokenFirmId = (): string | null => tokenFirmId;

/** A new token for the same session and firm (a refresh that did not answer the user). */
export function setAccessToken(token: string): void {
  accessToken = token;
  emit();
}

export function removeAccessToken(): void {
  accessToken = null;
  tokenFirmId = null;
  emit();
}

function writeUser(user: SessionUser): void {
  write(STORAGE_KEYS.userId, user.userId);
  write(STORAGE_KEYS.userEmail, user.email);
  write(STORAGE_KEYS.userFirstName, user.first_name);
  write(STORAGE_KEYS.userLastName, user.last_name);
  write(STORAGE_KEYS.userRole, user.userType);
  write(STORAGE_KEYS.userType, user.userType);
  write(FIRM_STORAGE_KEYS.firm, user.firm ? JSON.stringify(user.firm) : null);
  write(FIRM_STORAGE_KEYS.firms, JSON.stringify(user.firms ?? []));
  write(FIRM_STORAGE_KEYS.invitations, String(user.invitations ?? 0));
  write(FIRM_STORAGE_KEYS.timeZone, user.timeZone ?? null);
}

/**
 * Keeps a new session: the token in memory, the user in storage. After login, signup, a temporary
 * password's change, a refresh that answers the user, and every change of firm (switch, accept,
 * leave).
 */
export function saveSession(token: string, user: SessionUser): void {
  accessToken = token;
  tokenFirmId = user.firm?.id ?? null;
  writeUser(user);
  emit();
}

/** Refreshes the stored user details (e.g. from the verify answer) without touching the token. */
export function updateStoredUser(user: SessionUser): void {
  writeUser(user);
  emit();
}

/** Stores the person's calendar time zone (saved in Settings, or the browser's at first sign-in). */
export function setStoredTimeZone(zone: string): void {
  write(FIRM_STORAGE_KEYS.timeZone, zone);
  emit();
}

/** Stores whether each provider is connected (spec §3 googleConnected / microsoftConnected). */
export function setProviderFlags(flags: { googleStatus: boolean; microsoftStatus: boolean }): void {
  write(STORAGE_KEYS.googleConnected, String(flags.googleStatus));
  write(STORAGE_KEYS.microsoftConnected, String(flags.microsoftStatus));
  emit();
}

/**
 * Forgets the token and removes every stored key (an old version's token too), and resets the
 * provider connection flags (spec §4).
 */
export function clearSession(): void {
  accessToken = null;
  tokenFirmId = null;
  for (const key of ALL_KEYS) write(key, null);
  write(STORAGE_KEYS.googleConnected, 'false');
  write(STORAGE_KEYS.microsoftConnected, 'false');
  emit();
}

/**
 * Calls `onChange` when another tab stores another firm than the one this tab's token acts in (a
 * switch, or accepting or leaving a firm there): the session (one refresh family for the browser)
 * now acts in that firm, this tab's token stops working, and the tab must not keep showing the
 * first firm's data. Compared with this tab's own firm, not with the value before: a tab opening
 * beside this one stores the same firm for the first time. A logout elsewhere (no stored user
 * left) is not a firm change; this tab's next call finds the session ended and goes to the login
 * page.
 */
export function onFirmChangedInOtherTab(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key !== FIRM_STORAGE_KEYS.firm) return;
    if (!accessToken || !read(STORAGE_KEYS.userId)) return;
    if (storedFirmId(event.newValue) === tokenFirmId) return;
    onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
