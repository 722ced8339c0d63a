import { SECURITY_MESSAGES } from '@sentinel/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAccessToken } from '@/lib/session-store';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { fillIn, preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, makeJwt } from '@/testing/session';

const LOGIN = 'POST /api/auth/login';
const VERIFY = 'POST /api/auth/mfa/verify';

async function signInWithPassword() {
  const app = renderApp('/login');
  await fillIn(app.user, await screen.findByLabelText('Email'), attorney.email);
  await fillIn(app.user, screen.getByLabelText('Password'), 'Secret123');
  await app.user.click(screen.getByRole('button', { name: 'Sign In' }));
  return app;
}

describe('the second step of a sign-in', () => {
  beforeAll(preloadRoutes, 120_000);

  it('asks for the code, checks its shape in the browser, shows the server’s refusal, then signs in', async () => {
    const token = makeJwt(900);
    let tries = 0;
    const { callsTo } = mockFetch({
      [LOGIN]: () => json(200, { mfaRequired: true, mfaTicket: 'ticket-1' }),
      [VERIFY]: () =>
        ++tries === 1
          ? json(400, { error: SECURITY_MESSAGES.codeInvalid, code: 'BAD_REQUEST' })
          : json(200, { token, expiresIn: 900, user: attorney }),
      ...verifiedAs(attorney),
    });
    const { user, router } = await signInWithPassword();

    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    const code = screen.getByLabelText('Code from your authenticator app');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(getAccessToken()).toBeNull();

    await fillIn(user, code, '12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SECURITY_MESSAGES.codeRequired)).toBeInTheDocument();
    expect(callsTo(VERIFY)).toHaveLength(0);

    await user.clear(code);
    await fillIn(user, code, '111 111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SECURITY_MESSAGES.codeInvalid)).toBeInTheDocument();

    await user.clear(code);
    await fillIn(user, code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/attorney/dashboard'));
    expect(callsTo(VERIFY).map((call) => call.body)).toEqual([
      { ticket: 'ticket-1', code: '111 111' },
      { ticket: 'ticket-1', code: '123456' },
    ]);
    expect(getAccessToken()).toBe(token);
  });

  it('takes a recovery code instead, and goes back to the password', async () => {
    const { callsTo } = mockFetch({
      [LOGIN]: () => json(200, { mfaRequired: true, mfaTicket: 'ticket-2' }),
      [VERIFY]: () => json(400, { error: SECURITY_MESSAGES.recoveryCodeInvalid, code: 'BAD_REQUEST' }),
    });
    const { user } = await signInWithPassword();
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    await fillIn(user, screen.getByLabelText('Recovery code'), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(SECURITY_MESSAGES.recoveryCodeInvalid)).toBeInTheDocument();
    expect(callsTo(VERIFY)[0]?.body).toEqual({ ticket: 'ticket-2', recoveryCode: 'abcde-12345' });

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('has an attorney whose firm requires it set it up, save the recovery codes, and go on', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    const { callsTo } = mockFetch({
      [LOGIN]: () => json(200, { mfaEnrolmentRequired: true, mfaTicket: 'ticket-3' }),
      'POST /api/auth/mfa/enrolment': () =>
        json(200, {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Sentinel:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          qrCode: 'data:image/png;base64,iVBORw0KGgo=',
        }),
      'POST /api/auth/mfa/enrolment/confirm': () =>
        json(200, { token: makeJwt(900), expiresIn: 900, user: attorney, recoveryCodes: codes }),
      ...verifiedAs(attorney),
    });
    const { user, router } = await signInWithPassword();

    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await fillIn(user, screen.getByLabelText('Code from your authenticator app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on and sign in' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(callsTo('POST /api/auth/mfa/enrolment/confirm')[0]?.body).toEqual({
      ticket: 'ticket-3',
      code: '654321',
    });
    // Not signed in until the codes were seen.
    expect(router.state.location.pathname).toBe('/login');
    await user.click(screen.getByRole('button', { name: 'I have saved them — continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/attorney/dashboard'));
  });
});
