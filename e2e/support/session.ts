import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import {
  FIRM_STORAGE_KEYS,
  STORAGE_KEYS,
  type LoginResponse,
  type RegisterResponse,
  type SessionUser,
  type UserType,
} from '@sentinel/shared';
import type { Credentials } from '../fixtures/fixtures';

/** A password that passes the product's rule, is not a common one and names nobody. */
export const NEW_PASSWORD = 'Copper-Falcon-7261';
export const OTHER_PASSWORD = 'Harbor-Lantern-5938';

/** A fresh, unique e-mail address for a journey that changes data. */
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${randomUUID().slice(0, 6)}@e2e.test`;

export interface SignedUpUser extends Credentials {
  user: SessionUser;
  fullName: string;
  companyName: string;
}

/**
 * Puts a session into the page's storage the way apps/web/src/lib/session-store.ts saveSession()
 * does, before any script of the app runs. Written once per tab (a sessionStorage marker), so a
 * later logout or token refresh by the app is not undone by the next navigation.
 */
async function storeSession(page: Page, token: string, user: SessionUser): Promise<void> {
  const entries: Record<string, string> = {
    [STORAGE_KEYS.token]: token,
    [STORAGE_KEYS.userId]: user.userId,
    [STORAGE_KEYS.userEmail]: user.email,
    [STORAGE_KEYS.userFirstName]: user.first_name,
    [STORAGE_KEYS.userLastName]: user.last_name,
    [FIRM_STORAGE_KEYS.firms]: JSON.stringify(user.firms),
    [FIRM_STORAGE_KEYS.invitations]: String(user.invitations),
  };
  if (user.timeZone) entries[FIRM_STORAGE_KEYS.timeZone] = user.timeZone;
  // A person with no firm yet has no type and no firm key (as saveSession leaves them).
  if (user.firm && user.userType) {
    entries[STORAGE_KEYS.userRole] = user.userType;
    entries[STORAGE_KEYS.userType] = user.userType;
    entries[FIRM_STORAGE_KEYS.firm] = JSON.stringify(user.firm);
  }
  await page.addInitScript((values: Record<string, string>) => {
    try {
      if (location.origin === 'null' || sessionStorage.getItem('__e2e_session_stored')) return;
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      sessionStorage.setItem('__e2e_session_stored', '1');
    } catch {
      // about:blank and other opaque origins have no storage.
    }
  }, entries);
}

/**
 * Signs in through POST /api/auth/login with the page's request context, so the refresh cookie
 * lands in the browser context, then stores the session as the web app does.
 */
export async function signInViaApi(page: Page, credentials: Credentials): Promise<SessionUser> {
  const response = await page.request.post('/api/auth/login', { data: credentials });
  expect(response.status(), `login of ${credentials.email}: ${await response.text()}`).toBe(200);
  const body = (await response.json()) as LoginResponse;
  if (!body.token || !body.user) throw new Error(`login of ${credentials.email} returned no session`);
  await storeSession(page, body.token, body.user);
  return body.user;
}

/** Creates a fresh account through POST /api/auth/register and keeps its session in the page. */
export async function signUpViaApi(page: Page, userType: UserType = 'attorney'): Promise<SignedUpUser> {
  const email = uniqueEmail(userType);
  const fullName = 'Taylor Brooks';
  const companyName = 'Brooks Claims Group';
  const response = await page.request.post('/api/auth/register', {
    data: { email, password: NEW_PASSWORD, firstName: 'Taylor', lastName: 'Brooks', userType, companyName },
  });
  expect(response.status(), `register ${email}: ${await response.text()}`).toBe(201);
  const body = (await response.json()) as RegisterResponse;
  if (!body.token || !body.user) throw new Error(`register ${email} returned no session`);
  await storeSession(page, body.token, body.user);
  return { email, password: NEW_PASSWORD, user: body.user, fullName, companyName };
}
