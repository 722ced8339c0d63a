import {
  SECURITY_MESSAGES,
  type MfaEnrolment,
  type MfaStatus,
  type MfaStepUpRequest,
} from '@sentinel/shared';
import { Laptop } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { AuthenticatorSetup } from '@/components/mfa/authenticator-setup';
import { CodeInput } from '@/components/mfa/code-input';
import { RecoveryCodes } from '@/components/mfa/recovery-codes';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogActions } from '@/components/ui/dialog';
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
  useRegenerateRecoveryCodes,
  useSetFirmSecurity,
} from '../api/security';

/**
 * Security tab (issue 15): two-step sign-in with an authenticator app and its recovery codes,
 * the firm's requirement for attorneys (attorneys only), and where the person is signed in.
 */
export function SecuritySettings() {
  const session = useSession();
  return (
    <div className="space-y-6">
      <TwoStepCard />
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
    'After your password, Sentinel asks for a code from an app on your phone, so a stolen password alone cannot open your account.';
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
            On since {formatDateTime(mfa.enabledAt!)}.{' '}
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
              Move to a new phone
            </Button>
            {!mfa.requiredByFirm && (
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

const TITLES: Record<Change, string> = {
  setup: 'Set up two-step sign-in',
  codes: 'Make new recovery codes',
  disable: 'Turn off two-step sign-in',
};

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
      await disable.mutateAsync(body);
      toast.success(SECURITY_MESSAGES.disabled);
      onClose();
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={codes ? 'Save your recovery codes' : TITLES[change]}
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
          withCode={mfa.enabled}
          submitLabel={change === 'disable' ? 'Turn off' : 'Continue'}
          danger={change === 'disable'}
          onSubmit={stepUp}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}

function StepUpForm({
  withCode,
  submitLabel,
  danger,
  onSubmit,
  onCancel,
}: {
  withCode: boolean;
  submitLabel: string;
  danger?: boolean;
  onSubmit: (body: MfaStepUpRequest) => Promise<void>;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await onSubmit({
        password,
        ...(withCode && (useRecovery ? { recoveryCode: code } : { code })),
      });
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const found =
    error === null
      ? null
      : apiErrorsOf(error, ['password', 'code'] as const, 'That did not work. Please try again.');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <p className="text-sm text-slate-700">To make this change, confirm it is you.</p>
      {found?.form && <Alert tone="error">{found.form}</Alert>}
      <PasswordField
        label="Your password"
        autoComplete="current-password"
        toggleLabel="Show password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={found?.fields.password}
      />
      {withCode && (
        <div className="space-y-1.5">
          {useRecovery ? (
            <RecoveryCodeInput value={code} onChange={setCode} error={found?.fields.code} />
          ) : (
            <CodeInput value={code} onChange={setCode} error={found?.fields.code} />
          )}
          <button
            type="button"
            className="text-sm font-semibold text-brand-700 hover:underline"
            onClick={() => {
              setUseRecovery(!useRecovery);
              setCode('');
            }}
          >
            {useRecovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
          </button>
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
