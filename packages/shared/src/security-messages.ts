/**
 * The texts of two-step sign-in and of Settings → Security (issue 15). Ours: the spec has no
 * second step. Apart from MESSAGES, like the calendar's, though the sign-in page needs a few.
 */
export const SECURITY_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeInvalid: 'That code is not right. Check your authenticator app and try again.',
  recoveryCodeInvalid: 'That recovery code is not right, or it was used before.',
  challengeExpired: 'Your sign-in took too long or had too many tries. Please sign in again.',
  passwordWrong: 'Your password is not right',
  setupFirst: 'Start the set-up again: scan the new QR code first.',
  alreadyEnabled: 'Two-step sign-in is already on',
  notEnabled: 'Two-step sign-in is not on',
  requiredByFirm: 'Your firm requires two-step sign-in for attorneys, so it cannot be turned off.',
  enableForYourselfFirst:
    'Turn on two-step sign-in for yourself before requiring it of the firm’s attorneys.',
  enabled: 'Two-step sign-in is on',
  disabled: 'Two-step sign-in is off',
  codesRegenerated: 'New recovery codes made. The old ones no longer work.',
  sessionEnded: 'Signed out of that device',
  otherSessionsEnded: (count: number) =>
    count === 1 ? 'Signed out of 1 other device' : `Signed out of ${count} other devices`,
  firmRequirementOn: 'Attorneys now need two-step sign-in',
  firmRequirementOff: 'Attorneys may now sign in without two-step sign-in',
  noPasskeys: 'There is no passkey on this account.',
  passkeyOrRecoveryCodeRequired: 'Use your passkey or a recovery code to confirm it is you.',
  passkeyInvalid: 'That passkey could not be checked. Try again, or use another way to sign in.',
  passkeyCancelled: 'The passkey was not used. Try again, or choose another way.',
  passkeyUnsupported: 'This browser cannot use passkeys here.',
  passkeyNameRequired: 'Enter a name for the passkey',
  passkeyNameTooLong: 'The name can be at most 100 characters',
  passkeyAlreadyAdded: 'This passkey is already added to your account.',
  passkeyLimit: 'You have 20 passkeys, the most an account can have. Remove one first.',
  passkeyAdded: 'Passkey added',
  passkeyRenamed: 'Passkey renamed',
  passkeyRemoved: 'Passkey removed',
  lastFactorRequiredByFirm:
    'Your firm requires two-step sign-in for attorneys: set up an authenticator app or another passkey before removing this one.',
  appRemovedPasskeysRemain: 'Authenticator app removed. Your passkeys still sign you in.',
} as const;
