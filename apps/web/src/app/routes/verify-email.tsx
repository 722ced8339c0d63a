import { Navigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';
import { VerifyEmailForm } from '@/features/auth/components/verify-email-form';

/** /verify-email?token=… (the link of the sign-up e-mail). Without a token, back to /signup. */
export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <Navigate to={paths.signup} replace />;
  return (
    <AuthLayout
      title="Verify your e-mail"
      documentTitle="Verify E-mail"
      description="Enter your password to finish creating your account."
    >
      <VerifyEmailForm token={token} />
    </AuthLayout>
  );
}
