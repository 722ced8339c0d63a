import { SECURITY_MESSAGES } from '@sentinel/shared';
import { screen, waitFor } from '@testing-library/react';
import type * as SimpleWebAuthnBrowser from '@simplewebauthn/browser';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '@/lib/session-store';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { fillIn, preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, makeJwt } from '@/testing/session';

// The browser's WebAuthn prompt (jsdom has none): what @simplewebauthn/browser would answer, in a
// browser that offers WebAuthn (PublicKeyCredential, stubbed before each test).
const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn() }));
beforeEach(() => vi.stubGlobal('PublicKeyCredential', class PublicKeyCredential {}));
vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof SimpleWebAuthnBrowser>()),
  startAuthentication: webauthn.startAuthentication,
}));

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

  describe('with a passkey', () => {
    const OPTIONS = 'POST /api/auth/mfa/passkey/options';
    const options = {
      challenge: 'c1',
      rpId: 'localhost',
      allowCredentials: [{ id: 'cred-1', type: 'public-key' }],
    };
    const assertion = {
      id: 'cred-1',
      rawId: 'cred-1',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
      clientExtensionResults: {},
    };
    beforeEach(() => webauthn.startAuthentication.mockReset());

    it('offers "Use a passkey" beside the code, asks the browser with the server’s options, and signs in', async () => {
      const token = makeJwt(900);
      webauthn.startAuthentication.mockResolvedValue(assertion);
      const { callsTo } = mockFetch({
        [LOGIN]: () =>
          json(200, { mfaRequired: true, mfaTicket: 'ticket-p', mfaMethods: ['totp', 'passkey'] }),
        [OPTIONS]: () => json(200, options),
        [VERIFY]: () => json(200, { token, expiresIn: 900, user: attorney }),
        ...verifiedAs(attorney),
      });
      const { user, router } = await signInWithPassword();
      expect(await screen.findByLabelText('Code from your authenticator app')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/attorney/dashboard'));
      expect(callsTo(OPTIONS)[0]?.body).toEqual({ ticket: 'ticket-p' });
      expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
      expect(callsTo(VERIFY).map((call) => call.body)).toEqual([{ ticket: 'ticket-p', passkey: assertion }]);
      expect(getAccessToken()).toBe(token);
    });

    it('with passkeys only: no code field; a cancelled prompt says so, the server’s refusal too; a recovery code still works', async () => {
      webauthn.startAuthentication
        .mockRejectedValueOnce(
          new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
        )
        .mockResolvedValue(assertion);
      const { callsTo } = mockFetch({
        [LOGIN]: () => json(200, { mfaRequired: true, mfaTicket: 'ticket-q', mfaMethods: ['passkey'] }),
        [OPTIONS]: () => json(200, options),
        [VERIFY]: (call) =>
          'passkey' in (call.body as object)
            ? json(400, { error: SECURITY_MESSAGES.passkeyInvalid, code: 'BAD_REQUEST' })
            : json(400, { error: SECURITY_MESSAGES.recoveryCodeInvalid, code: 'BAD_REQUEST' }),
      });
      const { user } = await signInWithPassword();
      const button = await screen.findByRole('button', { name: 'Use a passkey' });
      expect(screen.queryByLabelText('Code from your authenticator app')).not.toBeInTheDocument();
      expect(
        screen.queryByRole('button', { name: 'Use a code from the app instead' }),
      ).not.toBeInTheDocument();

      await user.click(button);
      expect(await screen.findByText(SECURITY_MESSAGES.passkeyCancelled)).toBeInTheDocument();
      expect(callsTo(VERIFY)).toHaveLength(0);

      await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
      expect(await screen.findByText(SECURITY_MESSAGES.passkeyInvalid)).toBeInTheDocument();
      expect(callsTo(OPTIONS)).toHaveLength(2);

      await fillIn(user, screen.getByLabelText('Recovery code'), 'abcde-12345');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByText(SECURITY_MESSAGES.recoveryCodeInvalid)).toBeInTheDocument();
      expect(callsTo(VERIFY).at(-1)?.body).toEqual({ ticket: 'ticket-q', recoveryCode: 'abcde-12345' });
    });
  });
});
