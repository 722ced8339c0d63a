import { SECURITY_MESSAGES, type AccountSession, type MfaStatus, type Passkey } from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type * as SimpleWebAuthnBrowser from '@simplewebauthn/browser';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { fillIn, preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, propertyOwner, signIn } from '@/testing/session';

// The browser's WebAuthn prompts (jsdom has none): what @simplewebauthn/browser would answer, in a
// browser that offers WebAuthn (PublicKeyCredential, stubbed before each test).
const webauthn = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
beforeEach(() => vi.stubGlobal('PublicKeyCredential', class PublicKeyCredential {}));
vi.mock('@simplewebauthn/browser', async (importOriginal) => ({
  ...(await importOriginal<typeof SimpleWebAuthnBrowser>()),
  startRegistration: webauthn.startRegistration,
  startAuthentication: webauthn.startAuthentication,
}));

const off: MfaStatus = {
  enabled: false,
  enabledAt: null,
  recoveryCodesLeft: 0,
  requiredByFirm: false,
  authenticatorApp: false,
  passkeys: 0,
};
const on: MfaStatus = {
  enabled: true,
  enabledAt: '2026-11-20T10:00:00.000Z',
  recoveryCodesLeft: 2,
  requiredByFirm: false,
  authenticatorApp: true,
  passkeys: 0,
};
const noPasskeys = { 'GET /api/auth/passkeys': () => json(200, { data: [] }) };
const sessions: AccountSession[] = [
  {
    id: 's1',
    device: 'Chrome on macOS',
    ip: '203.0.113.7',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: new Date().toISOString(),
    current: true,
  },
  {
    id: 's2',
    device: 'Safari on iOS',
    ip: '198.51.100.4',
    createdAt: '2026-11-01T10:00:00.000Z',
    lastUsedAt: '2026-11-02T10:00:00.000Z',
    current: false,
  },
];

describe('Settings → Security', () => {
  beforeAll(preloadRoutes, 120_000);

  it('sets up two-step sign-in: password, QR code and first code, then the recovery codes once', async () => {
    signIn(propertyOwner);
    let status = off;
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
    const { callsTo } = mockFetch({
      ...verifiedAs(propertyOwner),
      ...noPasskeys,
      'GET /api/auth/mfa': () => json(200, status),
      'GET /api/auth/sessions': () => json(200, { data: sessions.slice(0, 1) }),
      'POST /api/auth/mfa/setup': (call) =>
        (call.body as { password: string }).password === 'right-password'
          ? json(200, {
              secret: 'JBSWY3DPEHPK3PXP',
              otpauthUri: 'otpauth://x',
              qrCode: 'data:image/png;base64,AA==',
            })
          : json(400, {
              error: SECURITY_MESSAGES.passwordWrong,
              code: 'VALIDATION_FAILED',
              details: [{ path: 'password', message: SECURITY_MESSAGES.passwordWrong }],
            }),
      'POST /api/auth/mfa/enable': () => {
        status = { ...on, recoveryCodesLeft: 10 };
        return json(200, { recoveryCodes: codes });
      },
    });
    const { user } = renderApp('/settings?tab=security');

    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    // Not an attorney: no firm rule.
    expect(screen.queryByRole('heading', { name: 'Your firm' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set up two-step sign-in' });
    expect(within(dialog).queryByLabelText('Code from your authenticator app')).not.toBeInTheDocument();
    await fillIn(user, within(dialog).getByLabelText('Your password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText(SECURITY_MESSAGES.passwordWrong)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Your password'));
    await fillIn(user, within(dialog).getByLabelText('Your password'), 'right-password');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeInTheDocument();
    await fillIn(user, within(dialog).getByLabelText('Code from your authenticator app'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    const saved = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(within(saved).getAllByRole('listitem')).toHaveLength(10);
    expect(callsTo('POST /api/auth/mfa/enable')[0]?.body).toEqual({ code: '123456' });
    await user.click(within(saved).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('10 recovery codes left.')).toBeInTheDocument();
    expect(screen.getByText('On')).toBeInTheDocument();
  });

  it('asks for the password and a current code (or a recovery code) to turn it off', async () => {
    signIn(attorney);
    let status = on;
    const { callsTo } = mockFetch({
      ...verifiedAs(attorney),
      ...noPasskeys,
      'GET /api/auth/mfa': () => json(200, status),
      'GET /api/auth/sessions': () => json(200, { data: sessions }),
      'GET /api/firm/security': () => json(200, { requireMfaForAttorneys: false, attorneysWithoutMfa: 0 }),
      'POST /api/auth/mfa/disable': () => {
        status = off;
        return json(200, { success: true, message: SECURITY_MESSAGES.disabled });
      },
    });
    const { user } = renderApp('/settings?tab=security');
    expect(await screen.findByText('2 recovery codes left.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in' });
    await fillIn(user, within(dialog).getByLabelText('Your password'), 'my-password');
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    await fillIn(user, within(dialog).getByLabelText('Recovery code'), 'abcde-12345');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('POST /api/auth/mfa/disable')[0]?.body).toEqual({
      password: 'my-password',
      recoveryCode: 'abcde-12345',
    });
    expect(await screen.findByRole('button', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
  });

  it('keeps it on when the firm requires it', async () => {
    signIn(attorney);
    mockFetch({
      ...verifiedAs(attorney),
      ...noPasskeys,
      'GET /api/auth/mfa': () => json(200, { ...on, requiredByFirm: true }),
      'GET /api/auth/sessions': () => json(200, { data: sessions }),
      'GET /api/firm/security': () => json(200, { requireMfaForAttorneys: true, attorneysWithoutMfa: 2 }),
    });
    renderApp('/settings?tab=security');
    expect(
      await screen.findByText(/Your firm requires two-step sign-in for attorneys, so it stays on/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    expect(
      await screen.findByRole('switch', { name: 'Require two-step sign-in for attorneys' }),
    ).toHaveAttribute('aria-checked', 'true');
    expect(
      screen.getByText('2 attorneys have not set it up yet and will be asked to at their next sign-in.'),
    ).toBeInTheDocument();
  });

  it('lets an attorney require it of the firm, and shows why the server refused', async () => {
    signIn(attorney);
    const { callsTo } = mockFetch({
      ...verifiedAs(attorney),
      ...noPasskeys,
      'GET /api/auth/mfa': () => json(200, off),
      'GET /api/auth/sessions': () => json(200, { data: sessions.slice(0, 1) }),
      'GET /api/firm/security': () => json(200, { requireMfaForAttorneys: false, attorneysWithoutMfa: 3 }),
      'PUT /api/firm/security': () =>
        json(409, { error: SECURITY_MESSAGES.enableForYourselfFirst, code: 'CONFLICT' }),
    });
    const { user } = renderApp('/settings?tab=security');
    await user.click(await screen.findByRole('switch', { name: 'Require two-step sign-in for attorneys' }));
    expect(await screen.findByText(SECURITY_MESSAGES.enableForYourselfFirst)).toBeInTheDocument();
    expect(callsTo('PUT /api/firm/security')[0]?.body).toEqual({ requireMfaForAttorneys: true });
  });

  it('lists where the person is signed in and signs one device or all others out', async () => {
    signIn(propertyOwner);
    const { callsTo } = mockFetch({
      ...verifiedAs(propertyOwner),
      ...noPasskeys,
      'GET /api/auth/mfa': () => json(200, off),
      'GET /api/auth/sessions': () => json(200, { data: sessions }),
      'DELETE /api/auth/sessions/s2': () =>
        json(200, { success: true, message: SECURITY_MESSAGES.sessionEnded }),
      'POST /api/auth/sessions/sign-out-others': () =>
        json(200, { success: true, message: SECURITY_MESSAGES.otherSessionsEnded(1), ended: 1 }),
    });
    const { user } = renderApp('/settings?tab=security');
    const card = (await screen.findByRole('heading', { name: 'Where you’re signed in' })).closest('section')!;
    expect(await within(card).findByText('Chrome on macOS')).toBeInTheDocument();
    expect(within(card).getByText('This device')).toBeInTheDocument();
    expect(within(card).getByText(/198\.51\.100\.4 · Last active \d+ days? ago/)).toBeInTheDocument();
    // Only the other device has a Sign out button.
    const signOut = within(card).getAllByRole('button', { name: /^Sign out Safari on iOS/ });
    expect(signOut).toHaveLength(1);
    await user.click(signOut[0]!);
    expect(await screen.findByText(SECURITY_MESSAGES.sessionEnded)).toBeInTheDocument();
    expect(callsTo('DELETE /api/auth/sessions/s2')).toHaveLength(1);
    await user.click(within(card).getByRole('button', { name: 'Sign out all other devices' }));
    expect(await screen.findByText(SECURITY_MESSAGES.otherSessionsEnded(1))).toBeInTheDocument();
  });
  describe('passkeys', () => {
    const laptop: Passkey = {
      id: 'pk-1',
      name: 'Chrome on macOS',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: null,
    };
    beforeEach(() => {
      webauthn.startRegistration.mockReset();
      webauthn.startAuthentication.mockReset();
    });

    it('adds one after the password: the browser makes it, the person names it, then saves the recovery codes', async () => {
      signIn(propertyOwner);
      let status = off;
      let passkeys: Passkey[] = [];
      const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
      const creationOptions = { challenge: 'reg-1', rp: { id: 'localhost', name: 'Sentinel' } };
      const registration = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {} };
      webauthn.startRegistration.mockResolvedValue(registration);
      const { callsTo } = mockFetch({
        ...verifiedAs(propertyOwner),
        'GET /api/auth/mfa': () => json(200, status),
        'GET /api/auth/sessions': () => json(200, { data: sessions.slice(0, 1) }),
        'GET /api/auth/passkeys': () => json(200, { data: passkeys }),
        'POST /api/auth/passkeys/options': () => json(200, creationOptions),
        'POST /api/auth/passkeys': () => {
          passkeys = [laptop];
          status = { ...off, enabled: true, enabledAt: laptop.createdAt, recoveryCodesLeft: 10, passkeys: 1 };
          return json(201, { passkey: laptop, recoveryCodes: codes });
        },
        'PATCH /api/auth/passkeys/pk-1': (call) => {
          passkeys = [{ ...laptop, name: (call.body as { name: string }).name }];
          return json(200, passkeys[0]);
        },
      });
      const { user } = renderApp('/settings?tab=security');
      const card = (await screen.findByRole('heading', { name: 'Passkeys' })).closest('section')!;
      expect(await within(card).findByText(/No passkeys yet/)).toBeInTheDocument();
      await user.click(within(card).getByRole('button', { name: 'Add a passkey' }));

      const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
      // Two-step sign-in is off: the password alone.
      expect(within(dialog).queryByLabelText('Code from your authenticator app')).not.toBeInTheDocument();
      await fillIn(user, within(dialog).getByLabelText('Your password'), 'my-password');
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

      const name = await screen.findByLabelText('Name');
      expect(name).toHaveValue('Chrome on macOS');
      expect(callsTo('POST /api/auth/passkeys/options')[0]?.body).toEqual({ password: 'my-password' });
      expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: creationOptions });
      expect(callsTo('POST /api/auth/passkeys')[0]?.body).toEqual({ response: registration });
      await user.clear(name);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(SECURITY_MESSAGES.passkeyNameRequired)).toBeInTheDocument();
      await fillIn(user, name, 'Work laptop');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      expect(await screen.findByRole('dialog', { name: 'Save your recovery codes' })).toBeInTheDocument();
      expect(callsTo('PATCH /api/auth/passkeys/pk-1')[0]?.body).toEqual({ name: 'Work laptop' });
      await user.click(screen.getByRole('button', { name: 'I have saved them' }));
      expect(await within(card).findByText('Work laptop')).toBeInTheDocument();
      expect(within(card).getByText(/Not used yet/)).toBeInTheDocument();
      expect(await screen.findByText(/On since .*, with 1 passkey\./)).toBeInTheDocument();
    });

    it('with the app and a passkey: removing the app leaves two-step sign-in on, and step-up offers all three ways', async () => {
      signIn(propertyOwner);
      let status: MfaStatus = { ...on, passkeys: 1 };
      const { callsTo } = mockFetch({
        ...verifiedAs(propertyOwner),
        'GET /api/auth/mfa': () => json(200, status),
        'GET /api/auth/sessions': () => json(200, { data: sessions.slice(0, 1) }),
        'GET /api/auth/passkeys': () => json(200, { data: [laptop] }),
        'POST /api/auth/mfa/disable': () => {
          status = { ...status, authenticatorApp: false };
          return json(200, { success: true, message: SECURITY_MESSAGES.appRemovedPasskeysRemain });
        },
      });
      const { user } = renderApp('/settings?tab=security');
      expect(await screen.findByText(/with the authenticator app and 1 passkey\./)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Remove the authenticator app' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remove the authenticator app' });
      expect(within(dialog).getByLabelText('Code from your authenticator app')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Use your passkey instead' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Use a recovery code instead' })).toBeInTheDocument();
      await fillIn(user, within(dialog).getByLabelText('Your password'), 'my-password');
      await fillIn(user, within(dialog).getByLabelText('Code from your authenticator app'), '123456');
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText(SECURITY_MESSAGES.appRemovedPasskeysRemain)).toBeInTheDocument();
      expect(callsTo('POST /api/auth/mfa/disable')[0]?.body).toEqual({
        password: 'my-password',
        code: '123456',
      });
      expect(await screen.findByRole('button', { name: 'Set up an authenticator app' })).toBeInTheDocument();
      expect(screen.getByText(/with 1 passkey\./)).toBeInTheDocument();
    });

    it('says so when the browser prompt is dismissed, and adds nothing', async () => {
      signIn(propertyOwner);
      webauthn.startRegistration.mockRejectedValue(new DOMException('Not allowed', 'NotAllowedError'));
      const { callsTo } = mockFetch({
        ...verifiedAs(propertyOwner),
        ...noPasskeys,
        'GET /api/auth/mfa': () => json(200, off),
        'GET /api/auth/sessions': () => json(200, { data: sessions.slice(0, 1) }),
        'POST /api/auth/passkeys/options': () => json(200, { challenge: 'reg-2' }),
      });
      const { user } = renderApp('/settings?tab=security');
      await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
      await fillIn(user, within(dialog).getByLabelText('Your password'), 'my-password');
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      expect(await within(dialog).findByText(SECURITY_MESSAGES.passkeyCancelled)).toBeInTheDocument();
      expect(callsTo('POST /api/auth/passkeys')).toHaveLength(0);
    });

    it('lists them with when they were added and last used, renames one, and removes one with the password and a passkey', async () => {
      signIn(propertyOwner);
      const key: Passkey = {
        id: 'pk-2',
        name: 'YubiKey 5',
        createdAt: '2026-11-21T10:00:00.000Z',
        lastUsedAt: new Date().toISOString(),
      };
      let passkeys: Passkey[] = [laptop, key];
      const status: MfaStatus = {
        ...off,
        enabled: true,
        enabledAt: laptop.createdAt,
        recoveryCodesLeft: 9,
        passkeys: 2,
      };
      const assertion = { id: 'cred-2', rawId: 'cred-2', type: 'public-key', response: {} };
      webauthn.startAuthentication.mockResolvedValue(assertion);
      const { callsTo } = mockFetch({
        ...verifiedAs(propertyOwner),
        'GET /api/auth/mfa': () => json(200, status),
        'GET /api/auth/sessions': () => json(200, { data: sessions.slice(0, 1) }),
        'GET /api/auth/passkeys': () => json(200, { data: passkeys }),
        'PATCH /api/auth/passkeys/pk-2': (call) => {
          passkeys = [laptop, { ...key, name: (call.body as { name: string }).name }];
          return json(200, passkeys[1]);
        },
        'POST /api/auth/passkeys/step-up/options': () => json(200, { challenge: 'step-1' }),
        'POST /api/auth/passkeys/pk-1/remove': () => {
          passkeys = passkeys.filter((p) => p.id !== 'pk-1');
          return json(200, { success: true, message: SECURITY_MESSAGES.passkeyRemoved });
        },
      });
      const { user } = renderApp('/settings?tab=security');
      const card = (await screen.findByRole('heading', { name: 'Passkeys' })).closest('section')!;
      expect(await within(card).findByText('YubiKey 5')).toBeInTheDocument();
      expect(within(card).getByText(/Last used/)).toBeInTheDocument();
      expect(within(card).getByText(/Not used yet/)).toBeInTheDocument();

      await user.click(within(card).getByRole('button', { name: 'Rename YubiKey 5' }));
      const rename = await screen.findByRole('dialog', { name: 'Rename passkey' });
      await user.clear(within(rename).getByLabelText('Name'));
      await fillIn(user, within(rename).getByLabelText('Name'), 'Keyring key');
      await user.click(within(rename).getByRole('button', { name: 'Save' }));
      expect(await within(card).findByText('Keyring key')).toBeInTheDocument();

      await user.click(within(card).getByRole('button', { name: 'Remove Chrome on macOS' }));
      const remove = await screen.findByRole('dialog', { name: 'Remove “Chrome on macOS”' });
      // Passkeys only: the second step is a passkey (or a recovery code); there is no app code.
      expect(within(remove).queryByLabelText('Code from your authenticator app')).not.toBeInTheDocument();
      expect(within(remove).getByRole('button', { name: 'Use a recovery code instead' })).toBeInTheDocument();
      await fillIn(user, within(remove).getByLabelText('Your password'), 'my-password');
      await user.click(within(remove).getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'step-1' } });
      expect(callsTo('POST /api/auth/passkeys/pk-1/remove')[0]?.body).toEqual({
        password: 'my-password',
        passkey: assertion,
      });
      await waitFor(() => expect(within(card).queryByText('Chrome on macOS')).not.toBeInTheDocument());
    });
  });
});
