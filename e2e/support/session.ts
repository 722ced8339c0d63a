import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { LoginResponse, SessionUser, UserType } from '@sentinel/shared';
import type { Credentials } from '../fixtures/fixtures';
import { signUpThroughMail } from './api';

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

/** The signed-in user, with the access token the sign-in answered (for calls the test makes). */
export type SignedIn = SessionUser & { accessToken: string };

/**
 * Signs in through POST /api/auth/login with the page's request context, so the refresh cookie
 * lands in the browser context. Nothing goes into the page's storage: the app keeps the access
 * token in memory, so its first page restores the session from the cookie, as after a reload.
 */
export async function signInViaApi(page: Page, credentials: Credentials): Promise<SignedIn> {
  const response = await page.request.post('/api/auth/login', { data: credentials });
  expect(response.status(), `login of ${credentials.email}: ${await response.text()}`).toBe(200);
  const body = (await response.json()) as LoginResponse;
  if (!body.token || !body.user) throw new Error(`login of ${credentials.email} returned no session`);
  return { ...body.user, accessToken: body.token };
}

/**
 * Creates a fresh account through sign-up and its e-mail; its refresh cookie is the page's, from
 * which the app's first page restores the session.
 */
export async function signUpViaApi(page: Page, userType: UserType = 'attorney'): Promise<SignedUpUser> {
  const email = uniqueEmail(userType);
  const fullName = 'Taylor Brooks';
  const companyName = 'Brooks Claims Group';
  // Through the e-mail's link, with the page's request context so the refresh cookie lands in it.
  const body = await signUpThroughMail(page.request, {
    email,
    password: NEW_PASSWORD,
    firstName: 'Taylor',
    lastName: 'Brooks',
    userType,
    companyName,
  });
  return { email, password: NEW_PASSWORD, user: body.user, fullName, companyName };
}
