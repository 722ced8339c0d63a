import { MESSAGES, STORAGE_KEYS } from '@sentinel/shared';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { fillIn, preloadRoutes, renderApp } from '@/testing/render-app';
import { makeJwt } from '@/testing/session';

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

  it('gives the composition text for a password without a digit or uppercase letter', async () => {
    mockFetch({});
    const { user } = renderApp('/signup');
    await fill(user, { ...valid, password: 'alllowercase', confirm: 'alllowercase' });
    expect(
      await screen.findByText('Password must contain at least one number and one uppercase letter'),
    ).toBeInTheDocument();
  });

  it('splits the full name on the first space, stores the session, toasts and routes a property owner to /client/dashboard', async () => {
    const token = makeJwt(900);
    const user = {
      userId: 'u9',
      email: 'mj@example.test',
      first_name: 'Mary',
      last_name: 'Jane Watson',
      userType: 'client',
    };
    const { callsTo } = mockFetch({
      [REGISTER]: () => json(201, { success: true, token, expiresIn: 900, user }),
      'GET /api/tokens/verify': () => json(200, { success: true, user }),
    });
    const app = renderApp('/signup');

    await fill(app.user, valid);

    await waitFor(() => expect(app.router.state.location.pathname).toBe('/client/dashboard'));
    expect(callsTo(REGISTER)[0]?.body).toEqual({
      email: 'mj@example.test',
      password: 'Secret123',
      firstName: 'Mary',
      lastName: 'Jane Watson',
      userType: 'client',
      companyName: 'Watson Restoration',
    });
    expect(await screen.findByText(MESSAGES.accountCreated)).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
  });

  it('uses a single-word name for both first and last name', async () => {
    const { callsTo } = mockFetch({
      [REGISTER]: () => json(409, { error: MESSAGES.emailAlreadyRegistered, code: 'CONFLICT' }),
    });
    const { user } = renderApp('/signup');

    await fill(user, { ...valid, fullName: 'Cher' });

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.emailAlreadyRegistered);
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
