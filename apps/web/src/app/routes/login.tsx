import { AuthLayout } from '@/components/layouts/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';

/** /login and /auth/login. */
export default function LoginRoute() {
  return (
    <AuthLayout
      title="Sign in to Sentinel"
      documentTitle="Sign In"
      description="Welcome back. Sign in to continue to your cases."
    >
      <LoginForm />
    </AuthLayout>
  );
}
