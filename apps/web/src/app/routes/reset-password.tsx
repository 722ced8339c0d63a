import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { ResetPasswordForm, type ResetMode } from '@/features/auth/components/reset-password-form';
import { temporaryTicket } from '@/features/auth/utils/temporary-ticket';

/**
 * /reset-password?token=… (e-mailed link) or ?email=…&temporary=true (after signing in with a
 * temporary password; the ticket is in session storage). Anything else goes to /forgot-password.
 */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  // Read once: the form clears the ticket after success and must not then redirect.
  const [ticket] = useState(() => temporaryTicket.get());
  const token = params.get('token');
  const email = params.get('email');
  const temporary = params.get('temporary') === 'true';

  let mode: ResetMode | null = null;
  if (token) mode = { kind: 'token', token };
  else if (temporary && email && ticket) mode = { kind: 'temporary', email, ticket };
  if (!mode) return <Navigate to={paths.forgotPassword} replace />;

  return mode.kind === 'token' ? (
    <AuthLayout title="Choose a new password" documentTitle="Reset Password">
      <ResetPasswordForm mode={mode} />
    </AuthLayout>
  ) : (
    <AuthLayout
      title="Choose your password"
      documentTitle="Reset Password"
      description="Your temporary password has to be replaced before you can continue."
    >
      <ResetPasswordForm mode={mode} />
    </AuthLayout>
  );
}
