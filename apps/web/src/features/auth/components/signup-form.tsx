import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, splitFullName, USER_TYPE_LABELS, USER_TYPES } from '@sentinel/shared';
import { MailCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NewPasswordFields } from '@/components/ui/password-fields';
import { Options, Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import {
  register as registerAccount,
  signupFormSchema,
  type SignupFormInput,
  type SignupFormValues,
} from '../api/register';
import { signupErrorMessage } from '../utils/error-messages';
import { ResendVerification } from './resend-verification';

const linkClasses = 'font-semibold text-brand-700 hover:text-brand-800 hover:underline';

/**
 * Create an account (spec §2 Signup, §5 rules). The answer is the same for every address: the
 * form gives way to 'Check your e-mail', and the e-mailed link finishes the sign-up with spec §4
 * "Signup success" (docs/decisions/0010).
 */
export function SignupForm() {
  const termsId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ email: string; password: string; message: string } | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SignupFormInput, unknown, SignupFormValues>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: {
      fullName: '',
      email: '',
      companyName: '',
      userType: '' as SignupFormInput['userType'],
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const { firstName, lastName } = splitFullName(values.fullName);
    try {
      const answer = await registerAccount({
        email: values.email,
        password: values.password,
        firstName,
        lastName,
        userType: values.userType,
        companyName: values.companyName,
      });
      if (!answer?.success) {
        setFormError(MESSAGES.signupFailed);
        return;
      }
      setSent({ email: values.email, password: values.password, message: answer.message });
    } catch (error) {
      setFormError(signupErrorMessage(error));
    }
  });

  if (sent) {
    return (
      <div className="space-y-6 text-center">
        <div role="status">
          <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
            <MailCheck aria-hidden="true" className="size-6" />
          </span>
          <h2 className="text-lg font-semibold text-slate-900">Check your e-mail</h2>
          <p className="mt-2 text-sm text-slate-600">{sent.message}</p>
          <p className="mt-1 text-sm font-medium text-slate-800">{sent.email}</p>
        </div>
        <ResendVerification credentials={{ email: sent.email, password: sent.password }} />
        <Link to={paths.login} className={buttonClasses({ variant: 'secondary', fullWidth: true })}>
          Back to sign in
        </Link>
      </div>
    );
  }

  const busy = isSubmitting;
  const [fullName, email, companyName] = watch(['fullName', 'email', 'companyName']);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      <Field label="Full name" error={errors.fullName?.message}>
        {(control) => <Input {...control} autoComplete="name" {...register('fullName')} />}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...register('email')} />}
      </Field>
      <Field label="Company name" error={errors.companyName?.message}>
        {(control) => <Input {...control} autoComplete="organization" {...register('companyName')} />}
      </Field>
      <Field label="I am a" error={errors.userType?.message}>
        {(control) => (
          <Select {...control} {...register('userType')}>
            <option value="" disabled>
              Select your role
            </option>
            <Options values={USER_TYPES} label={USER_TYPE_LABELS} />
          </Select>
        )}
      </Field>
      <NewPasswordFields
        kind="signup"
        password={register('password')}
        confirmation={register('confirmPassword')}
        errors={{ password: errors.password?.message, confirmation: errors.confirmPassword?.message }}
        userInputs={[fullName, email, companyName, 'sentinel'].filter(Boolean)}
      />
      <Checkbox
        id={termsId}
        label={
          <>
            I agree to the{' '}
            <Link to={paths.terms} target="_blank" className={linkClasses}>
              Terms of Service
            </Link>
          </>
        }
        error={errors.acceptTerms?.message}
        {...register('acceptTerms')}
      />
      <Button type="submit" fullWidth size="lg" isLoading={busy}>
        {busy ? 'Creating Account...' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to={paths.login} className={linkClasses}>
          Sign in
        </Link>
      </p>
    </form>
  );
}
