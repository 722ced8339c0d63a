import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@sentinel/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { NewPasswordFields, PasswordField } from '@/components/ui/password-fields';
import { errorMessage } from '@/lib/api-client';
import { useLogout, useSession } from '@/lib/auth';
import {
  changePasswordFormSchema,
  useChangePassword,
  type ChangePasswordFormValues,
} from '../api/change-password';

/** Password tab: on success the fields are cleared, the message shown, and the user logged out. */
export function PasswordSettings() {
  const session = useSession();
  const changePassword = useChangePassword();
  const { logout } = useLogout();
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setResult(null);
    try {
      const answer = await changePassword.mutateAsync({
        userId: session?.userId,
        currentPassword,
        newPassword,
      });
      const text = answer?.message || MESSAGES.passwordUpdated;
      reset();
      setResult({ tone: 'success', text });
      toast.success(text);
      await logout();
    } catch (error) {
      setResult({
        tone: 'error',
        text: errorMessage(error, MESSAGES.passwordUpdateFailed),
      });
    }
  });

  const busy = isSubmitting || changePassword.isPending;
  return (
    <Card title="Password" description="After you change your password you will be signed out everywhere.">
      <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-5">
        {result && <Alert tone={result.tone}>{result.text}</Alert>}
        <PasswordField
          label="Current password"
          error={errors.currentPassword?.message}
          autoComplete="current-password"
          toggleLabel="Show current password"
          {...register('currentPassword')}
        />
        <NewPasswordFields
          kind="replace"
          password={register('newPassword')}
          confirmation={register('confirmPassword')}
          errors={{ password: errors.newPassword?.message, confirmation: errors.confirmPassword?.message }}
        />
        <Button type="submit" isLoading={busy}>
          {busy ? 'Updating...' : 'Update Password'}
        </Button>
      </form>
    </Card>
  );
}
