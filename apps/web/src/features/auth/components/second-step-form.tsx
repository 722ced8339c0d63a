import { SECURITY_MESSAGES, type LoginResponse, type MfaEnrolment } from '@sentinel/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { AuthenticatorSetup } from '@/components/mfa/authenticator-setup';
import { CodeInput } from '@/components/mfa/code-input';
import { assertPasskey, passkeyErrorMessage, passkeysSupported } from '@/components/mfa/passkey';
import { RecoveryCodes } from '@/components/mfa/recovery-codes';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadingState } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import {
  confirmEnrolment,
  passkeyOptions,
  startEnrolment,
  verifySecondStep,
  type SecondStep,
} from '../api/second-step';

const linkButton = 'text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline';

/**
 * The second step of a sign-in: a code from the authenticator app, a passkey (or a recovery code), or — when
 * the firm requires two-step sign-in and the person has none yet — setting it up, then saving the
 * recovery codes. `onSignedIn` gets the login's answer.
 */
export function SecondStepForm({
  step,
  onSignedIn,
  onRestart,
}: {
  step: SecondStep;
  onSignedIn: (answer: LoginResponse) => Promise<void> | void;
  onRestart: () => void;
}) {
  return step.purpose === 'verify' ? (
    <VerifyCode step={step} onSignedIn={onSignedIn} onRestart={onRestart} />
  ) : (
    <Enrol ticket={step.ticket} onSignedIn={onSignedIn} onRestart={onRestart} />
  );
}

function VerifyCode({
  step: { ticket, methods },
  onSignedIn,
  onRestart,
}: {
  step: SecondStep;
  onSignedIn: (answer: LoginResponse) => Promise<void> | void;
  onRestart: () => void;
}) {
  const hasApp = methods.includes('totp');
  const hasPasskey = methods.includes('passkey') && passkeysSupported();
  // Someone with only passkeys has no code to type: the recovery code is their other way.
  const [useRecovery, setUseRecovery] = useState(!hasApp);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);

  const withPasskey = async () => {
    setError(null);
    setPasskeyError(null);
    setPasskeyBusy(true);
    try {
      const passkey = await assertPasskey(await passkeyOptions(ticket));
      await onSignedIn(await verifySecondStep({ ticket, passkey }));
    } catch (caught) {
      setPasskeyError(passkeyErrorMessage(caught, SECURITY_MESSAGES.passkeyInvalid));
      setPasskeyBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!useRecovery && !/^\d{6}$/.test(value.replace(/\s+/g, '')))
      return setError(SECURITY_MESSAGES.codeRequired);
    if (useRecovery && value.trim().length < 10) return setError(SECURITY_MESSAGES.recoveryCodeInvalid);
    setBusy(true);
    try {
      const answer = await verifySecondStep(
        useRecovery ? { ticket, recoveryCode: value.trim() } : { ticket, code: value },
      );
      await onSignedIn(answer);
    } catch (caught) {
      setError(errorMessage(caught, SECURITY_MESSAGES.codeInvalid));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Two-step sign-in</h2>
        <p className="mt-1 text-sm text-slate-600">
          {useRecovery
            ? hasApp
              ? 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each works once.'
              : 'Use your passkey, or enter one of the recovery codes you saved when you added it. Each works once.'
            : hasPasskey
              ? 'Use your passkey, or enter the 6-digit code your authenticator app shows for Sentinel.'
              : 'Open your authenticator app and enter the 6-digit code it shows for Sentinel.'}
        </p>
      </div>
      {hasPasskey && (
        <div className="space-y-2">
          <Button
            type="button"
            variant={hasApp ? 'secondary' : 'primary'}
            fullWidth
            size="lg"
            isLoading={passkeyBusy}
            onClick={() => void withPasskey()}
          >
            Use a passkey
          </Button>
          {passkeyError && <Alert tone="error">{passkeyError}</Alert>}
          <p className="text-center text-sm text-slate-500">or</p>
        </div>
      )}
      {useRecovery ? (
        <Field label="Recovery code" error={error ?? undefined}>
          {(control) => (
            <Input
              {...control}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus={!hasPasskey}
              className="font-mono"
            />
          )}
        </Field>
      ) : (
        <CodeInput value={value} onChange={setValue} error={error ?? undefined} autoFocus={!hasPasskey} />
      )}
      <Button
        type="submit"
        variant={hasPasskey && !hasApp ? 'secondary' : 'primary'}
        fullWidth
        size="lg"
        isLoading={busy}
      >
        {busy ? 'Checking...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2">
        {hasApp && (
          <button
            type="button"
            className={linkButton}
            onClick={() => {
              setUseRecovery(!useRecovery);
              setValue('');
              setError(null);
            }}
          >
            {useRecovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
          </button>
        )}
        <button type="button" className={linkButton} onClick={onRestart}>
          Back to sign in
        </button>
      </div>
    </form>
  );
}

function Enrol({
  ticket,
  onSignedIn,
  onRestart,
}: {
  ticket: string;
  onSignedIn: (answer: LoginResponse) => Promise<void> | void;
  onRestart: () => void;
}) {
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ answer: LoginResponse; codes: string[] } | null>(null);

  useEffect(() => {
    let live = true;
    startEnrolment(ticket).then(
      (answer) => live && setEnrolment(answer),
      (caught: unknown) => live && setLoadError(errorMessage(caught, SECURITY_MESSAGES.challengeExpired)),
    );
    return () => {
      live = false;
    };
  }, [ticket]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) return setError(SECURITY_MESSAGES.codeRequired);
    setBusy(true);
    try {
      const { recoveryCodes, ...answer } = await confirmEnrolment(ticket, code);
      setDone({ answer, codes: recoveryCodes });
    } catch (caught) {
      setError(errorMessage(caught, SECURITY_MESSAGES.codeInvalid));
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <div className="space-y-5">
        <h2 className="text-lg font-semibold text-slate-900">Save your recovery codes</h2>
        <RecoveryCodes codes={done.codes} />
        <Button fullWidth size="lg" onClick={() => void onSignedIn(done.answer)}>
          I have saved them — continue
        </Button>
      </div>
    );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-5">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Set up two-step sign-in</h2>
        <p className="mt-1 text-sm text-slate-600">
          Your firm requires two-step sign-in for attorneys. It takes a minute, once.
        </p>
      </div>
      {loadError ? (
        <Alert tone="error">{loadError}</Alert>
      ) : enrolment ? (
        <>
          <AuthenticatorSetup enrolment={enrolment} />
          <CodeInput value={code} onChange={setCode} error={error ?? undefined} />
          <Button type="submit" fullWidth size="lg" isLoading={busy}>
            Turn on and sign in
          </Button>
        </>
      ) : (
        <LoadingState label="Preparing your QR code..." />
      )}
      <button type="button" className={linkButton} onClick={onRestart}>
        Back to sign in
      </button>
    </form>
  );
}
