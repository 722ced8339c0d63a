import { homePathAfterSignup, MESSAGES } from '@sentinel/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-fields';
import { paths } from '@/config/paths';
import { saveSession } from '@/lib/session-store';
import { verifyEmail } from '../api/verify-email';
import { signupErrorMessage } from '../utils/error-messages';

interface VerifyFormValues {
  password: string;
}

/**
 * The last step of sign-up, opened from the e-mailed link: the password chosen at sign-up proves
 * it is the same person, then the account is created and spec §4 "Signup success" follows.
 */
export function VerifyEmailForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<VerifyFormValues>({ defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      const answer = await verifyEmail({ token, password });
      saveSession(answer.token, answer.user);
      toast.success(MESSAGES.accountCreated);
      await navigate(homePathAfterSignup(answer.signedUpAs), { replace: true });
    } catch (error) {
      setFormError(signupErrorMessage(error));
    }
  });

  const busy = isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {formError && <Alert tone="error">{formError}</Alert>}
      <PasswordField
        label="Password"
        error={errors.password?.message}
        hint="The password you chose when you signed up."
        autoComplete="current-password"
        toggleLabel="Show password"
        {...register('password', { required: MESSAGES.passwordRequired })}
      />
      <Button type="submit" fullWidth size="lg" isLoading={busy}>
        {busy ? 'Verifying...' : 'Verify and Sign In'}
      </Button>
      <p className="text-center text-sm">
        <Link to={paths.signup} className="font-semibold text-brand-700 hover:text-brand-800 hover:underline">
          Sign up again
        </Link>
      </p>
    </form>
  );
}
