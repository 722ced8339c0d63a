import { MESSAGES } from '@sentinel/shared';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { fillIn, preloadRoutes, renderApp } from '@/testing/render-app';
import { getAccessToken } from '@/lib/session-store';
import { browserStorageText, makeJwt } from '@/testing/session';

const REGISTER = 'POST /api/auth/register';

interface Values {
  fullName?: string;
  email?: string;
  company?: string;
  userType?: string;
  password?: string;
  confirm?: string;
  terms?: boolean;
}

async function fill(user: UserEvent, values: Values) {
  if (values.fullName) await fillIn(user, await screen.findByLabelText('Full name'), values.fullName);
  if (values.email) await fillIn(user, screen.getByLabelText('Email'), values.email);
  if (values.company) await fillIn(user, screen.getByLabelText('Company name'), values.company);
  if (values.userType) await user.selectOptions(screen.getByLabelText('I am a'), values.userType);
  if (values.password) await fillIn(user, screen.getByLabelText('Password'), values.password);
  if (values.confirm) await fillIn(user, screen.getByLabelText('Confirm password'), values.confirm);
  if (values.terms) await user.click(screen.getByLabelText('I agree to the Terms of Service'));
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

const valid: Values = {
  fullName: 'Mary Jane Watson',
  email: 'mj@example.test',
  company: 'Watson Restoration',
  userType: 'Property Owner',
  password: 'Secret123',
  confirm: 'Secret123',
  terms: true,
};

describe('signup', () => {
  beforeAll(preloadRoutes, 120_000);

  it('links Terms of Service to the terms page, in a new tab so the form keeps its values', async () => {
    renderApp('/signup');
    const link = await screen.findByRole('link', { name: 'Terms of Service' });
    expect(link).toHaveAttribute('href', '/terms');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('offers the five user types with client labelled Property Owner', async () => {
    renderApp('/signup');
    const select = await screen.findByLabelText('I am a');
    const labels = Array.from(select.querySelectorAll('option')).map((o) => o.textContent);
    expect(labels).toEqual([
      'Select your role',
      'Attorney',
      'Restoration Contractor',
      'Public Adjuster',
      'Expert Witness',
      'Property Owner',
    ]);
  });

  it('shows the required-field, company and terms texts on an empty submit, without calling the server', async () => {
    const { calls } = mockFetch({});
    const { user } = renderApp('/signup');
    await screen.findByLabelText('Full name');
    await fill(user, {});

    expect(await screen.findByText(MESSAGES.fullNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.companyNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.userTypeRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.mustAgreeToTerms)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("says 'Passwords do not match'", async () => {
    mockFetch({});
    const { user } = renderApp('/signup');
    await fill(user, { ...valid, confirm: 'Secret124' });
    expect(await screen.findByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
  });

  it('gives the length text for a short password', async () => {
    mockFetch({});
    const { user } = renderApp('/signup');
    await fill(user, { ...valid, password: 'Ab1', confirm: 'Ab1' });
    expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(MESSAGES.passwordTooShort).toBe('Password must be at least 8 characters');
  });

  it('accepts a password without digits or capitals, and shows its strength as it is typed', async () => {
    const { callsTo } = mockFetch({
      [REGISTER]: () => json(202, { success: true, message: MESSAGES.signUpCheckEmail }),
    });
    const { user } = renderApp('/signup');
    await fillIn(user, await screen.findByLabelText('Password'), 'password');
    const meter = await screen.findByRole('meter', { name: 'Password strength' }, { timeout: 10_000 });
    expect(meter).toHaveAttribute('aria-valuetext', 'Very weak');
    await user.clear(screen.getByLabelText('Password'));
    await fillIn(user, screen.getByLabelText('Password'), 'correct horse battery staple');
    // Emptied and typed again, the meter is a new element.
    await waitFor(() =>
      expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
        'aria-valuetext',
        'Very strong',
      ),
    );
    expect(screen.getByText('Password strength: Very strong')).toBeInTheDocument();

    await fill(user, { ...valid, password: undefined, confirm: 'correct horse battery staple' });
    await waitFor(() => expect(callsTo(REGISTER)).toHaveLength(1));
    expect(callsTo(REGISTER)[0]?.body).toMatchObject({ password: 'correct horse battery staple' });
  });

  it('splits the full name on the first space, then asks to check the e-mail, and can send the link again', async () => {
    const RESEND = 'POST /api/auth/resend-verification';
    const { callsTo } = mockFetch({
      [REGISTER]: () => json(202, { success: true, message: MESSAGES.signUpCheckEmail }),
      [RESEND]: () => json(200, { success: true, message: MESSAGES.signUpLinkResent }),
    });
    const app = renderApp('/signup');

    await fill(app.user, valid);

    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.signUpCheckEmail)).toBeInTheDocument();
    expect(screen.getByText('mj@example.test')).toBeInTheDocument();
    expect(callsTo(REGISTER)[0]?.body).toEqual({
      email: 'mj@example.test',
      password: 'Secret123',
      firstName: 'Mary',
      lastName: 'Jane Watson',
      userType: 'client',
      companyName: 'Watson Restoration',
    });
    // No session until the e-mail's link is followed.
    expect(getAccessToken()).toBeNull();
    expect(app.router.state.location.pathname).toBe('/signup');

    await app.user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(MESSAGES.signUpLinkResent)).toBeInTheDocument();
    expect(callsTo(RESEND)[0]?.body).toEqual({ email: 'mj@example.test', password: 'Secret123' });
  });

  it('uses a single-word name for both first and last name', async () => {
    const { callsTo } = mockFetch({
      [REGISTER]: () => json(400, { error: MESSAGES.passwordCommon, code: 'VALIDATION_FAILED' }),
    });
    const { user } = renderApp('/signup');

    await fill(user, { ...valid, fullName: 'Cher' });

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.passwordCommon);
    expect(callsTo(REGISTER)[0]?.body).toMatchObject({ firstName: 'Cher', lastName: 'Cher' });
  });

  it("falls back to 'Failed to create account' and to the network text", async () => {
    let answer: () => Response | Promise<Response> = () => new Response('oops', { status: 500 });
    mockFetch({ [REGISTER]: () => answer() });
    const { user } = renderApp('/signup');

    await fill(user, valid);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.signupFailed);

    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.signupNetworkError));
  });
});

describe('the e-mailed sign-up link (/verify-email)', () => {
  const VERIFY = 'POST /api/auth/verify-email';

  it('asks for the password, then stores the session, toasts and routes by the type chosen', async () => {
    const token = makeJwt(900);
    const user = {
      userId: 'u9',
      email: 'mj@example.test',
      first_name: 'Mary',
      last_name: 'Jane Watson',
      userType: null,
      firm: null,
      firms: [],
      invitations: 0,
      timeZone: null,
    };
    let answer = () => json(400, { error: MESSAGES.verificationPasswordWrong, code: 'BAD_REQUEST' });
    const { callsTo } = mockFetch({
      [VERIFY]: () => answer(),
      'GET /api/tokens/verify': () => json(200, { success: true, user }),
      'GET /api/memberships': () => json(200, { data: [] }),
    });
    const app = renderApp('/verify-email?token=link-token');
    await fillIn(app.user, await screen.findByLabelText('Password'), 'Not-It-At-All');
    await app.user.click(screen.getByRole('button', { name: 'Verify and Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.verificationPasswordWrong);
    expect(getAccessToken()).toBeNull();

    answer = () => json(200, { success: true, token, expiresIn: 900, user, signedUpAs: 'client' });
    await app.user.clear(screen.getByLabelText('Password'));
    await fillIn(app.user, screen.getByLabelText('Password'), 'Secret123');
    await app.user.click(screen.getByRole('button', { name: 'Verify and Sign In' }));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/client/dashboard'));
    expect(callsTo(VERIFY).at(-1)?.body).toEqual({ token: 'link-token', password: 'Secret123' });
    expect(await screen.findByText(MESSAGES.accountCreated)).toBeInTheDocument();
    expect(getAccessToken()).toBe(token);
    expect(browserStorageText()).not.toContain(token);
  });

  it('goes to /signup without a token', async () => {
    mockFetch({});
    const app = renderApp('/verify-email');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/signup'));
  });
});
