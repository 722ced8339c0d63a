import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@sentinel/shared';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { NewPasswordFields } from '@/components/ui/password-fields';
import { homePathFor, paths } from '@/config/paths';
import { saveSession } from '@/lib/session-store';
import { changeTemporaryPassword } from '../api/change-temp-password';
import { secondStepOf } from '../api/second-step';
import { newPasswordFormSchema, resetPassword, type NewPasswordFormValues } from '../api/reset-password';
import { resetPasswordErrorMessage } from '../utils/error-messages';
import { temporaryTicket } from '../utils/temporary-ticket';

/** How the new password is authorised: an e-mailed token, or the temporary-password ticket. */
export type ResetMode =
  { kind: 'token'; token: string } | { kind: 'temporary'; email: string; ticket: string };

/**
 * New password and confirmation; on success 'Password Updated!' with a button to sign in, or, for
 * a temporary password (whose answer signs the user in), to go on to their dashboard.
 */
export function ResetPasswordForm({ mode }: { mode: ResetMode }) {
  const navigate = useNavigate();
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const [homePath, setHomePath] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<NewPasswordFormValues>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFormError(null);
    try {
      if (mode.kind === 'token') {
        const answer = await resetPassword({ token: mode.token, newPassword });
        setDoneMessage(answer?.message ?? MESSAGES.passwordResetDone);
        return;
      }
      const answer = await changeTemporaryPassword({ email: mode.email, newPassword, ticket: mode.ticket });
      temporaryTicket.clear();
      // A firm that requires two-step sign-in has the new attorney set it up before any session.
      const secondStep = secondStepOf(answer);
      if (secondStep) {
        await navigate(paths.login, { replace: true, state: { secondStep } });
        return;
      }
      if (!answer.token || !answer.user) throw new Error(MESSAGES.loginNoToken);
      saveSession(answer.token, answer.user);
      setHomePath(homePathFor(answer.user.userType));
      setDoneMessage(answer.message);
    } catch (error) {
      setFormError(resetPasswordErrorMessage(error));
    }
  });

  if (doneMessage !== null) {
    return (
      <div role="status" className="text-center">
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <CircleCheck aria-hidden="true" className="size-6" />
        </span>
        <h2 className="text-lg font-semibold text-slate-900">Password Updated!</h2>
        <p className="mt-2 text-sm text-slate-600">{doneMessage}</p>
        <Link
          to={homePath ?? paths.login}
          replace={homePath !== null}
          className={buttonClasses({ fullWidth: true, size: 'lg', className: 'mt-6' })}
        >
          {homePath ? 'Go to my dashboard' : 'Sign in'}
        </Link>
      </div>
    );
  }

  const busy = isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {formError && <Alert tone="error">{formError}</Alert>}
      {mode.kind === 'temporary' && (
        <p className="text-sm text-slate-600">
          Choose a new password for <span className="font-medium text-slate-900">{mode.email}</span>.
        </p>
      )}
      <NewPasswordFields
        kind="replace"
        password={register('newPassword')}
        confirmation={register('confirmPassword')}
        errors={{ password: errors.newPassword?.message, confirmation: errors.confirmPassword?.message }}
      />
      <Button type="submit" fullWidth size="lg" isLoading={busy}>
        {busy ? 'Updating Password...' : 'Update Password'}
      </Button>
    </form>
  );
}
