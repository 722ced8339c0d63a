import { zodResolver } from '@hookform/resolvers/zod';
import { homePathAfterSignup, MESSAGES, splitFullName, USER_TYPE_LABELS, USER_TYPES } from '@sentinel/shared';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NewPasswordFields } from '@/components/ui/password-fields';
import { Options, Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { saveSession } from '@/lib/session-store';
import {
  register as registerAccount,
  signupFormSchema,
  type SignupFormInput,
  type SignupFormValues,
} from '../api/register';
import { signupErrorMessage } from '../utils/error-messages';

const linkClasses = 'font-semibold text-brand-700 hover:text-brand-800 hover:underline';

/** Create an account (spec §2 Signup, §5 rules, §4 "Signup success"). */
export function SignupForm() {
  const navigate = useNavigate();
  const termsId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
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
      if (!answer?.token || !answer.user) {
        setFormError(MESSAGES.signupFailed);
        return;
      }
      saveSession(answer.token, answer.user);
      toast.success(MESSAGES.accountCreated);
      // Spec §4 routes by the type chosen: a property owner to /client/dashboard, where (with no
      // firm yet) the waiting screen tells them how to be added.
      await navigate(homePathAfterSignup(values.userType), { replace: true });
    } catch (error) {
      setFormError(signupErrorMessage(error));
    }
  });

  const busy = isSubmitting;

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
