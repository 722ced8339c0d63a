import { AuthLayout } from '@/components/layouts/auth-layout';
import { SignupForm } from '@/features/auth/components/signup-form';

/** /signup. */
export default function SignupRoute() {
  return (
    <AuthLayout
      title="Create your account"
      documentTitle="Sign Up"
      description="Start your free trial of Sentinel."
    >
      <SignupForm />
    </AuthLayout>
  );
}
