import { MESSAGES, type LoginResponse } from '@sentinel/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { homePathFor, paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { saveSession } from '@/lib/session-store';
import { login, loginResolver, type LoginFormValues } from '../api/login';
import { secondStepOf, type SecondStep } from '../api/second-step';
import { loginErrorMessage } from '../utils/error-messages';
import { temporaryTicket } from '../utils/temporary-ticket';
import { ResendVerification } from './resend-verification';
import { SecondStepForm } from './second-step-form';

const linkClasses = 'font-semibold text-brand-700 hover:text-brand-800 hover:underline';

/** Sign in, and every outcome of spec §4 "Login outcomes". */
export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  // A sign-up whose e-mail is not verified yet: its link can be sent again (docs/decisions/0010).
  const [unverified, setUnverified] = useState<LoginFormValues | null>(null);
  // Two-step sign-in: after the password here, or after a first password chosen on the reset page.
  const [secondStep, setSecondStep] = useState<SecondStep | null>(
    () => (location.state as { secondStep?: SecondStep } | null)?.secondStep ?? null,
  );
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setUnverified(null);
    try {
      const answer = await login(values);
      if (answer.requiresPasswordReset) {
        if (answer.temporaryPasswordExpired || !answer.temporaryPasswordTicket) {
          await navigate(paths.forgotPassword, { state: { notice: MESSAGES.temporaryPasswordExpired } });
          return;
        }
        temporaryTicket.set(answer.temporaryPasswordTicket);
        const query = new URLSearchParams({ email: values.email, temporary: 'true' });
        await navigate(`${paths.resetPassword}?${query.toString()}`);
        return;
      }
      const step = secondStepOf(answer);
      if (step) {
        setSecondStep(step);
        return;
      }
      await signedIn(answer);
    } catch (error) {
      setFormError(loginErrorMessage(error));
      if (isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED') setUnverified(values);
    }
  });

  async function signedIn(answer: LoginResponse) {
    if (!answer.token || !answer.user) {
      setSecondStep(null);
      setFormError(MESSAGES.loginNoToken);
      return;
    }
    saveSession(answer.token, answer.user);
    await navigate(homePathFor(answer.user.userType), { replace: true });
  }

  if (secondStep)
    return (
      <SecondStepForm
        step={secondStep}
        onSignedIn={signedIn}
        onRestart={() => {
          setSecondStep(null);
          void navigate(paths.login, { replace: true, state: null });
        }}
      />
    );

  const busy = isSubmitting;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {formError && <Alert tone="error">{formError}</Alert>}
      {unverified && <ResendVerification credentials={unverified} />}
      <Field label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
      </Field>
      <div className="space-y-1.5">
        <Field label="Password" error={errors.password?.message}>
          {(control) => (
            <PasswordInput {...control} autoComplete="current-password" {...register('password')} />
          )}
        </Field>
        <div className="flex justify-end">
          <Link to={paths.forgotPassword} className={`text-sm ${linkClasses}`}>
            Forgot password?
          </Link>
        </div>
      </div>
      <Button type="submit" fullWidth size="lg" isLoading={busy}>
        {busy ? 'Signing In...' : 'Sign In'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Don’t have an account?{' '}
        <Link to={paths.signup} className={linkClasses}>
          Sign up
        </Link>
      </p>
    </form>
  );
}
