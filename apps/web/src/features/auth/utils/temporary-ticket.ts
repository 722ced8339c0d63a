import { SESSION_STORAGE_KEYS } from '@sentinel/shared';

const KEY = SESSION_STORAGE_KEYS.temporaryPasswordTicket;

/** The one-time ticket that lets an invited user replace a temporary password (session storage). */
export const temporaryTicket = {
  get(): string | null {
    try {
      return sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(ticket: string): void {
    try {
      sessionStorage.setItem(KEY, ticket);
    } catch {
      // Without session storage the reset screen sends the user to /forgot-password.
    }
  },
  clear(): void {
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // Nothing stored.
    }
  },
};
