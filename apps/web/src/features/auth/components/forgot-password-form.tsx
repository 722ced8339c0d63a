import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordRequest, type ForgotPasswordRequest } from '@sentinel/shared';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { requestPasswordReset } from '../api/forgot-password';
import { forgotPasswordErrorMessage } from '../utils/error-messages';

/** Request a reset link; on success the form is replaced by 'Check your inbox'. */
export function ForgotPasswordForm() {
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordRequest),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const answer = await requestPasswordReset(values);
      setSentMessage(answer?.message ?? '');
    } catch (error) {
      setFormError(forgotPasswordErrorMessage(error));
    }
  });

  if (sentMessage !== null) {
    return (
      <div role="status" className="text-center">
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <MailCheck aria-hidden="true" className="size-6" />
        </span>
        <h2 className="text-lg font-semibold text-slate-900">Check your inbox</h2>
        {sentMessage && <p className="mt-2 text-sm text-slate-600">{sentMessage}</p>}
        <Link
          to={paths.login}
          className={buttonClasses({ variant: 'secondary', fullWidth: true, className: 'mt-6' })}
        >
          Back to sign in
        </Link>
      </div>
    );
  }

  const busy = isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {formError && <Alert tone="error">{formError}</Alert>}
      <Field label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
      </Field>
      <Button type="submit" fullWidth size="lg" isLoading={busy}>
        {busy ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <p className="text-center text-sm">
        <Link to={paths.login} className="font-semibold text-brand-700 hover:text-brand-800 hover:underline">
          Back to sign in
        </Link>
      </p>
    </form>
  );
}
