import {
  SECURITY_MESSAGES,
  type MfaEnrolment,
  type MfaStatus,
  type MfaStepUpRequest,
  type Passkey,
} from '@sentinel/shared';
import { KeyRound, Laptop } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { AuthenticatorSetup } from '@/components/mfa/authenticator-setup';
import { CodeInput } from '@/components/mfa/code-input';
import { assertPasskey, passkeyErrorMessage, passkeysSupported } from '@/components/mfa/passkey';
import { RecoveryCodes } from '@/components/mfa/recovery-codes';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { PasswordField } from '@/components/ui/password-fields';
import { LoadingState } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { formatDateTime, formatTimeAgo } from '@/lib/format';
import { apiErrorsOf } from '@/lib/form-errors';
import {
  useAccountSessions,
  useEndOtherSessions,
  useEndSession,
  useFirmSecurity,
  useMfaDisable,
  useMfaEnable,
  useMfaSetup,
  useMfaStatus,
  passkeyStepUpOptions,
  useAddPasskey,
  usePasskeys,
  useRegenerateRecoveryCodes,
  useRemovePasskey,
  useRenamePasskey,
  useSetFirmSecurity,
} from '../api/security';

/**
 * Security tab (issue 15): two-step sign-in with an authenticator app and its recovery codes,
 * passkeys, the firm's requirement for attorneys (attorneys only), and where the person is signed in.
 */
export function SecuritySettings() {
  const session = useSession();
  return (
    <div className="space-y-6">
      <TwoStepCard />
      <PasskeysCard />
      {session?.userType === 'attorney' && <FirmRequirementCard />}
      <SessionsCard />
    </div>
  );
}

type Change = 'setup' | 'codes' | 'disable';

function TwoStepCard() {
  const status = useMfaStatus();
  const [change, setChange] = useState<Change | null>(null);
  const description =
    'After your password, Sentinel asks for a code from an app on your phone or for one of your passkeys, so a stolen password alone cannot open your account.';
  if (status.isPending)
    return (
      <Card title="Two-step sign-in" description={description}>
        <LoadingState label="Loading two-step sign-in..." />
      </Card>
    );
  if (status.isError)
    return (
      <Card title="Two-step sign-in" description={description}>
        <LoadError
          error={status.error}
          fallback="Two-step sign-in could not be loaded."
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
        />
      </Card>
    );
  const mfa = status.data;
  return (
    <Card
      title="Two-step sign-in"
      description={description}
      actions={<Badge tone={mfa.enabled ? 'success' : 'neutral'}>{mfa.enabled ? 'On' : 'Off'}</Badge>}
    >
      {mfa.enabled ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            On since {formatDateTime(mfa.enabledAt!)}, with {secondStepsOf(mfa)}.{' '}
            <span className={mfa.recoveryCodesLeft <= 3 ? 'font-semibold text-red-700' : undefined}>
              {mfa.recoveryCodesLeft === 1
                ? '1 recovery code left.'
                : `${mfa.recoveryCodesLeft} recovery codes left.`}
            </span>
          </p>
          {mfa.requiredByFirm && (
            <Alert tone="info">
              Your firm requires two-step sign-in for attorneys, so it stays on. You can still move it to a
              new phone.
            </Alert>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setChange('codes')}>
              Make new recovery codes
            </Button>
            <Button variant="secondary" onClick={() => setChange('setup')}>
              {mfa.authenticatorApp ? 'Move to a new phone' : 'Set up an authenticator app'}
            </Button>
            {mfa.authenticatorApp && mfa.passkeys > 0 && (
              <Button variant="danger" onClick={() => setChange('disable')}>
                Remove the authenticator app
              </Button>
            )}
            {mfa.authenticatorApp && mfa.passkeys === 0 && !mfa.requiredByFirm && (
              <Button variant="danger" onClick={() => setChange('disable')}>
                Turn off
              </Button>
            )}
          </div>
        </div>
      ) : (
        <div className="space-y-4">
          {mfa.requiredByFirm && (
            <Alert tone="info">Your firm requires two-step sign-in for attorneys. Set it up now.</Alert>
          )}
          <Button onClick={() => setChange('setup')}>Set up two-step sign-in</Button>
        </div>
      )}
      {change && <ChangeDialog change={change} mfa={mfa} onClose={() => setChange(null)} />}
    </Card>
  );
}

/** "the authenticator app and 2 passkeys" */
function secondStepsOf(mfa: MfaStatus): string {
  const passkeys = mfa.passkeys === 1 ? '1 passkey' : `${mfa.passkeys} passkeys`;
  if (!mfa.authenticatorApp) return passkeys;
  return mfa.passkeys > 0 ? `the authenticator app and ${passkeys}` : 'the authenticator app';
}

const titleOf = (change: Change, mfa: MfaStatus): string =>
  change === 'setup'
    ? mfa.enabled
      ? 'Set up an authenticator app'
      : 'Set up two-step sign-in'
    : change === 'codes'
      ? 'Make new recovery codes'
      : mfa.passkeys > 0
        ? 'Remove the authenticator app'
        : 'Turn off two-step sign-in';

/**
 * One change to two-step sign-in: the step-up (password, and a current code when it is on), then
 * for a set-up the QR code and the first code, and last the recovery codes, shown once.
 */
function ChangeDialog({ change, mfa, onClose }: { change: Change; mfa: MfaStatus; onClose: () => void }) {
  const setup = useMfaSetup();
  const enable = useMfaEnable();
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useMfaDisable();
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const stepUp = async (body: MfaStepUpRequest) => {
    if (change === 'setup') setEnrolment(await setup.mutateAsync(body));
    else if (change === 'codes') setCodes((await regenerate.mutateAsync(body)).recoveryCodes);
    else {
      toast.success((await disable.mutateAsync(body)).message);
      onClose();
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={codes ? 'Save your recovery codes' : titleOf(change, mfa)}
      widthClassName="max-w-md"
    >
      {codes ? (
        <>
          <RecoveryCodes codes={codes} />
          <DialogActions>
            <Button onClick={onClose}>I have saved them</Button>
          </DialogActions>
        </>
      ) : enrolment ? (
        <ConfirmCode
          enrolment={enrolment}
          confirm={async (code) => {
            setCodes((await enable.mutateAsync(code)).recoveryCodes);
            toast.success(SECURITY_MESSAGES.enabled);
          }}
          onCancel={onClose}
        />
      ) : (
        <StepUpForm
          mfa={mfa}
          submitLabel={change === 'disable' ? (mfa.passkeys > 0 ? 'Remove' : 'Turn off') : 'Continue'}
          danger={change === 'disable'}
          onSubmit={stepUp}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}

type Way = 'code' | 'passkey' | 'recovery';

/**
 * The step-up of a change: the password, and when two-step sign-in is on one of its second steps —
 * a code from the app, a passkey (asked for after Continue) or a recovery code.
 */
function StepUpForm({
  mfa,
  submitLabel,
  danger,
  intro,
  onSubmit,
  onCancel,
}: {
  mfa: MfaStatus;
  submitLabel: string;
  danger?: boolean;
  intro?: string;
  onSubmit: (body: MfaStepUpRequest) => Promise<void>;
  onCancel: () => void;
}) {
  const hasApp = mfa.enabled && mfa.authenticatorApp;
  const hasPasskey = mfa.enabled && mfa.passkeys > 0 && passkeysSupported();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [way, setWay] = useState<Way>(hasApp ? 'code' : hasPasskey ? 'passkey' : 'recovery');
  const [error, setError] = useState<unknown>(null);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setPasskeyError(null);
    setBusy(true);
    try {
      let secondStep: Partial<MfaStepUpRequest> = {};
      if (mfa.enabled) {
        if (way === 'passkey') {
          try {
            secondStep = { passkey: await assertPasskey(await passkeyStepUpOptions()) };
          } catch (caught) {
            setPasskeyError(passkeyErrorMessage(caught, SECURITY_MESSAGES.passkeyInvalid));
            return;
          }
        } else secondStep = way === 'recovery' ? { recoveryCode: code } : { code };
      }
      await onSubmit({ password, ...secondStep });
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  // The browser's refusals (a passkey prompt cancelled, one already added) are said above the form.
  const found =
    error === null
      ? null
      : apiErrorsOf(
          error,
          ['password', 'code'] as const,
          passkeyErrorMessage(error, 'That did not work. Please try again.'),
        );
  const switchTo = (next: Way) => {
    setWay(next);
    setCode('');
    setError(null);
    setPasskeyError(null);
  };
  const others: Array<[Way, string]> = [];
  if (hasApp && way !== 'code') others.push(['code', 'Use a code from the app instead']);
  if (hasPasskey && way !== 'passkey') others.push(['passkey', 'Use your passkey instead']);
  if (mfa.enabled && way !== 'recovery') others.push(['recovery', 'Use a recovery code instead']);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">{intro ?? 'To make this change, confirm it is you.'}</p>
      {found?.form && <Alert tone="error">{found.form}</Alert>}
      <PasswordField
        label="Your password"
        autoComplete="current-password"
        toggleLabel="Show password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={found?.fields.password}
      />
      {mfa.enabled && (
        <div className="space-y-1.5">
          {way === 'recovery' ? (
            <RecoveryCodeInput value={code} onChange={setCode} error={found?.fields.code} />
          ) : way === 'code' ? (
            <CodeInput value={code} onChange={setCode} error={found?.fields.code} />
          ) : (
            <>
              <p className="text-sm text-slate-600">
                After {submitLabel}, your browser asks for your passkey.
              </p>
              {(passkeyError ?? found?.fields.code) && (
                <Alert tone="error">{passkeyError ?? found?.fields.code}</Alert>
              )}
            </>
          )}
          <div className="flex flex-col items-start gap-1">
            {others.map(([next, label]) => (
              <button
                key={next}
                type="button"
                className="text-sm font-semibold text-brand-700 hover:underline"
                onClick={() => switchTo(next)}
              >
                {label}
              </button>
            ))}
          </div>
        </div>
      )}
      <DialogActions>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant={danger ? 'danger' : 'primary'} isLoading={busy}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

function RecoveryCodeInput({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <PasswordField
      label="Recovery code"
      autoComplete="off"
      toggleLabel="Show recovery code"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/** The QR code and the first code from it. */
function ConfirmCode({
  enrolment,
  confirm,
  onCancel,
}: {
  enrolment: MfaEnrolment;
  confirm: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) return setError(SECURITY_MESSAGES.codeRequired);
    setBusy(true);
    try {
      await confirm(code);
    } catch (caught) {
      setError(errorMessage(caught, SECURITY_MESSAGES.codeInvalid));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <AuthenticatorSetup enrolment={enrolment} />
      <CodeInput value={code} onChange={setCode} error={error} />
      <DialogActions>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={busy}>
          Turn on
        </Button>
      </DialogActions>
    </form>
  );
}

/** Passkeys: a second step of sign-in beside the app (or instead of it), added after a step-up. */
function PasskeysCard() {
  const status = useMfaStatus();
  const passkeys = usePasskeys();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = passkeysSupported();
  const title = 'Passkeys';
  const description =
    'Confirm it is you with your fingerprint, face or screen lock, or a security key, instead of typing a code. A passkey works only on Sentinel’s own address, so it cannot be phished.';
  if (passkeys.isPending || status.isPending)
    return (
      <Card title={title} description={description}>
        <LoadingState label="Loading your passkeys..." />
      </Card>
    );
  if (passkeys.isError || status.isError)
    return (
      <Card title={title} description={description}>
        <LoadError
          error={passkeys.error ?? status.error}
          fallback="Your passkeys could not be loaded."
          onRetry={() => void Promise.all([passkeys.refetch(), status.refetch()])}
          retrying={passkeys.isFetching || status.isFetching}
        />
      </Card>
    );
  const mfa = status.data;
  return (
    <Card
      title={title}
      description={description}
      actions={
        supported && (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        )
      }
      bodyClassName="p-0"
    >
      {!supported && (
        <p className="px-5 py-3 text-sm text-slate-600">
          {SECURITY_MESSAGES.passkeyUnsupported} Use a current browser on Sentinel’s secure address to add
          one.
        </p>
      )}
      {passkeys.data.length === 0 ? (
        <p className="px-5 py-3 text-sm text-slate-600">
          No passkeys yet. Adding one turns two-step sign-in on if it is not already.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {passkeys.data.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-3 px-5 py-3">
              <KeyRound aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
              <div className="min-w-0 flex-1 basis-48 text-sm">
                <p className="font-medium break-words text-slate-900">{p.name}</p>
                <p className="text-slate-600">
                  Added {formatDateTime(p.createdAt)} ·{' '}
                  {p.lastUsedAt ? `Last used ${formatTimeAgo(p.lastUsedAt)}` : 'Not used yet'}
                </p>
              </div>
              <div className="flex gap-2 max-sm:pl-8">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Rename ${p.name}`}
                  onClick={() => setRenaming(p)}
                >
                  Rename
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove ${p.name}`}
                  onClick={() => setRemoving(p)}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {adding && <AddPasskeyDialog mfa={mfa} onClose={() => setAdding(false)} />}
      {renaming && <RenamePasskeyDialog passkey={renaming} onClose={() => setRenaming(null)} />}
      {removing && <RemovePasskeyDialog passkey={removing} mfa={mfa} onClose={() => setRemoving(null)} />}
    </Card>
  );
}

/** The step-up, the browser's passkey prompt, then the name (the device's, to change) and, the first time, the recovery codes. */
function AddPasskeyDialog({ mfa, onClose }: { mfa: MfaStatus; onClose: () => void }) {
  const add = useAddPasskey();
  const [added, setAdded] = useState<{ passkey: Passkey; recoveryCodes?: string[] } | null>(null);
  const [named, setNamed] = useState(false);
  const showCodes = added?.recoveryCodes && named;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={showCodes ? 'Save your recovery codes' : added ? 'Name your passkey' : 'Add a passkey'}
      widthClassName="max-w-md"
    >
      {showCodes ? (
        <>
          <p className="text-sm text-slate-700">
            Two-step sign-in is now on. If you lose your passkey, one of these codes signs you in instead.
          </p>
          <RecoveryCodes codes={added.recoveryCodes!} />
          <DialogActions>
            <Button onClick={onClose}>I have saved them</Button>
          </DialogActions>
        </>
      ) : added ? (
        <NamePasskeyForm
          passkey={added.passkey}
          submitLabel="Save"
          onDone={() => (added.recoveryCodes ? setNamed(true) : onClose())}
        />
      ) : (
        <StepUpForm
          mfa={mfa}
          submitLabel="Continue"
          intro="To add a passkey, confirm it is you. Your browser then asks where to keep the new passkey."
          onSubmit={async (stepUp) => {
            const answer = await add.mutateAsync(stepUp);
            toast.success(SECURITY_MESSAGES.passkeyAdded);
            setAdded(answer);
          }}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}

function NamePasskeyForm({
  passkey,
  submitLabel,
  onDone,
  onCancel,
}: {
  passkey: Passkey;
  submitLabel: string;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const trimmed = name.trim();
    if (!trimmed) return setError(SECURITY_MESSAGES.passkeyNameRequired);
    if (trimmed.length > 100) return setError(SECURITY_MESSAGES.passkeyNameTooLong);
    if (trimmed === passkey.name) return onDone();
    try {
      await rename.mutateAsync({ id: passkey.id, name: trimmed });
      toast.success(SECURITY_MESSAGES.passkeyRenamed);
      onDone();
    } catch (caught) {
      setError(errorMessage(caught, 'The name could not be saved.'));
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <Field
        label="Name"
        hint="So you can tell your passkeys apart, e.g. “Work laptop” or “YubiKey”."
        error={error}
      >
        {(control) => (
          <Input
            {...control}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={100}
            autoFocus
          />
        )}
      </Field>
      <DialogActions>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" isLoading={rename.isPending}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}

function RenamePasskeyDialog({ passkey, onClose }: { passkey: Passkey; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Rename passkey" widthClassName="max-w-md">
      <NamePasskeyForm passkey={passkey} submitLabel="Save" onDone={onClose} onCancel={onClose} />
    </Dialog>
  );
}

function RemovePasskeyDialog({
  passkey,
  mfa,
  onClose,
}: {
  passkey: Passkey;
  mfa: MfaStatus;
  onClose: () => void;
}) {
  const remove = useRemovePasskey();
  const last = !mfa.authenticatorApp && mfa.passkeys === 1;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Remove “${passkey.name}”`}
      widthClassName="max-w-md"
    >
      {last && mfa.requiredByFirm ? (
        <>
          <Alert tone="info">{SECURITY_MESSAGES.lastFactorRequiredByFirm}</Alert>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      ) : (
        <StepUpForm
          mfa={mfa}
          submitLabel="Remove"
          danger
          intro={
            last
              ? 'This is your only second step: removing it turns two-step sign-in off and ends your recovery codes. To remove it, confirm it is you.'
              : 'To remove this passkey, confirm it is you.'
          }
          onSubmit={async (stepUp) => {
            toast.success((await remove.mutateAsync({ id: passkey.id, stepUp })).message);
            onClose();
          }}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}

function FirmRequirementCard() {
  const firm = useFirmSecurity(true);
  const save = useSetFirmSecurity();
  const title = 'Your firm';
  if (firm.isPending)
    return (
      <Card title={title}>
        <LoadingState label="Loading the firm's sign-in rule..." />
      </Card>
    );
  if (firm.isError)
    return (
      <Card title={title}>
        <LoadError
          error={firm.error}
          fallback="The firm's sign-in rule could not be loaded."
          onRetry={() => void firm.refetch()}
          retrying={firm.isFetching}
        />
      </Card>
    );
  const { requireMfaForAttorneys, attorneysWithoutMfa } = firm.data;
  return (
    <Card title={title} description="Applies to every attorney of the firm you are working in.">
      <div className="max-w-xl space-y-3">
        <Switch
          label="Require two-step sign-in for attorneys"
          checked={requireMfaForAttorneys}
          onChange={(required) =>
            save.mutate(required, {
              onSuccess: () =>
                toast.success(
                  required ? SECURITY_MESSAGES.firmRequirementOn : SECURITY_MESSAGES.firmRequirementOff,
                ),
            })
          }
        />
        {save.isError && (
          <Alert tone="error">{errorMessage(save.error, 'The rule could not be saved.')}</Alert>
        )}
        {requireMfaForAttorneys && attorneysWithoutMfa > 0 && (
          <p className="text-sm text-slate-700">
            {attorneysWithoutMfa === 1
              ? '1 attorney has not set it up yet and will be asked to at their next sign-in.'
              : `${attorneysWithoutMfa} attorneys have not set it up yet and will be asked to at their next sign-in.`}
          </p>
        )}
      </div>
    </Card>
  );
}

function SessionsCard() {
  const sessions = useAccountSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const title = 'Where you’re signed in';
  if (sessions.isPending)
    return (
      <Card title={title}>
        <LoadingState label="Loading your sessions..." />
      </Card>
    );
  if (sessions.isError)
    return (
      <Card title={title}>
        <LoadError
          error={sessions.error}
          fallback="Your sessions could not be loaded."
          onRetry={() => void sessions.refetch()}
          retrying={sessions.isFetching}
        />
      </Card>
    );
  const others = sessions.data.filter((s) => !s.current).length;
  return (
    <Card
      title={title}
      description="Sign out a device you no longer use or do not recognise."
      actions={
        others > 0 && (
          <Button
            variant="secondary"
            size="sm"
            isLoading={endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, {
                onSuccess: (answer) => toast.success(answer.message),
                onError: (error) =>
                  toast.error(errorMessage(error, 'The other devices could not be signed out.')),
              })
            }
          >
            Sign out all other devices
          </Button>
        )
      }
      bodyClassName="p-0"
    >
      <ul className="divide-y divide-slate-100">
        {sessions.data.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center gap-3 px-5 py-3">
            <Laptop aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-medium text-slate-900">
                {s.device} {s.current && <Badge tone="brand">This device</Badge>}
              </p>
              <p className="text-slate-600">
                {s.ip ? `${s.ip} · ` : ''}Last active {formatTimeAgo(s.lastUsedAt)} · Signed in{' '}
                {formatDateTime(s.createdAt)}
              </p>
            </div>
            {!s.current && (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Sign out ${s.device}, last active ${formatTimeAgo(s.lastUsedAt)}`}
                isLoading={endOne.isPending && endOne.variables === s.id}
                onClick={() =>
                  endOne.mutate(s.id, {
                    onSuccess: (answer) => toast.success(answer.message),
                    onError: (error) =>
                      toast.error(errorMessage(error, 'That device could not be signed out.')),
                  })
                }
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
