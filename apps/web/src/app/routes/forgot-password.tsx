import { useLocation } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Alert } from '@/components/ui/alert';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

/** /forgot-password; the login screen may send a notice along (expired temporary password). */
export default function ForgotPasswordRoute() {
  const { state } = useLocation() as { state: { notice?: unknown } | null };
  const notice = typeof state?.notice === 'string' ? state.notice : null;
  return (
    <AuthLayout
      title="Reset your password"
      documentTitle="Forgot Password"
      description="Enter your account e-mail and we will send you a link to choose a new password."
    >
      {notice && (
        <Alert tone="error" className="mb-5">
          {notice}
        </Alert>
      )}
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
